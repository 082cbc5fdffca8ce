/**
 * Stripe-shaped errors. The processor emulates the card processor's API, not the service's, so its endpoints answer
 * with Stripe's `{ error: { type, code, decline_code?, message, param? } }` that Stripe.js turns into `result.error`.
 * Messages are Stripe's English ones; the browser emulator substitutes Spanish ones by code when the locale is 'es'.
 */
export type ProcessorErrorType = 'card_error' | 'invalid_request_error' | 'authentication_error' | 'api_error';

export interface ProcessorError {
  type: ProcessorErrorType;
  code: string;
  decline_code?: string;
  message: string;
  param?: string;
}

const MESSAGES: Record<string, string> = {
  generic_decline: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  lost_card: 'Your card was declined.',
  stolen_card: 'Your card was declined.',
  test_mode_live_card:
    'Your card was declined. Your request was in test mode, but used a card that is not a sandbox test card.',
  card_declined: 'Your card was declined.',
  expired_card: 'Your card has expired.',
  incorrect_cvc: "Your card's security code is incorrect.",
  processing_error: 'An error occurred while processing your card. Try again in a little bit.',
  incorrect_number: 'Your card number is incorrect.',
  invalid_number: 'Your card number is invalid.',
  invalid_expiry_month: "Your card's expiration month is invalid.",
  invalid_expiry_year: "Your card's expiration year is invalid.",
  expiry_past: "Your card's expiration date is in the past.",
  invalid_cvc: "Your card's security code is invalid.",
  postal_code_invalid: 'Your postal code is invalid.',
  setup_intent_authentication_failure:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
};

/** A decline or a card-data error (HTTP 402 for declines, 400 for malformed data, as Stripe answers). */
export function cardError(code: string, opts: { decline_code?: string; param?: string; message?: string } = {}): ProcessorError {
  const error: ProcessorError = {
    type: 'card_error',
    code,
    message: opts.message ?? MESSAGES[opts.decline_code ?? code] ?? MESSAGES[code] ?? 'Your card was declined.',
  };
  if (opts.decline_code) error.decline_code = opts.decline_code;
  if (opts.param) error.param = opts.param;
  return error;
}

export function requestError(code: string, message: string, param?: string): ProcessorError {
  return param ? { type: 'invalid_request_error', code, message, param } : { type: 'invalid_request_error', code, message };
}

export function authenticationFailure(): ProcessorError {
  return requestError('setup_intent_authentication_failure', MESSAGES.setup_intent_authentication_failure);
}

export function postalCodeInvalid(): ProcessorError {
  return requestError('postal_code_invalid', MESSAGES.postal_code_invalid, 'billing_details[address][postal_code]');
}
