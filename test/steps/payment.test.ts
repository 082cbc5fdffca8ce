import { expect, html, oneEvent } from '@open-wc/testing';
import { installFakeStripe, fakeStripe, resetFakeStripe } from '../payment/fake-stripe.js';
import '../../src/steps/payment/payment.js';
import type { SfStepPayment } from '../../src/steps/payment/payment.js';
import type { StepCompleteEvent } from '../../src/contract/events.js';
import type { PaymentMethod } from '../../src/api/types.js';
import { setLocale } from '../../src/i18n/localization.js';
import { saidNow } from './live-regions.js';
import { FakeApi, apiError, button, detach, makeAccount, mount, q, qMaybe, settle, text, until } from './harness.js';
import { updatePaymentMethod } from '../../src/scopes/update-payment-method/update-payment-method.js';
import { SESSION_KEY } from '../../src/flow/bootstrap.js';

installFakeStripe();

const SESSION = { client_secret: 'seti_123_secret_abc', stripe_public_key: 'pk_test_123' };
const CARD: PaymentMethod = {
  type: 'STRIPE_CARD',
  card_brand: 'visa',
  card_last4: '4242',
  card_exp_month: 12,
  card_exp_year: 2031,
  card_postal_code: '77002',
};

function paymentApi(): FakeApi {
  return new FakeApi()
    .on('createPaymentSession', async () => SESSION)
    .on('ensurePaymentMethodAdded', async () => makeAccount({}, { has_payment_method: true }))
    .on('getPaymentMethod', async () => CARD);
}

async function mountPayment(fake: FakeApi, account = makeAccount()): Promise<SfStepPayment> {
  const el = await mount<SfStepPayment>(fake.api, html`<sf-step-payment .account=${account} .draft=${{}}></sf-step-payment>`);
  return el;
}

async function ready(el: SfStepPayment, label = 'Save card'): Promise<HTMLButtonElement> {
  await until(() => {
    const submit = el.shadowRoot!.querySelector<HTMLButtonElement>('button[type="submit"]');
    return Boolean(submit && !submit.disabled);
  }, 'card form ready');
  return button(el, label);
}

