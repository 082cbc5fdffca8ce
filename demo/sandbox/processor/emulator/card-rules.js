/**
 * Card number, expiry and CVC rules shared by the processor (Node, authoritative) and the Stripe.js emulator
 * (browser, for inline validation), so both sides agree on what a complete, valid card is.
 * Plain ES module with no dependencies: the server imports it directly and also inlines it into /stripe.js.
 */

/** Strips everything but ASCII digits (spaces, dashes, slashes typed or pasted). */
export function digitsOnly(value) {
  return String(value ?? '').replace(/\D/g, '');
}

/** Brand from the leading digits (IIN ranges), as Stripe reports it: 'visa', 'mastercard', 'amex', … */
export function cardBrand(digits) {
  if (/^4/.test(digits)) return 'visa';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(5[1-5]|2(2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/.test(digits)) return 'mastercard';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^3(0[0-5]|[689])/.test(digits)) return 'diners';
  if (/^35/.test(digits)) return 'jcb';
  if (/^62/.test(digits)) return 'unionpay';
  return 'unknown';
}

/** Lengths a complete number of this brand may have. */
export function cardLengths(brand) {
  switch (brand) {
    case 'amex':
      return [15];
    case 'diners':
      return [14, 16];
    case 'unionpay':
      return [16, 17, 18, 19];
    default:
      return [16];
  }
}

export function maxCardLength(brand) {
  return Math.max(...cardLengths(brand));
}

/** Digit groups shown while typing: 4-6-5 for amex, 4-6-4 for 14-digit diners, else blocks of four. */
export function formatCardNumber(digits) {
  const brand = cardBrand(digits);
  const groups = brand === 'amex' || (brand === 'diners' && digits.length <= 14) ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const parts = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
}

/** The Luhn (mod 10) check every real card number passes. */
export function luhnValid(digits) {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cvcLength(brand) {
  return brand === 'amex' ? 4 : 3;
}

/** Two-digit years are this century's (cards never expire 50+ years out). */
export function fullYear(year) {
  const y = Number(year);
  return y < 100 ? 2000 + y : y;
}

/**
 * Whether an expiry is usable at `now`: a card is valid through the last day of its expiry month.
 * Returns 'ok', 'invalid_month', 'invalid_year' (not a plausible year), 'past_year' or 'past_month'.
 */
export function expiryState(month, year, now) {
  const m = Number(month);
  const y = fullYear(year);
  if (!Number.isInteger(m) || m < 1 || m > 12) return 'invalid_month';
  if (!Number.isInteger(y) || y > now.getFullYear() + 50) return 'invalid_year';
  if (y < now.getFullYear()) return 'past_year';
  if (y === now.getFullYear() && m < now.getMonth() + 1) return 'past_month';
  return 'ok';
}

/** US ZIP code: the service is Texas-only, so five digits (ZIP+4 is not asked for). */
export function postalCodeValid(value) {
  return /^\d{5}$/.test(String(value ?? ''));
}
