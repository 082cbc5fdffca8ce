import { ConnectionError, integrationError, processorRequest } from './base.js';
import { ElementsGroup, setupIntentIdOf } from './elements.js';
import { localizeError, resolveLocale, t } from './i18n.js';
import { runChallenge } from './three-ds.js';

/**
 * window.Stripe: the part of Stripe.js the flow uses, backed by the sandbox's processor.
 *   Stripe(publishableKey, { locale? }) → { elements(), confirmSetup(), retrieveSetupIntent() }
 * Stripe.version is the release train @stripe/stripe-js 10.x expects ('endive'), so loadStripe() accepts this
 * script as the real one without a version warning.
 */

const RELEASE_TRAIN = 'endive';

function connectionError(locale) {
  return { type: 'api_connection_error', message: t(locale, 'api_connection_error') };
}

function withSetupIntent(error, setupIntent) {
  return setupIntent ? { ...error, setup_intent: setupIntent } : error;
}

/** Stripe's payment_method_data: the card, and billing details with the ZIP (plus any the integrator passed). */
function cardPaymentMethodData(card, confirmParams) {
  const { postal_code, ...cardFields } = card;
  const billing = confirmParams.payment_method_data?.billing_details ?? {};
  return {
    type: 'card',
    card: cardFields,
    billing_details: { ...billing, address: { ...(billing.address ?? {}), postal_code } },
  };
}

class StripeInstance {
  constructor(publishableKey, options = {}) {
    this.publishableKey = publishableKey;
    this.locale = options.locale;
    this.wrappers = [];
    this.inFlight = new WeakMap();
  }

  elements(options = {}) {
    return new ElementsGroup(this, options);
  }

  /** The setup intent, or `{ error }`: what stripe.retrieveSetupIntent resolves to. */
  async retrieveSetupIntent(clientSecret) {
    const id = setupIntentIdOf(clientSecret);
    if (!id) throw integrationError('Invalid value for retrieveSetupIntent: expected a client secret of the form seti_…_secret_….');
    const locale = resolveLocale(this.locale);
    try {
      const path = `setup_intents/${encodeURIComponent(id)}?client_secret=${encodeURIComponent(clientSecret)}`;
      const { status, body } = await processorRequest('GET', path, this.publishableKey);
      return status === 200 ? { setupIntent: body } : { error: localizeError(locale, body.error) };
    } catch (error) {
      if (error instanceof ConnectionError) return { error: connectionError(locale) };
      throw error;
    }
  }

  /**
   * Confirms the setup intent with the Payment Element's card. A second call while one is in flight for the same
   * Elements group returns the first call's promise, so a double click can never confirm twice.
   */
  confirmSetup(params) {
    if (!params || typeof params !== 'object') throw integrationError('stripe.confirmSetup(): expected an object argument.');
    const { elements, confirmParams = {}, redirect = 'always' } = params;
    if (redirect !== 'always' && redirect !== 'if_required') {
      throw integrationError(`stripe.confirmSetup(): redirect must be 'always' or 'if_required', not '${redirect}'.`);
    }
    if (redirect === 'always' && !confirmParams.return_url) {
      throw integrationError("stripe.confirmSetup(): the `confirmParams.return_url` argument is required unless passing `redirect: 'if_required'`.");
    }
    if (!(elements instanceof ElementsGroup)) throw integrationError('stripe.confirmSetup(): `elements` must be the group returned by stripe.elements().');
    const clientSecret = params.clientSecret ?? elements.clientSecret;
    if (!setupIntentIdOf(clientSecret)) {
      throw integrationError('stripe.confirmSetup(): pass `clientSecret`, or create the elements with one (seti_…_secret_…).');
    }
    const element = elements.getElement('payment');
    if (!element || !element.isMounted()) throw integrationError('stripe.confirmSetup(): mount the Payment Element before confirming.');

    const pending = this.inFlight.get(elements);
    if (pending) return pending;
    const run = this.confirmWithElement(element, elements.locale, clientSecret, confirmParams).then((result) => {
      if (redirect === 'always' && result.setupIntent) return this.redirectAfterSetup(confirmParams.return_url, result.setupIntent);
      return result;
    });
    const tracked = run.finally(() => this.inFlight.delete(elements));
    this.inFlight.set(elements, tracked);
    return tracked;
  }

