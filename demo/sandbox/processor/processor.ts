/**
 * The card processor emulator: setup intents and card payment methods, with Stripe's test-card behaviour.
 * The sandbox core creates a setup intent per payment session and later checks the payment method the flow reports;
 * the browser's Stripe.js emulator confirms the intent (and runs 3-D Secure) through ./routes.ts.
 *
 * Setup intent states: requires_payment_method → (confirm) → succeeded
 *                                               → requires_action (3-D Secure) → succeeded | requires_payment_method
 * A decline leaves it in requires_payment_method with last_setup_error, so the same client secret can be retried.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { cardBrand, cvcLength, digitsOnly, expiryState, fullYear, luhnValid, postalCodeValid } from './emulator/card-rules.js';
import type { CardBrand } from './emulator/card-rules.js';
import { outcomeFor, testCard, type CardFunding } from './cards.js';
import { authenticationFailure, cardError, postalCodeInvalid, requestError, type ProcessorError } from './errors.js';

export type SetupIntentStatus = 'requires_payment_method' | 'requires_action' | 'succeeded';

export interface SetupIntentRecord {
  id: string;
  object: 'setup_intent';
  client_secret: string;
  customer_ref: string;
  status: SetupIntentStatus;
  /** Unix seconds, like Stripe. */
  created: number;
  livemode: false;
  usage: 'off_session';
  payment_method_types: ['card'];
  payment_method: string | null;
  last_setup_error: ProcessorError | null;
  /** Set while 3-D Secure is pending; the token authenticates the challenge page's answer. */
  next_action: { type: 'use_stripe_sdk'; use_stripe_sdk: { type: 'three_d_secure_redirect'; challenge_token: string } } | null;
}

/** Mirrors its setup intent: 'requires_action' while 3-D Secure is pending, 'succeeded' once usable, else 'failed'. */
export type PaymentMethodStatus = 'requires_action' | 'succeeded' | 'failed';

export interface PaymentMethodRecord {
  id: string;
  object: 'payment_method';
  type: 'card';
  created: number;
  card: { brand: CardBrand; last4: string; exp_month: number; exp_year: number; funding: CardFunding };
  billing_details: { postal_code: string };
  setup_intent_id: string;
  customer_ref: string;
  status: PaymentMethodStatus;
}

/** Card data as the emulator posts it; every field is checked here, never trusted. */
export interface CardInput {
  number?: unknown;
  exp_month?: unknown;
  exp_year?: unknown;
  cvc?: unknown;
  postal_code?: unknown;
}

export type ProcessorResult =
  | { ok: true; setupIntent: SetupIntentRecord }
  | { ok: false; status: 400 | 402 | 404; error: ProcessorError };

export type ChallengeOutcome = 'complete' | 'fail';

interface Challenge {
  setupIntentId: string;
  paymentMethodId: string;
  outcome?: ChallengeOutcome;
}

const SECRET_SEPARATOR = '_secret_';