describe('sf-step-payment', () => {
  beforeEach(() => resetFakeStripe());

  it('mounts the Payment Element in light DOM, slotted into the step', async () => {
    const fake = paymentApi();
    const el = await mountPayment(fake);
    await ready(el);
    expect(fakeStripe.keys).to.include('pk_test_123');
    expect(fakeStripe.elementsOptions.at(-1)).to.include({ clientSecret: SESSION.client_secret, locale: 'en' });
    const node = fakeStripe.mountedInto.at(-1)!;
    expect(node.getRootNode()).to.equal(document);
    expect(node.slot).to.equal('payment-element');
    const slot = q<HTMLSlotElement>(el, 'slot[name="payment-element"]');
    expect(slot.assignedElements({ flatten: true })).to.include(node);
    await expect(el).to.be.accessible();

    el.remove();
    expect(node.isConnected).to.equal(false);
    expect(fakeStripe.destroyed).to.be.greaterThan(0);
  });

  it('shows a decline clearly, keeps the form, then saves the card on the next try', async () => {
    resetFakeStripe([
      { error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } },
      { setupIntent: { status: 'succeeded', payment_method: 'pm_123' } },
    ]);
    const fake = paymentApi();
    const el = await mountPayment(fake);
    const save = await ready(el);
    save.click();
    await until(() => qMaybe(el, '[role="alert"]') !== null);
    const alert = q(el, '[role="alert"]');
    expect(text(alert)).to.contain('Your card was not saved.');
    expect(text(alert)).to.contain('Your card was declined.');
    expect(fake.callsOf('ensurePaymentMethodAdded')).to.have.length(0);
    expect(fakeStripe.mountedInto.at(-1)!.querySelector('.fake-payment-element')).not.to.equal(null);
    await expect(el).to.be.accessible();

    const done = oneEvent(el, 'sf-step-complete') as Promise<StepCompleteEvent>;
    button(el, 'Save card').click();
    const event = await done;
    expect(fake.callsOf('ensurePaymentMethodAdded')).to.have.length(1);
    expect(fake.callsOf('ensurePaymentMethodAdded')[0]!.args[0]).to.equal('pm_123');
    expect(event.detail.step).to.equal('payment');
    expect(event.detail.account?.enrollment.has_payment_method).to.equal(true);
    expect(fake.callsOf('createPaymentSession')).to.have.length(1);
  });

  it('says why a card was refused in its own words: formal in Spanish, where the processor\'s sentence says "tú"', async () => {
    // Stripe's Spanish (and the sandbox's emulator of it) addresses the customer as "tú"; the flow says "usted".
    resetFakeStripe([
      { error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Tu tarjeta fue rechazada.' } },
      { error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Tu tarjeta no tiene fondos suficientes.' } },
      { error: { type: 'card_error', code: 'incorrect_cvc', message: 'El código de seguridad de tu tarjeta es incorrecto.' } },
      // A failed 3-D Secure challenge.
      {
        error: {
          type: 'invalid_request_error',
          code: 'setup_intent_authentication_failure',
          message: 'No pudimos autenticar tu método de pago. Elige otro método de pago e inténtalo de nuevo.',
        },
      },
    ]);
    await setLocale('es');
    try {
      const el = await mountPayment(paymentApi());
      const said: string[] = [];
      for (let i = 0; i < 4; i += 1) {
        await ready(el, 'Guardar tarjeta');
        button(el, 'Guardar tarjeta').click();
        const alertNow = () => qMaybe(el, '.alert.error');
        await until(() => fakeStripe.confirmCalls === i + 1 && alertNow() !== null && text(alertNow()!) !== said[i - 1], 'the refusal is said');
        await settle(el);
        said.push(text(q(el, '.alert.error')));
      }
      expect(said[0]).to.contain('Su tarjeta no se guardó. Su tarjeta fue rechazada.');
      expect(said[1]).to.contain('Su tarjeta no tiene fondos suficientes.');
      expect(said[2]).to.contain('Su tarjeta no se guardó. Revise');
      expect(said[3]).to.contain('Su banco no pudo confirmar esta tarjeta. Vuelva a intentarlo o use otra tarjeta.');
      for (const sentence of said) expect(sentence, 'no "tú" in a page that says "usted"').not.to.match(/\b(tu|te|tú)\b/i);
    } finally {
      await setLocale('en');
    }
  });

  it('a language switch: the card form follows it, and so does why the card was declined (in our words, not the processor\'s)', async () => {
    resetFakeStripe([{ error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } }]);
    const el = await mountPayment(paymentApi());
    const save = await ready(el);
    save.click();
    await until(() => qMaybe(el, '[role="alert"]') !== null);
    expect(text(q(el, '[role="alert"]'))).to.contain('Your card was declined.');
    try {
      await setLocale('es');
      await until(() => text(el).includes('Su tarjeta no se guardó.'));
      expect(fakeStripe.elementsUpdates).to.deep.equal([{ locale: 'es' }]);
      const alert = text(q(el, '[role="alert"]'));
      expect(alert).not.to.contain('Your card was declined.');
      expect(alert, 'why, in our words, in the new language').to.contain('Su tarjeta fue rechazada.');
      // The same form: nothing was mounted again, so what was typed stays.
      expect(fakeStripe.mountedInto).to.have.length(1);
    } finally {
      await setLocale('en');
    }
    await until(() => fakeStripe.elementsUpdates.length === 2);
    expect(fakeStripe.elementsUpdates.at(-1)).to.deep.equal({ locale: 'en' });
  });

  it('a card the service refuses to sync: a fresh form, and focus on what was said, not lost to the page', async () => {
    resetFakeStripe([{ setupIntent: { status: 'succeeded', payment_method: 'pm_555' } }]);
    const fake = paymentApi().on('ensurePaymentMethodAdded', async () => {
      throw apiError(422, 'unprocessable', [{ field: 'payment_method_id', code: 'range', message: 'not confirmed' }]);
    });
    const el = await mountPayment(fake);
    const save = await ready(el);
    save.focus();
    save.click();
    await until(() => text(el).includes('Your card was not saved.'));
    await until(() => document.activeElement !== document.body);
    const [said] = saidNow(el.shadowRoot!);
    expect(said, 'focus on what says why').to.equal(el.shadowRoot!.activeElement);
    expect(text(said!)).to.contain('Please enter your card again');
  });

  it('retries only the sync, with the same key, after a network failure', async () => {
    resetFakeStripe([{ setupIntent: { status: 'succeeded', payment_method: 'pm_777' } }]);
    let fail = true;
    const fake = paymentApi().on('ensurePaymentMethodAdded', async () => {
      if (fail) throw apiError(0, 'network');
      return makeAccount({}, { has_payment_method: true });
    });
    const el = await mountPayment(fake);
    const save = await ready(el);
    save.click();
    await until(() => text(el).includes('Try again'));
    fail = false;
    const done = oneEvent(el, 'sf-step-complete');
    button(el, 'Try again').click();
    await done;
    expect(fakeStripe.confirmCalls).to.equal(1);
    const [a, b] = fake.callsOf('ensurePaymentMethodAdded');
    expect(b!.args[0]).to.equal('pm_777');
    expect(b!.idempotencyKey).to.equal(a!.idempotencyKey);
  });

  it('syncs the same card again with the same key when the customer presses Save card after a lost answer', async () => {
    resetFakeStripe([{ setupIntent: { status: 'succeeded', payment_method: 'pm_888' } }]);
    let lost = true;
    const fake = paymentApi().on('ensurePaymentMethodAdded', async () => {
      if (lost) throw apiError(0, 'network');
      return makeAccount({}, { has_payment_method: true });
    });
    const el = await mountPayment(fake);
    (await ready(el)).click();
    await until(() => text(el).includes('Try again'));
    lost = false;
    const done = oneEvent(el, 'sf-step-complete');
    button(el, 'Save card').click();
    await done;
    expect(fakeStripe.confirmCalls).to.equal(1);
    const [a, b] = fake.callsOf('ensurePaymentMethodAdded');
    expect(b!.args[0]).to.equal('pm_888');
    expect(b!.idempotencyKey).to.equal(a!.idempotencyKey);
  });

  it('offers the card on file', async () => {
    const fake = paymentApi();
    const account = makeAccount({}, { has_payment_method: true });
    const el = await mountPayment(fake, account);
    await until(() => qMaybe(el, 'sf-current-card') !== null);
    const current = q(el, 'sf-current-card');
    await settle(current);
    expect(text(current)).to.contain('Visa ending in 4242');
    expect(text(current)).to.contain('12/2031');
    expect(fake.callsOf('createPaymentSession')).to.have.length(0);
    await expect(el).to.be.accessible();

    const done = oneEvent(el, 'sf-step-complete') as Promise<StepCompleteEvent>;
    button(current, 'Use this card').click();
    expect((await done).detail.account).to.equal(account);
  });

  it('an expired card on file cannot be kept for auto-pay: only Replace, as the primary choice', async () => {
    const fake = paymentApi().on('getPaymentMethod', async () => ({ ...CARD, card_exp_month: 3, card_exp_year: 2024 }));
    const el = await mountPayment(fake, makeAccount({}, { has_payment_method: true }));
    await until(() => qMaybe(el, 'sf-current-card') !== null);
    const current = q(el, 'sf-current-card');
    await settle(current);
    expect(text(current)).to.contain('Expired 03/2024');
    const labels = [...current.shadowRoot!.querySelectorAll('button')].map((b) => b.textContent?.trim());
    expect(labels, 'Back, and the one choice').to.deep.equal(['Back', 'Replace']);
    expect(button(current, 'Replace').className).to.contain('primary');
    await expect(el).to.be.accessible();
    button(current, 'Replace').click();
    await ready(el);
  });

  it('replaces the card on file with a new one', async () => {
    const fake = paymentApi();
    const el = await mountPayment(fake, makeAccount({}, { has_payment_method: true }));
    await until(() => qMaybe(el, 'sf-current-card') !== null);
    await settle(q(el, 'sf-current-card'));
    button(q(el, 'sf-current-card'), 'Replace').click();
    await ready(el);
    expect(fake.callsOf('createPaymentSession')).to.have.length(1);
  });

  it('puts Back in one row with the form\'s Save card, as every step lays out its actions (not alone on a row below)', async () => {
    const fake = paymentApi();
    const el = await mountPayment(fake);
    const save = await ready(el);
    const back = button(el, 'Back');
    expect(back.parentElement, 'one actions row').to.equal(save.parentElement);
    expect(el.shadowRoot!.querySelectorAll('.actions')).to.have.length(1);
    expect(back.getBoundingClientRect().top, 'side by side on a wide screen').to.equal(save.getBoundingClientRect().top);
    expect(back.type).to.equal('button');
    const left = oneEvent(el, 'sf-step-back');
    back.click();
    await left;
    expect(fake.callsOf('ensurePaymentMethodAdded')).to.have.length(0);
  });

  it('puts Back in one row with the card on file\'s Replace and Use this card', async () => {
    const fake = paymentApi();
    const el = await mountPayment(fake, makeAccount({}, { has_payment_method: true }));
    await until(() => qMaybe(el, 'sf-current-card') !== null);
    const current = q(el, 'sf-current-card');
    await settle(current);
    const back = button(current, 'Back');
    expect(back.parentElement, 'one actions row').to.equal(button(current, 'Use this card').parentElement);
    expect(back.getBoundingClientRect().top, 'side by side on a wide screen').to.equal(button(current, 'Replace').getBoundingClientRect().top);
    expect(el.shadowRoot!.querySelector('button'), 'no Back of its own beside the card on file').to.equal(null);
    await expect(el).to.be.accessible();
    const left = oneEvent(el, 'sf-step-back');
    back.click();
    await left;
  });

  it('opens the card form again when the step is shown again (Back from the review)', async () => {
    const fake = new FakeApi().on('createPaymentSession', async () => SESSION);
    const el = await mount<SfStepPayment>(fake.api, html`<sf-step-payment .account=${makeAccount()} .draft=${{}}></sf-step-payment>`);
    await until(() => !button(el, 'Save card').disabled, 'the card form is ready');
    const putBack = detach(el);
    // Leaving the page released the form: nothing of the processor stays in the document.
    expect(fakeStripe.mountedInto.filter((n) => n.isConnected).length).to.equal(0);
    putBack();
    await until(() => !button(el, 'Save card').disabled, 'the card form is ready again');
    expect(fakeStripe.mountedInto.filter((n) => n.isConnected && n.querySelector('.fake-payment-element')).length).to.equal(1);
    expect(fake.callsOf('createPaymentSession')).to.have.length(2);
  });
});