  async confirmWithElement(element, locale, clientSecret, confirmParams) {
    const { error: invalid } = element.validate();
    if (invalid) return { error: invalid };
    const id = setupIntentIdOf(clientSecret);
    element.setBusy(true);
    try {
      const confirmed = await processorRequest('POST', `setup_intents/${encodeURIComponent(id)}/confirm`, this.publishableKey, {
        client_secret: clientSecret,
        payment_method_data: cardPaymentMethodData(element.cardData(confirmParams), confirmParams),
        return_url: confirmParams.return_url,
      });
      if (confirmed.status !== 200) {
        const error = localizeError(locale, confirmed.body.error);
        element.showProcessorError(error);
        return { error: withSetupIntent(error, confirmed.body.error?.setup_intent) };
      }
      let setupIntent = confirmed.body;
      if (setupIntent.status === 'requires_action') {
        const settled = await this.authenticate(setupIntent, locale, clientSecret);
        if (settled.error) return settled;
        setupIntent = settled.setupIntent;
      }
      if (setupIntent.status === 'succeeded') return { setupIntent };
      // Still pending (the cancel request was lost): report the authentication as failed, as Stripe does on close.
      const failure = setupIntent.last_setup_error ?? {
        type: 'invalid_request_error',
        code: 'setup_intent_authentication_failure',
        message: t(locale, 'setup_intent_authentication_failure'),
      };
      return { error: withSetupIntent(localizeError(locale, failure), setupIntent) };
    } catch (error) {
      if (error instanceof ConnectionError) return { error: connectionError(locale) };
      throw error;
    } finally {
      element.setBusy(false);
    }
  }

  /** Shows the 3-D Secure dialog, then reads the settled setup intent. Cancel counts as a failed authentication. */
  async authenticate(setupIntent, locale, clientSecret) {
    const url = setupIntent.next_action?.use_stripe_sdk?.stripe_js;
    if (!url) throw new Error('Stripe.js emulator: the processor asked for 3-D Secure without a challenge URL.');
    await runChallenge({
      url,
      locale,
      isSettled: async () => {
        const { setupIntent: latest } = await this.retrieveSetupIntent(clientSecret);
        return Boolean(latest) && latest.status !== 'requires_action';
      },
      cancel: () => this.answerChallenge(url, 'fail'),
    });
    return this.retrieveSetupIntent(clientSecret);
  }

  async answerChallenge(url, outcome) {
    const challenge = new URL(url);
    await fetch(challenge.href, {
      method: 'POST',
      mode: 'cors',
      credentials: 'omit',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ challenge: challenge.searchParams.get('challenge'), outcome }),
    });
  }

  /** redirect: 'always' — go to return_url with Stripe's query parameters; the promise then never settles. */
  redirectAfterSetup(returnUrl, setupIntent) {
    const target = new URL(returnUrl, window.location.href);
    target.searchParams.set('setup_intent', setupIntent.id);
    target.searchParams.set('setup_intent_client_secret', setupIntent.client_secret);
    target.searchParams.set('redirect_status', 'succeeded');
    window.location.assign(target.href);
    return new Promise(() => {});
  }

  /** loadStripe() registers itself here on real Stripe.js; recorded for debugging only. */
  _registerWrapper(wrapper) {
    this.wrappers.push(wrapper);
  }
}

function Stripe(publishableKey, options) {
  if (typeof publishableKey !== 'string' || publishableKey === '') {
    throw integrationError('Please call Stripe() with your publishable key. You used an empty string.');
  }
  if (/^(sk|rk)_/.test(publishableKey)) {
    throw integrationError('You should not use your secret key with Stripe.js. Please pass a publishable key instead.');
  }
  return new StripeInstance(publishableKey, options);
}

Stripe.version = RELEASE_TRAIN;
Stripe.sandboxEmulator = true;
window.Stripe = Stripe;