function randomId(prefix: string): string {
  // 24 base62-ish characters like Stripe ids; base64url minus the two symbols keeps ids copy-paste friendly.
  return prefix + randomBytes(24).toString('base64url').replace(/[-_]/g, '').slice(0, 24);
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export class Processor {
  readonly publicKey: string;
  private readonly now: () => Date;
  private readonly intents = new Map<string, SetupIntentRecord>();
  private readonly methods = new Map<string, PaymentMethodRecord>();
  private readonly challenges = new Map<string, Challenge>();

  constructor(opts: { publicKey: string; now?: () => Date }) {
    this.publicKey = opts.publicKey;
    this.now = opts.now ?? (() => new Date());
  }

  createSetupIntent(customerRef: string): { id: string; client_secret: string } {
    const id = randomId('seti_');
    const client_secret = `${id}${SECRET_SEPARATOR}${randomId('')}`;
    this.intents.set(id, {
      id,
      object: 'setup_intent',
      client_secret,
      customer_ref: customerRef,
      status: 'requires_payment_method',
      created: this.unixNow(),
      livemode: false,
      usage: 'off_session',
      payment_method_types: ['card'],
      payment_method: null,
      last_setup_error: null,
      next_action: null,
    });
    return { id, client_secret };
  }

  /** Copies, so callers cannot change the processor's state behind its back. */
  getSetupIntent(id: string): SetupIntentRecord | undefined {
    const intent = this.intents.get(id);
    return intent && structuredClone(intent);
  }

  getPaymentMethod(id: string): PaymentMethodRecord | undefined {
    const method = this.methods.get(id);
    return method && structuredClone(method);
  }

  paymentMethodsOf(customerRef: string): PaymentMethodRecord[] {
    return [...this.methods.values()].filter((m) => m.customer_ref === customerRef).map((m) => structuredClone(m));
  }

  isPublishableKey(key: string | undefined): boolean {
    return typeof key === 'string' && sameSecret(key, this.publicKey);
  }

  /** The setup intent a client secret belongs to, or undefined when the secret is not exactly one we issued. */
  setupIntentForSecret(clientSecret: unknown): SetupIntentRecord | undefined {
    if (typeof clientSecret !== 'string') return undefined;
    const id = clientSecret.split(SECRET_SEPARATOR)[0] ?? '';
    const intent = this.intents.get(id);
    return intent && sameSecret(intent.client_secret, clientSecret) ? structuredClone(intent) : undefined;
  }

  /** Confirms a setup intent with card details: validation, then the outcome the test card number decides. */
  confirmSetupIntent(clientSecret: unknown, card: CardInput): ProcessorResult {
    const found = this.setupIntentForSecret(clientSecret);
    if (!found) return this.noSuchIntent(clientSecret);
    const intent = this.intents.get(found.id)!;
    if (intent.status === 'succeeded') {
      return {
        ok: false,
        status: 400,
        error: requestError(
          'setup_intent_unexpected_state',
          'You cannot confirm this SetupIntent because it has already succeeded after being previously confirmed.',
        ),
      };
    }
    // Card details that fail validation are refused before anything changes (a pending challenge stays answerable).
    const checked = this.validateCard(card);
    if ('error' in checked) return { ok: false, status: checked.error.type === 'card_error' ? 402 : 400, error: checked.error };
    // Confirming again while 3-D Secure is pending abandons that attempt, as a fresh confirmation does at Stripe.
    this.abandonPendingChallenge(intent);

    const outcome = outcomeFor(checked.number);
    if (outcome.kind === 'decline') {
      const error = cardError(outcome.code, outcome.decline_code ? { decline_code: outcome.decline_code } : {});
      Object.assign(intent, { status: 'requires_payment_method', payment_method: null, last_setup_error: error, next_action: null });
      return { ok: false, status: 402, error };
    }

    const method = this.createPaymentMethod(intent, checked, outcome.kind === 'succeed' ? 'succeeded' : 'requires_action');
    if (outcome.kind === 'succeed') {
      Object.assign(intent, { status: 'succeeded', payment_method: method.id, last_setup_error: null, next_action: null });
    } else {
      const token = randomId('');
      this.challenges.set(token, { setupIntentId: intent.id, paymentMethodId: method.id });
      Object.assign(intent, {
        status: 'requires_action',
        payment_method: method.id,
        last_setup_error: null,
        next_action: { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect', challenge_token: token } },
      });
    }
    return { ok: true, setupIntent: structuredClone(intent) };
  }

  /** Whether a challenge token is the pending (or answered) one of this setup intent: the challenge page's check. */
  challengeMatches(setupIntentId: string, token: unknown): boolean {
    return typeof token === 'string' && this.challenges.get(token)?.setupIntentId === setupIntentId;
  }

  /**
   * The cardholder's answer on the 3-D Secure page. Answering the same way twice (a double click, a resubmitted
   * form) returns the settled intent again; a different answer after the first is refused.
   */
  authenticate(setupIntentId: string, token: unknown, outcome: ChallengeOutcome): ProcessorResult {
    const challenge = typeof token === 'string' ? this.challenges.get(token) : undefined;
    const intent = this.intents.get(setupIntentId);
    if (!challenge || !intent || challenge.setupIntentId !== setupIntentId) {
      return { ok: false, status: 404, error: requestError('resource_missing', 'No such 3-D Secure challenge.') };
    }
    if (challenge.outcome) {
      if (challenge.outcome === outcome) return { ok: true, setupIntent: structuredClone(intent) };
      return { ok: false, status: 400, error: requestError('challenge_already_answered', 'This challenge was already answered.') };
    }
    challenge.outcome = outcome;
    const method = this.methods.get(challenge.paymentMethodId)!;
    if (outcome === 'complete') {
      method.status = 'succeeded';
      Object.assign(intent, { status: 'succeeded', next_action: null, last_setup_error: null });
    } else {
      method.status = 'failed';
      Object.assign(intent, {
        status: 'requires_payment_method',
        payment_method: null,
        next_action: null,
        last_setup_error: authenticationFailure(),
      });
    }
    return { ok: true, setupIntent: structuredClone(intent) };
  }

  private noSuchIntent(clientSecret: unknown): ProcessorResult {
    const id = typeof clientSecret === 'string' ? clientSecret.split(SECRET_SEPARATOR)[0] : '';
    return {
      ok: false,
      status: 404,
      error: requestError('resource_missing', `No such setupintent: '${id ?? ''}'`, 'client_secret'),
    };
  }

  private abandonPendingChallenge(intent: SetupIntentRecord): void {
    const token = intent.next_action?.use_stripe_sdk.challenge_token;
    if (!token) return;
    const challenge = this.challenges.get(token);
    if (challenge && !challenge.outcome) {
      this.challenges.delete(token);
      const method = this.methods.get(challenge.paymentMethodId);
      if (method) method.status = 'failed';
    }
    Object.assign(intent, { status: 'requires_payment_method', payment_method: null, next_action: null });
  }

  private validateCard(card: CardInput):
    | { error: ProcessorError }
    | { number: string; exp_month: number; exp_year: number; postal_code: string } {
    const number = typeof card.number === 'string' ? digitsOnly(card.number) : '';
    if (!/^\d{12,19}$/.test(number)) return { error: cardError('invalid_number', { param: 'card[number]' }) };
    if (!luhnValid(number)) return { error: cardError('incorrect_number', { param: 'card[number]' }) };

    const month = Number(card.exp_month);
    const year = fullYear(Number(card.exp_year));
    switch (expiryState(month, year, this.now())) {
      case 'invalid_month':
        return { error: cardError('invalid_expiry_month', { param: 'card[exp_month]' }) };
      case 'invalid_year':
        return { error: cardError('invalid_expiry_year', { param: 'card[exp_year]' }) };
      case 'past_year':
        return { error: cardError('invalid_expiry_year', { param: 'card[exp_year]', message: "Your card's expiration date is in the past." }) };
      case 'past_month':
        return { error: cardError('invalid_expiry_month', { param: 'card[exp_month]', message: "Your card's expiration date is in the past." }) };
      case 'ok':
        break;
    }

    const brand = testCard(number)?.brand ?? cardBrand(number);
    const cvc = typeof card.cvc === 'string' ? card.cvc : '';
    if (!new RegExp(`^\\d{${cvcLength(brand)}}$`).test(cvc)) return { error: cardError('invalid_cvc', { param: 'card[cvc]' }) };
    if (!postalCodeValid(card.postal_code)) return { error: postalCodeInvalid() };
    return { number, exp_month: month, exp_year: year, postal_code: String(card.postal_code) };
  }

  private createPaymentMethod(
    intent: SetupIntentRecord,
    card: { number: string; exp_month: number; exp_year: number; postal_code: string },
    status: PaymentMethodStatus,
  ): PaymentMethodRecord {
    const known = testCard(card.number);
    const method: PaymentMethodRecord = {
      id: randomId('pm_'),
      object: 'payment_method',
      type: 'card',
      created: this.unixNow(),
      card: {
        brand: known?.brand ?? cardBrand(card.number),
        last4: card.number.slice(-4),
        exp_month: card.exp_month,
        exp_year: card.exp_year,
        funding: known?.funding ?? 'unknown',
      },
      billing_details: { postal_code: card.postal_code },
      setup_intent_id: intent.id,
      customer_ref: intent.customer_ref,
      status,
    };
    this.methods.set(method.id, method);
    return method;
  }

  private unixNow(): number {
    return Math.floor(this.now().getTime() / 1000);
  }
}