describe('sf-step-payment for a new card (purpose "replace")', () => {
  beforeEach(() => resetFakeStripe());

  it('opens the form at once for the new card, never offering the card on file, and says what the card replaces', async () => {
    resetFakeStripe([{ setupIntent: { status: 'succeeded', payment_method: 'pm_new' } }]);
    const fake = paymentApi();
    const account = makeAccount({}, { has_payment_method: true });
    const el = await mount<SfStepPayment>(
      fake.api,
      html`<sf-step-payment .account=${account} .draft=${{}} .purpose=${'replace'}></sf-step-payment>`,
    );
    await ready(el);
    expect(q(el, 'h1#step-heading').textContent).to.equal('Enter your new card');
    expect(text(el)).to.contain('It replaces the card on file');
    expect(qMaybe(el, 'sf-current-card')).to.equal(null);
    expect(fake.callsOf('getPaymentMethod')).to.have.length(0);
    expect(button(el, 'Back').type).to.equal('button');
    await expect(el).to.be.accessible();

    const done = oneEvent(el, 'sf-step-complete') as Promise<StepCompleteEvent>;
    button(el, 'Save card').click();
    const event = await done;
    expect(fake.callsOf('ensurePaymentMethodAdded')[0]!.args[0]).to.equal('pm_new');
    expect(event.detail.step).to.equal('payment');
  });

  it('"Add a card" after the card on file was found gone (the account still says it has one): the form at once, never "Checking your saved card…"', async () => {
    const fake = paymentApi().on('getPaymentMethod', () => new Promise<never>(() => undefined));
    const account = makeAccount({ status: 'active', status_reason: 'active' }, { has_payment_method: true });
    const said: string[] = [];
    const el = await mount<SfStepPayment>(fake.api, updatePaymentMethod.views.payment.render({ account, draft: {}, progress: { none: true } }));
    const seen = () => said.push(text(el));
    const observer = new MutationObserver(seen);
    observer.observe(el.shadowRoot!, { childList: true, subtree: true, characterData: true });
    seen();
    try {
      await ready(el);
    } finally {
      observer.disconnect();
    }
    expect(said.join(' ')).not.to.contain('Checking your saved card');
    expect(fake.callsOf('getPaymentMethod')).to.have.length(0);
    expect(q(el, 'h1#step-heading').textContent).to.equal('Add a card for auto-pay');
  });

  it('for an account whose service ended, promises no monthly bills (the card pays the last one)', async () => {
    // With a card on file the scope asks for a new one (replace); without one, for a card (enroll).
    for (const [purpose, hasCard] of [['replace', true], ['enroll', false]] as const) {
      const ended = makeAccount({ status: 'cancelled', status_reason: 'cancelled_post_start' } as never, { has_payment_method: hasCard });
      const el = await mount<SfStepPayment>(paymentApi().api, html`<sf-step-payment .account=${ended} .draft=${{}} .purpose=${purpose}></sf-step-payment>`);
      await ready(el);
      const lead = text(q(el, 'p.lead'));
      expect(lead, purpose).to.contain('automatic payment of your bills');
      expect(lead, purpose).not.to.contain('monthly');
    }
  });

  it('has no Back when it is the first step (backable false)', async () => {
    const fake = paymentApi();
    const el = await mount<SfStepPayment>(fake.api, html`<sf-step-payment .account=${makeAccount()} .draft=${{}} .backable=${false}></sf-step-payment>`);
    await ready(el);
    expect(q(el, 'h1#step-heading').textContent).to.equal('Add a card for auto-pay');
    expect([...el.shadowRoot!.querySelectorAll('button')].map((b) => b.textContent?.trim())).not.to.include('Back');
  });
});

