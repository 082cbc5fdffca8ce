import { ConnectionError, Emitter, integrationError, processorRequest } from './base.js';
import { resolveLocale, t } from './i18n.js';
import { PaymentElement } from './payment-element.js';

/** `seti_…_secret_…`: the only kind of client secret the sandbox issues (setup mode; no payment intents). */
const SETUP_SECRET = /^(seti_[A-Za-z0-9]+)_secret_[A-Za-z0-9]+$/;

export function setupIntentIdOf(clientSecret) {
  return SETUP_SECRET.exec(String(clientSecret ?? ''))?.[1] ?? null;
}

/** The Elements group returned by stripe.elements(): owns the options and its one Payment Element. */
export class ElementsGroup {
  constructor(stripe, options = {}) {
    if (options.clientSecret !== undefined && !setupIntentIdOf(options.clientSecret)) {
      throw integrationError(
        `Invalid value for elements(): clientSecret should be a setup intent client secret of the form seti_…_secret_…. You specified: ${options.clientSecret}.`,
      );
    }
    this.stripe = stripe;
    this.clientSecret = options.clientSecret ?? null;
    this.appearance = options.appearance ?? {};
    this.locale = resolveLocale(options.locale ?? stripe.locale);
    this.payment = null;
    this.events = new Emitter();
  }

  create(type, options = {}) {
    if (type !== 'payment') {
      throw integrationError(`The sandbox's Stripe.js emulator implements only the 'payment' Element, not '${type}'.`);
    }
    if (this.payment) throw integrationError('Can only create one Element of type payment.');
    this.payment = new PaymentElement(this, options);
    return this.payment;
  }

  getElement(type) {
    return type === 'payment' ? this.payment : null;
  }

  forget(element) {
    if (this.payment === element) this.payment = null;
  }

  /** Validates the Payment Element and shows its errors; Stripe's contract for deferred-intent integrations. */
  async submit() {
    if (!this.payment || !this.payment.isMounted()) {
      return { error: { type: 'validation_error', code: 'incomplete', message: t(this.locale, 'notReady') } };
    }
    const { error } = this.payment.validate();
    return error ? { error } : { selectedPaymentMethod: 'card' };
  }

  async update(options = {}) {
    if (options.locale) this.locale = resolveLocale(options.locale);
    if (options.appearance) this.appearance = options.appearance;
    this.payment?.refresh();
    this.events.emit('update-end');
  }

  on(type, handler) {
    this.events.on(type, handler);
  }

  /** Re-reads the setup intent (Stripe uses this after the server changed it). */
  async fetchUpdates() {
    const error = await this.checkIntent();
    return error ? { error: { message: error.message } } : {};
  }

  /** null when the client secret is accepted by the processor (or there is none yet), else a Stripe error. */
  async checkIntent() {
    if (!this.clientSecret) return null;
    const id = setupIntentIdOf(this.clientSecret);
    try {
      const { status, body } = await processorRequest(
        'GET',
        `setup_intents/${encodeURIComponent(id)}?client_secret=${encodeURIComponent(this.clientSecret)}`,
        this.stripe.publishableKey,
      );
      return status === 200 ? null : body.error;
    } catch (error) {
      if (!(error instanceof ConnectionError)) throw error;
      return { type: 'api_connection_error', message: t(this.locale, 'api_connection_error') };
    }
  }
}
