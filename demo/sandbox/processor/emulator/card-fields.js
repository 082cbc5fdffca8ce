import {
  cardBrand,
  cardLengths,
  cvcLength,
  digitsOnly,
  expiryState,
  formatCardNumber,
  luhnValid,
  maxCardLength,
  postalCodeValid,
} from './card-rules.js';

/**
 * Formatting while typing and validation of the Payment Element's four fields, on the raw text of each input.
 * Error codes are Stripe's validation_error codes (incomplete_number, invalid_expiry_year_past, …).
 */

export const FIELD_KEYS = ['number', 'expiry', 'cvc', 'postal'];

/** "MM / YY": a first digit above 1 can only be a month's second digit, so "4" becomes "04 / ". */
function formatExpiry(digits, deleting) {
  let d = digits.slice(0, 4);
  if (d.length === 1 && Number(d) > 1) d = `0${d}`;
  if (d.length < 2) return d;
  // Adding the separator while the user deletes would put back what they just removed.
  if (d.length === 2) return deleting ? d : `${d} / `;
  return `${d.slice(0, 2)} / ${d.slice(2)}`;
}

/** CVC length follows the number's brand; before a number is typed, allow the longest (amex, 4). */
function cvcMaxLength(numberValue) {
  const digits = digitsOnly(numberValue);
  return digits ? cvcLength(cardBrand(digits)) : 4;
}

/** The field's text as it should read after the user typed or pasted `raw`. */
export function formatField(key, raw, values, { deleting = false } = {}) {
  const digits = digitsOnly(raw);
  switch (key) {
    case 'number':
      return formatCardNumber(digits.slice(0, maxCardLength(cardBrand(digits))));
    case 'expiry':
      return formatExpiry(digits, deleting);
    case 'cvc':
      return digits.slice(0, cvcMaxLength(values.number));
    case 'postal':
      return digits.slice(0, 5);
    default:
      return raw;
  }
}

const EXPIRY_ERRORS = {
  invalid_month: 'invalid_expiry_month',
  invalid_year: 'invalid_expiry_year',
  past_year: 'invalid_expiry_year_past',
  past_month: 'invalid_expiry_month_past',
};

/** `{ error }`: null when the field is complete and valid, else the validation_error code; `brand` for the number. */
export function fieldState(key, values, now) {
  switch (key) {
    case 'number': {
      const digits = digitsOnly(values.number);
      const brand = cardBrand(digits);
      let error = null;
      if (!cardLengths(brand).includes(digits.length)) error = 'incomplete_number';
      else if (!luhnValid(digits)) error = 'invalid_number';
      return { error, brand };
    }
    case 'expiry': {
      const digits = digitsOnly(values.expiry);
      if (digits.length < 4) return { error: 'incomplete_expiry' };
      const state = expiryState(digits.slice(0, 2), digits.slice(2, 4), now);
      return { error: EXPIRY_ERRORS[state] ?? null };
    }
    case 'cvc': {
      const digits = digitsOnly(values.number);
      const needed = cvcLength(cardBrand(digits));
      return { error: digitsOnly(values.cvc).length === needed ? null : 'incomplete_cvc' };
    }
    case 'postal':
      return { error: postalCodeValid(values.postal) ? null : 'incomplete_zip' };
    default:
      return { error: null };
  }
}
