import type { PaymentMethod } from '../../api/types.js';

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** "Visa", "Mastercard"…: brand names are proper nouns, the same in every language. */
export function brandName(brand: string): string {
  return BRANDS[brand.toLowerCase()] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
}

/**
 * 08/2030 in the customer's locale (the card's own month and year, no day). The month keeps two digits as printed on
 * the card: Spanish formats without a region drop the leading zero ("8/2030") even when asked for two digits.
 */
export function expiry(card: PaymentMethod, locale: string): string {
  const date = new Date(Date.UTC(card.card_exp_year, card.card_exp_month - 1, 1));
  return new Intl.DateTimeFormat(locale, { month: '2-digit', year: 'numeric', timeZone: 'UTC' })
    .formatToParts(date)
    .map((p) => (p.type === 'month' ? p.value.padStart(2, '0') : p.value))
    .join('');
}