describe('sf-step-payment after a reload while a card\'s save was on its way', () => {
  const stored = () => JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? '{}') as { card?: string };
  beforeEach(() => {
    resetFakeStripe();
    sessionStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'flow_abc', locale: null }));
  });
  afterEach(() => sessionStorage.clear());

  it('keeps the confirmed card while its save is on its way, and forgets it once answered', async () => {
    resetFakeStripe([{ setupIntent: { status: 'succeeded', payment_method: 'pm_kept' } }]);
    const seen: (string | undefined)[] = [];
    const fake = paymentApi().on('ensurePaymentMethodAdded', async () => {
      seen.push(stored().card);
      return makeAccount({}, { has_payment_method: true });
    });
    const el = await mountPayment(fake);
    const done = oneEvent(el, 'sf-step-complete');
    (await ready(el)).click();
    await done;
    expect(seen).to.deep.equal(['pm_kept']);
    expect(stored().card).to.equal(undefined);
    expect(stored()).to.include({ token: 'flow_abc' });
  });

  it('sends that card again at once, saying so, with no card form; a lost answer offers Try again, which sends it again', async () => {
    sessionStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'flow_abc', locale: null, card: 'pm_sent' }));
    let answer: () => void = () => undefined;
    let fail = true;
    const fake = paymentApi().on('ensurePaymentMethodAdded', () =>
      fail
        ? Promise.reject(apiError(0, 'network'))
        : new Promise((resolve) => (answer = () => resolve(makeAccount({}, { has_payment_method: true })))),
    );
    const el = await mount<SfStepPayment>(fake.api, updatePaymentMethod.views.payment.render({ account: makeAccount({}, { has_payment_method: true }), draft: {}, progress: { pending: true } }));
    await until(() => text(el).includes('Try again'), 'the lost answer said');
    expect(fake.callsOf('ensurePaymentMethodAdded').map((c) => c.args[0])).to.deep.equal(['pm_sent']);
    expect(fake.callsOf('createPaymentSession'), 'no card form').to.have.length(0);
    expect(fakeStripe.confirmCalls).to.equal(0);
    expect(stored().card, 'still on its way').to.equal('pm_sent');
    fail = false;
    button(el, 'Try again').click();
    await until(() => text(el).includes('Saving your card…'), 'saying it saves');
    const done = oneEvent(el, 'sf-step-complete');
    answer();
    await done;
    expect(fake.callsOf('ensurePaymentMethodAdded').map((c) => c.args[0])).to.deep.equal(['pm_sent', 'pm_sent']);
    expect(stored().card).to.equal(undefined);
  });

  it('a card the service refuses (the processor never confirmed it): forgotten, and a fresh card form says it was not saved', async () => {
    sessionStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'flow_abc', locale: null, card: 'pm_unknown' }));
    const fake = paymentApi().on('ensurePaymentMethodAdded', async () => {
      throw apiError(422, 'unprocessable', [{ field: 'payment_method_id', code: 'range', message: 'not confirmed' }]);
    });
    const el = await mountPayment(fake);
    await ready(el);
    expect(text(el)).to.contain('Your card was not saved.');
    expect(stored().card).to.equal(undefined);
  });

  it('enrollment with a card already on file (Back to the card step): the card on file, and the card on its way forgotten, not sent', async () => {
    sessionStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'flow_abc', locale: null, card: 'pm_stale' }));
    const fake = paymentApi();
    const el = await mountPayment(fake, makeAccount({}, { has_payment_method: true }));
    await until(() => Boolean(qMaybe(el, 'sf-current-card')), 'the card on file');
    expect(fake.callsOf('ensurePaymentMethodAdded')).to.have.length(0);
    expect(stored().card).to.equal(undefined);
  });
});
