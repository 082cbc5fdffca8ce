/**
 * The card step (sf-step-payment) against a processor that keeps state as Stripe does: a lost confirmation answer,
 * a second card after Back, a language switch during a confirmation, the processor's own hiccup.
 *
 * A Stripe.js stand-in of its own, installed as `window.Stripe` before the adapter's first `loadStripe`, which models
 * the processor the way the sandbox's emulator (demo/sandbox/processor) and Stripe do: one SetupIntent per payment
 * session (per client secret); a confirmation that succeeded leaves the intent `succeeded`, so confirming it again is
 * `setup_intent_unexpected_state`; `retrieveSetupIntent` reads it; an error's `message` is in the Elements locale as
 * it was when the confirmation started (the emulator's `confirmWithElement(element, elements.locale, …)`).
 */
import { expect, html, oneEvent } from '@open-wc/testing';
import '../../src/steps/payment/payment.js';
import type { SfStepPayment } from '../../src/steps/payment/payment.js';
import type { StepCompleteEvent } from '../../src/contract/events.js';
import { setLocale } from '../../src/i18n/localization.js';
import { FakeApi, button, deferred, detach, makeAccount, mount, q, qMaybe, settle, text, until } from './harness.js';

type StripeError = { type: string; code?: string; decline_code?: string; message?: string };
type ConfirmAnswer = { error: StripeError } | { setupIntent: { status: string; payment_method: string } };

interface Intent {
  status: 'requires_payment_method' | 'succeeded';
  paymentMethod: string | null;
}

/** What the next confirmation does with the intent (an entry per confirmation, in order). */
type Step = (intent: Intent, locale: string) => ConfirmAnswer | Promise<ConfirmAnswer>;

const processor = {
  intents: new Map<string, Intent>(),
  script: [] as Step[],
  confirmCalls: 0,
  retrieveCalls: 0,
};

/** The confirmation succeeds with `pm`. */
const ok =
  (pm: string): Step =>
  (intent) => {
    Object.assign(intent, { status: 'succeeded', paymentMethod: pm });
    return { setupIntent: { status: 'succeeded', payment_method: pm } };
  };

/** The processor saved the card (`pm`), but its answer never reached the browser: Stripe.js says api_connection_error. */
const lostAnswer =
  (pm: string): Step =>
  (intent) => {
    Object.assign(intent, { status: 'succeeded', paymentMethod: pm });
    return { error: { type: 'api_connection_error', message: 'We could not reach the payment processor. Check your connection and try again.' } };
  };

const cardError =
  (error: Omit<StripeError, 'type'>): Step =>
  () => ({ error: { ...error, type: 'card_error' } });

function resetProcessor(script: Step[]): void {
  processor.intents.clear();
  processor.script = script;
  processor.confirmCalls = 0;
  processor.retrieveCalls = 0;
}

function FakeStripe() {
  return {
    elements(options: { clientSecret: string; locale: string }) {
      let locale = options.locale;
      if (!processor.intents.has(options.clientSecret)) {
        processor.intents.set(options.clientSecret, { status: 'requires_payment_method', paymentMethod: null });
      }
      let node: HTMLElement | undefined;
      const listeners = new Map<string, Array<(e: unknown) => void>>();
      const element = {
        on(event: string, cb: (e: unknown) => void) {
          listeners.set(event, [...(listeners.get(event) ?? []), cb]);
          return element;
        },
        mount(target: HTMLElement) {
          if (target.getRootNode() instanceof ShadowRoot) throw new Error('Elements cannot be mounted in a ShadowRoot.');
          node = document.createElement('div');
          node.className = 'fake-payment-element';
          node.innerHTML = '<label>Card number <input></label>';
          // Typing changes the element, as the Payment Element says with `change`.
          node.querySelector('input')!.addEventListener('input', (e) => {
            const empty = (e.target as HTMLInputElement).value === '';
            listeners.get('change')?.forEach((cb) => cb({ elementType: 'payment', empty, complete: false }));
          });
          target.append(node);
          setTimeout(() => listeners.get('ready')?.forEach((cb) => cb({ elementType: 'payment' })), 0);
        },
        update() {
          return element;
        },
        focus() {
          node?.querySelector('input')?.focus();
        },
        destroy() {
          node?.remove();
        },
      };
      return {
        clientSecret: options.clientSecret,
        get locale() {
          return locale;
        },
        create: () => element,
        update(opts: { locale?: string }) {
          if (opts.locale) locale = opts.locale;
        },
      };
    },
    async confirmSetup({ elements }: { elements: { clientSecret: string; locale: string } }): Promise<ConfirmAnswer> {
      const locale = elements.locale;
      const intent = processor.intents.get(elements.clientSecret)!;
      processor.confirmCalls += 1;
      if (intent.status === 'succeeded') {
        return {
          error: {
            type: 'invalid_request_error',
            code: 'setup_intent_unexpected_state',
            message: 'You cannot confirm this SetupIntent because it has already succeeded after being previously confirmed.',
          },
        };
      }
      const step = processor.script.shift();
      if (!step) throw new Error('fake processor: no confirmation scripted');
      return step(intent, locale);
    },
    async retrieveSetupIntent(clientSecret: string) {
      processor.retrieveCalls += 1;
      const intent = processor.intents.get(clientSecret);
      if (!intent) return { error: { type: 'invalid_request_error', code: 'resource_missing' } };
      return { setupIntent: { status: intent.status, payment_method: intent.paymentMethod, client_secret: clientSecret } };
    },
  };
}
FakeStripe.version = 'endive';
(window as unknown as { Stripe: unknown }).Stripe = FakeStripe;

