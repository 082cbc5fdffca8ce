/** Types of card-rules.js, which is plain JavaScript because the browser emulator inlines it unchanged. */
export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay' | 'unknown';
export type ExpiryState = 'ok' | 'invalid_month' | 'invalid_year' | 'past_year' | 'past_month';

export function digitsOnly(value: unknown): string;
export function cardBrand(digits: string): CardBrand;
export function cardLengths(brand: CardBrand): number[];
export function maxCardLength(brand: CardBrand): number;
export function formatCardNumber(digits: string): string;
export function luhnValid(digits: string): boolean;
export function cvcLength(brand: CardBrand): number;
export function fullYear(year: number | string): number;
export function expiryState(month: number | string, year: number | string, now: Date): ExpiryState;
export function postalCodeValid(value: unknown): boolean;
