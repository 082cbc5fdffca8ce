/**
 * The processor's test cards: Stripe's documented test numbers and what confirming a setup with each one does.
 * The outcome is a pure function of the card number, so every failure path is reachable on purpose and repeatable.
 * Any other number that passes the Luhn check is declined as a "live" card, as Stripe's test mode does.
 */
import type { CardBrand } from './emulator/card-rules.js';

export type CardFunding = 'credit' | 'debit' | 'prepaid' | 'unknown';

export type CardOutcome =
  | { kind: 'succeed' }
  /** Declined at confirmation: Stripe's error `code` and, for issuer declines, its `decline_code`. */
  | { kind: 'decline'; code: string; decline_code?: string }
  /** 3-D Secure is required; the cardholder then completes or fails the challenge. */
  | { kind: 'authenticate' };

export interface TestCard {
  number: string;
  brand: CardBrand;
  funding: CardFunding;
  outcome: CardOutcome;
  description: string;
}

const ok: CardOutcome = { kind: 'succeed' };
const authenticate: CardOutcome = { kind: 'authenticate' };
const decline = (code: string, decline_code?: string): CardOutcome =>
  decline_code ? { kind: 'decline', code, decline_code } : { kind: 'decline', code };

export const TEST_CARDS: readonly TestCard[] = [
  { number: '4242424242424242', brand: 'visa', funding: 'credit', outcome: ok, description: 'Visa, succeeds' },
  { number: '4000056655665556', brand: 'visa', funding: 'debit', outcome: ok, description: 'Visa debit, succeeds' },
  { number: '5555555555554444', brand: 'mastercard', funding: 'credit', outcome: ok, description: 'Mastercard, succeeds' },
  { number: '2223003122003222', brand: 'mastercard', funding: 'credit', outcome: ok, description: 'Mastercard (2-series), succeeds' },
  { number: '5200828282828210', brand: 'mastercard', funding: 'debit', outcome: ok, description: 'Mastercard debit, succeeds' },
  { number: '378282246310005', brand: 'amex', funding: 'credit', outcome: ok, description: 'American Express, succeeds' },
  { number: '371449635398431', brand: 'amex', funding: 'credit', outcome: ok, description: 'American Express, succeeds' },
  { number: '6011111111111117', brand: 'discover', funding: 'credit', outcome: ok, description: 'Discover, succeeds' },
  { number: '4000000000000002', brand: 'visa', funding: 'credit', outcome: decline('card_declined', 'generic_decline'), description: 'Generic decline' },
  { number: '4000000000009995', brand: 'visa', funding: 'credit', outcome: decline('card_declined', 'insufficient_funds'), description: 'Insufficient funds' },
  { number: '4000000000009987', brand: 'visa', funding: 'credit', outcome: decline('card_declined', 'lost_card'), description: 'Lost card' },
  { number: '4000000000009979', brand: 'visa', funding: 'credit', outcome: decline('card_declined', 'stolen_card'), description: 'Stolen card' },
  { number: '4000000000000069', brand: 'visa', funding: 'credit', outcome: decline('expired_card'), description: 'Expired card' },
  { number: '4000000000000127', brand: 'visa', funding: 'credit', outcome: decline('incorrect_cvc'), description: 'Incorrect CVC' },
  { number: '4000000000000119', brand: 'visa', funding: 'credit', outcome: decline('processing_error'), description: 'Processing error' },
  { number: '4000002500003155', brand: 'visa', funding: 'credit', outcome: authenticate, description: '3-D Secure required for setup' },
  { number: '4000002760003184', brand: 'visa', funding: 'credit', outcome: authenticate, description: '3-D Secure always required' },
  { number: '4000000000003220', brand: 'visa', funding: 'credit', outcome: authenticate, description: '3-D Secure 2 required' },
];

const byNumber = new Map(TEST_CARDS.map((card) => [card.number, card]));

export function testCard(digits: string): TestCard | undefined {
  return byNumber.get(digits);
}

/** What confirming with this (already Luhn-valid) number does; unknown numbers are "live" cards. */
export function outcomeFor(digits: string): CardOutcome {
  return testCard(digits)?.outcome ?? decline('card_declined', 'test_mode_live_card');
}