let sessions = 0;

function paymentApi(): FakeApi {
  return new FakeApi()
    .on('createPaymentSession', async () => {
      sessions += 1;
      return { client_secret: `seti_${sessions}_secret_abc`, stripe_public_key: 'pk_test_zz' };
    })
    .on('ensurePaymentMethodAdded', async () => makeAccount({}, { has_payment_method: true }));
}

async function ready(el: SfStepPayment): Promise<HTMLButtonElement> {
  await until(() => {
    const submit = el.shadowRoot!.querySelector<HTMLButtonElement>('button[type="submit"]');
    return Boolean(submit && !submit.disabled);
  }, 'card form ready');
  return button(el, /Save card|Guardar tarjeta/);
}

const alertText = (el: SfStepPayment) => text(q(el, '.alert.error'));

describe('sf-step-payment against a processor that keeps state', () => {
  it('a confirmation whose answer was lost (the card saved at the processor): the step asks where it stands and saves that card', async () => {
    resetProcessor([lostAnswer('pm_lost')]);
    const fake = paymentApi();
    const el = await mount<SfStepPayment>(fake.api, html`<sf-step-payment .account=${makeAccount()} .draft=${{}}></sf-step-payment>`);
    const done = oneEvent(el, 'sf-step-complete') as Promise<StepCompleteEvent>;
    (await ready(el)).click();
    await done;
    // Not "Your card was not saved", then "already succeeded" on every later try: the processor was asked.
    expect(processor.confirmCalls).to.equal(1);
    expect(processor.retrieveCalls).to.equal(1);
    expect(fake.callsOf('ensurePaymentMethodAdded').map((c) => c.args[0])).to.deep.equal(['pm_lost']);
    expect(qMaybe(el, '.alert.error')).to.equal(null);
  });

  it('a second confirmation refused because the first one (whose answer was lost) set the card up: that card is saved', async () => {
    // What the processor did with the first try is only known by asking: here the first answer says it failed.
    resetProcessor([
      (intent) => {
        Object.assign(intent, { status: 'succeeded', paymentMethod: 'pm_first_try' });
        return { error: { type: 'card_error', code: 'processing_error', message: 'An error occurred while processing your card. Try again in a little bit.' } };
      },
    ]);
    const fake = paymentApi();
    const el = await mount<SfStepPayment>(fake.api, html`<sf-step-payment .account=${makeAccount()} .draft=${{}}></sf-step-payment>`);
    (await ready(el)).click();
    await until(() => qMaybe(el, '.alert.error') !== null, 'the processor\'s hiccup is said');
    const done = oneEvent(el, 'sf-step-complete') as Promise<StepCompleteEvent>;
    (await ready(el)).click();
    await done;
    expect(fake.callsOf('ensurePaymentMethodAdded').map((c) => c.args[0])).to.deep.equal(['pm_first_try']);
  });

  it('Back from the review to the card step: a new card typed there is the card saved, not the first one again', async () => {
    resetProcessor([ok('pm_first'), ok('pm_second')]);
    const fake = paymentApi();
    const el = await mount<SfStepPayment>(fake.api, html`<sf-step-payment .account=${makeAccount()} .draft=${{}}></sf-step-payment>`);
    let done = oneEvent(el, 'sf-step-complete');
    (await ready(el)).click();
    await done;
    expect(fake.callsOf('ensurePaymentMethodAdded').map((c) => c.args[0])).to.deep.equal(['pm_first']);

    // The review's Back: the root puts the same element back (flow.ts _element, state.ts go(…, back)).
    const putBack = detach(el);
    el.account = makeAccount({}, { has_payment_method: true });
    putBack();
    await settle(el);
    // If the step offers the card on file, the customer chooses Replace.
    const current = qMaybe(el, 'sf-current-card');
    if (current) {
      await settle(current);
      button(current, 'Replace').click();
    }
    done = oneEvent(el, 'sf-step-complete');
    (await ready(el)).click();
    await done;
    expect(processor.confirmCalls, 'the new card was confirmed with the processor').to.equal(2);
    expect(fake.callsOf('ensurePaymentMethodAdded').map((c) => c.args[0])).to.deep.equal(['pm_first', 'pm_second']);
  });

  it('a language switch while the card is being confirmed: the decline is not said in the language the form left', async () => {
    const answer = deferred<ConfirmAnswer>();
    resetProcessor([() => answer.promise]);
    const el = await mount<SfStepPayment>(paymentApi().api, html`<sf-step-payment .account=${makeAccount()} .draft=${{}}></sf-step-payment>`);
    (await ready(el)).click();
    await until(() => processor.confirmCalls === 1, 'confirming');
    try {
      // The header's language button is not inert while the card is confirmed (only a 3-D Secure dialog makes it so).
      await setLocale('es');
      await until(() => text(el).includes('Agregue una tarjeta'), 'the step in Spanish');
      // The processor answers in the locale the confirmation started with (English).
      answer.resolve({ error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } });
      await until(() => qMaybe(el, '.alert.error') !== null, 'the decline is said');
      await until(() => alertText(el).includes('Su tarjeta no se guardó.'));
      expect(alertText(el), 'an English sentence, unmarked, in a Spanish page').not.to.contain('Your card was declined.');
    } finally {
      await setLocale('en');
    }
  });

  /** The card step's refusal, in Spanish, after the processor answered Save with `error` (its own sentence says "tú"). */
  const spanishAlertAfter = async (error: StripeError): Promise<string> => {
    resetProcessor([() => ({ error })]);
    await setLocale('es');
    try {
      const el = await mount<SfStepPayment>(paymentApi().api, html`<sf-step-payment .account=${makeAccount()} .draft=${{}}></sf-step-payment>`);
      (await ready(el)).click();
      await until(() => qMaybe(el, '.alert.error') !== null);
      return alertText(el);
    } finally {
      await setLocale('en');
    }
  };

  it('Save with fields left incomplete, in Spanish: the flow\'s own words ("usted"), not the processor\'s ("tú")', async () => {
    const said = await spanishAlertAfter({ type: 'validation_error', code: 'incomplete_number', message: 'El número de tu tarjeta está incompleto.' });
    expect(said).not.to.contain('tu tarjeta');
    expect(said).to.contain('El número de la tarjeta está incompleto o no es válido.');
  });

  it('the processor out of reach, in Spanish: the flow\'s own words ("usted"), not the processor\'s sentence ("tú")', async () => {
    const said = await spanishAlertAfter({ type: 'api_connection_error', message: 'No pudimos conectar con el procesador de pagos. Revisa tu conexión e inténtalo de nuevo.' });
    expect(said).not.to.contain('Revisa tu');
    expect(said).to.contain('No pudimos conectar con el procesador de pagos. Revise su conexión y vuelva a intentarlo.');
  });

  it('processing_error (4000 0000 0000 0119) is the processor\'s hiccup, not the bank\'s refusal: the customer is not told to call the bank', async () => {
    resetProcessor([cardError({ code: 'processing_error', message: 'An error occurred while processing your card. Try again in a little bit.' })]);
    const el = await mount<SfStepPayment>(paymentApi().api, html`<sf-step-payment .account=${makeAccount()} .draft=${{}}></sf-step-payment>`);
    (await ready(el)).click();
    await until(() => qMaybe(el, '.alert.error') !== null);
    expect(alertText(el), 'our words, not the processor\'s').not.to.contain('Try again in a little bit.');
    expect(alertText(el)).not.to.contain('Your bank did not accept this card');
    expect(alertText(el)).to.contain('Try again in a moment, or use another card.');
  });

  it('why the last card was refused goes once the customer changes the card, not when a new form reports itself empty', async () => {
    resetProcessor([cardError({ code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' })]);
    const el = await mount<SfStepPayment>(paymentApi().api, html`<sf-step-payment .account=${makeAccount()} .draft=${{}}></sf-step-payment>`);
    (await ready(el)).click();
    await until(() => qMaybe(el, '.alert.error') !== null);
    expect(alertText(el)).to.contain('declined');
    const input = el.querySelector<HTMLInputElement>('.fake-payment-element input')!;
    input.value = '';
    input.dispatchEvent(new Event('input'));
    await settle(el);
    expect(qMaybe(el, '.alert.error'), 'still said: the form reported itself empty').not.to.equal(null);
    input.value = '4242';
    input.dispatchEvent(new Event('input'));
    await until(() => qMaybe(el, '.alert.error') === null, 'the decline no longer said');
  });
});
