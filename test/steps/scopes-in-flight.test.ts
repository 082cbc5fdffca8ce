/**
 * The account scopes' steps (renewal, update-payment-method, billing) while a request runs and after its answer:
 * leaving waits for what was sent, nothing is accepted that is no longer on screen, focus is never lost to the page.
 * Assertions compare strings or booleans only.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
// The real steps first: the flow harness below defines stand-ins only for tags not defined yet.
import '../../src/steps/payment/payment.js';
import '../../src/steps/renewal/renewal.js';
import '../../src/steps/renewal-plans/renewal-plans.js';
import '../../src/steps/billing-address/billing-address.js';
import '../../src/steps/invoices/invoices.js';
import type { SfStepPayment } from '../../src/steps/payment/payment.js';
import type { SfStepRenewalPlans } from '../../src/steps/renewal-plans/renewal-plans.js';
import type { SfStepBillingAddress } from '../../src/steps/billing-address/billing-address.js';
import type { Account, Location } from '../../src/api/types.js';
import type { SfFlow } from '../../src/flow/flow.js';
import { installFakeStripe, resetFakeStripe } from '../payment/fake-stripe.js';
import { closeMessages, fakeApi, fakeHost, waitForView } from '../flow/harness.js';
import { makeSession } from '../flow/fixtures.js';
import { FakeApi, apiError, button, deferred, makeAccount, makeLocation, makePlan, mount, q, qMaybe, settle, text, type, until } from './harness.js';
import { ACTIVE, SAME_ADDRESS } from './billing-fixtures.js';

installFakeStripe();

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ── Renewal fixtures ──
const base = makeLocation({ status: 'active', plan_name: 'Longhorn Lock 36', term_months: 36, start_date: '2027-01-05', end_date: '2030-01-04' });
const eligible: Location = { ...base, renewal: { eligibility: 'eligible', opens_on: '2029-11-05' } };
const queuedContract = { ...base.contract, uuid: 'c2', plan_uuid: 'x', plan_name: 'Lone Star Saver 6', term_months: 6, start_date: '2030-01-05', end_date: '2030-07-04', status: 'queued' as const };
const activeAccount = makeAccount({ status: 'active', status_reason: 'active', location_uuid: base.uuid } as never, { is_enrollment_finalized: true, has_payment_method: true });
const renewalPlan = (n: number) =>
  makePlan({ uuid: `00000000-0000-4000-8000-0000000000a${n}`, name: `Lone Star Saver ${n * 6}`, term_months: n * 6, earliest_start_date: '2030-01-05', latest_start_date: '2030-01-05' });
const plans = [renewalPlan(1), renewalPlan(2)];

/** Chooses a renewal plan, ticks its terms and presses "Renew with this plan"; returns the acceptance form. */
async function renew(el: HTMLElement, index = 0, { focus = false } = {}) {
  await until(() => el.shadowRoot!.querySelectorAll('sf-plan-card').length === plans.length, 'plans shown');
  const card = el.shadowRoot!.querySelectorAll('sf-plan-card')[index]!;
  await (card as unknown as { updateComplete: Promise<unknown> }).updateComplete;
  button(card, 'Choose this plan').click();
  await until(() => qMaybe(el, 'sf-plan-accept') !== null && q(el, 'sf-plan-accept').shadowRoot!.querySelector('#terms') !== null, 'form shown');
  const accept = q(el, 'sf-plan-accept');
  await settle(accept);
  q<HTMLInputElement>(accept, '#terms').click();
  await settle(accept);
  const submit = button(accept, 'Renew with this plan');
  if (focus) submit.focus();
  submit.click();
  return accept;
}

/** The element that has focus, through shadow roots, as a string (its id or tag), '' for the page itself. */
function focusName(): string {
  let a: Element | null = document.activeElement;
  while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
  if (!a || a === document.body) return '';
  return a.id || a.localName;
}

describe('review: renewal', () => {
  afterEach(() => sessionStorage.clear());

  it('header Close while the renewal is being accepted waits for it: renewed, the done screen shows, and Close then says completed', async () => {
    const answer = deferred<Location>();
    const api = fakeApi({
      getFlow: async () => makeSession({ scope: 'renewal' }),
      getAccount: async () => activeAccount,
      getLocation: async () => eligible,
      listRenewalPlans: async () => plans,
      acceptRenewal: () => answer.promise,
    });
    const host = fakeHost();
    const el = await fixture<SfFlow>(html`<sf-flow .api=${api} .hostWindow=${host}></sf-flow>`);
    const first = await waitForView(el, 'sf-step-renewal');
    await until(() => text(first).includes('See renewal plans'));
    button(first, 'See renewal plans').click();
    const step = await waitForView(el, 'sf-step-renewal-plans');
    await renew(step);
    await until(() => text(step).includes('Renewing…'), 'acceptance sent');
    // The customer closes while "Renewing…" is on screen; the request still reaches the service.
    const close = () => el.shadowRoot!.querySelector<HTMLButtonElement>('header button[aria-label="Close"]')!.click();
    close();
    await pause(50);
    answer.resolve({ ...eligible, queued_contract: { ...queuedContract, plan_uuid: plans[0]!.uuid } });
    await waitForView(el, 'sf-step-renewal-done');
    expect(closeMessages(host).length, 'no close as left before the answer').to.equal(0);
    close();
    await waitUntil(() => closeMessages(host).length > 0, 'a close message', { timeout: 3000 });
    expect(closeMessages(host).map((m) => m.reason).join(',')).to.equal('completed');
  });

  it('Back and "Not now" wait while the renewal is being accepted (leaving would lose its answer)', async () => {
    const answer = deferred<Location>();
    const fake = new FakeApi().on('listRenewalPlans', async () => plans).on('acceptRenewal', () => answer.promise);
    const el = await mount<SfStepRenewalPlans>(fake.api, html`<sf-step-renewal-plans .account=${activeAccount} .draft=${{}}></sf-step-renewal-plans>`);
    await renew(el);
    await until(() => text(el).includes('Renewing…'), 'acceptance sent');
    const disabled = `Back disabled: ${String(button(el, 'Back').disabled)}; Not now disabled: ${String(button(el, 'Not now').disabled)}`;
    answer.resolve({ ...eligible, queued_contract: queuedContract });
    expect(disabled).to.equal('Back disabled: true; Not now disabled: true');
  });

  it('a refused start date (422) of an offer whose start is fixed reads the plans again, focus on the heading, not the page', async () => {
    const fake = new FakeApi().on('listRenewalPlans', async () => plans).on('acceptRenewal', async () => {
      await pause(30);
      throw apiError(422, 'unprocessable', [{ field: 'start_date', code: 'range', message: 'start_date out of range' }]);
    });
    const el = await mount<SfStepRenewalPlans>(fake.api, html`<sf-step-renewal-plans .account=${activeAccount} .draft=${{}}></sf-step-renewal-plans>`);
    await renew(el, 0, { focus: true });
    const before = focusName();
    await until(() => text(el).includes('Prices changed since you opened this page'), 'the plans read again');
    await settle(el);
    await pause(100);
    expect(`${before} → ${focusName() || 'the page'}`).to.equal('button → step-heading');
  });

  it('another plan chosen after a lost answer takes "Try again" away (it would renew the first plan)', async () => {
    let attempt = 0;
    const fake = new FakeApi().on('listRenewalPlans', async () => plans).on('acceptRenewal', async () => {
      attempt += 1;
      if (attempt === 1) throw apiError(503, 'unavailable');
      return { ...eligible, queued_contract: queuedContract };
    });
    const el = await mount<SfStepRenewalPlans>(fake.api, html`<sf-step-renewal-plans .account=${activeAccount} .draft=${{}}></sf-step-renewal-plans>`);
    await renew(el, 0);
    await until(() => text(el).includes('Something went wrong on our side'));
    // The customer changes their mind: the second plan is chosen (its form, its terms box) ...
    const card = el.shadowRoot!.querySelectorAll('sf-plan-card')[1]!;
    button(card, 'Choose this plan').click();
    await settle(el);
    const shownChosen = (el.draft as { planUuid?: string }).planUuid;
    // ... while the first plan's "Try again" is still on screen, and pressing it renews the first plan.
    const alertShown = text(el).includes('Try again');
    if (alertShown) button(el, 'Try again').click();
    await pause(100);
    const sent = fake.callsOf('acceptRenewal').map((c) => (c.args[1] as { plan_uuid: string }).plan_uuid);
    const renewedOther = sent.length === 2 && sent[1] !== shownChosen;
    expect(`alert about the first plan still shown: ${String(alertShown)}; renewed a plan not on screen: ${String(renewedOther)}`).to.equal(
      'alert about the first plan still shown: false; renewed a plan not on screen: false',
    );
  });
});

describe('review: update-payment-method', () => {
  beforeEach(() => resetFakeStripe([{ setupIntent: { status: 'succeeded', payment_method: 'pm_new' } }]));

  it('Back waits while the new card is being saved (leaving would lose its answer)', async () => {
    const answer = deferred<Account>();
    const fake = new FakeApi()
      .on('createPaymentSession', async () => ({ client_secret: 'seti_1_secret_x', stripe_public_key: 'pk_test_123' }))
      .on('ensurePaymentMethodAdded', () => answer.promise);
    const el = await mount<SfStepPayment>(
      fake.api,
      html`<sf-step-payment .account=${makeAccount({}, { has_payment_method: true })} .draft=${{}} .purpose=${'replace'}></sf-step-payment>`,
    );
    await until(() => !button(el, 'Save card').disabled, 'card form ready');
    button(el, 'Save card').click();
    await until(() => fake.callsOf('ensurePaymentMethodAdded').length === 1, 'sync sent');
    await settle(el);
    const backDisabled = button(el, 'Back').disabled;
    answer.resolve(makeAccount({}, { has_payment_method: true }));
    expect(`Back disabled while saving: ${String(backDisabled)}`).to.equal('Back disabled while saving: true');
  });
  it('Close after a save whose answer was lost asks the service again with the same key: the card was replaced, the last screen shows, and the host hears completed', async () => {
    const keys: string[] = [];
    let calls = 0;
    const api = fakeApi({
      getFlow: async () => makeSession({ scope: 'update-payment-method' }),
      getAccount: async () => makeAccount({ status: 'active', status_reason: 'active' }, { has_payment_method: false }),
      createPaymentSession: async () => ({ client_secret: 'seti_1_secret_x', stripe_public_key: 'pk_test_123' }),
      ensurePaymentMethodAdded: async (_id: string, opts?: { idempotencyKey?: string }) => {
        keys.push(opts?.idempotencyKey ?? '');
        // The service saved the card both times; the first answer never reached the browser.
        if (++calls === 1) throw new TypeError('Failed to fetch');
        return makeAccount({ status: 'active', status_reason: 'active' }, { has_payment_method: true });
      },
      getPaymentMethod: async () => ({ type: 'STRIPE_CARD', card_brand: 'visa', card_last4: '4242', card_exp_month: 4, card_exp_year: 2031, card_postal_code: null }),
    });
    const host = fakeHost();
    const el = await fixture<SfFlow>(html`<sf-flow .api=${api} .hostWindow=${host}></sf-flow>`);
    const step = await waitForView(el, 'sf-step-payment');
    await until(() => !button(step, 'Save card').disabled, 'card form ready');
    button(step, 'Save card').click();
    await until(() => text(step).includes('Try again'), 'the lost answer said');
    el.shadowRoot!.querySelector<HTMLButtonElement>('header button[aria-label="Close"]')!.click();
    await waitForView(el, 'sf-step-card-updated');
    expect(`${closeMessages(host).length} close messages; keys: ${keys.length === 2 && keys[0] === keys[1] && keys[0] !== '' ? 'the same' : keys.join(' / ')}`).to.equal(
      '0 close messages; keys: the same',
    );
    el.shadowRoot!.querySelector<HTMLButtonElement>('header button[aria-label="Close"]')!.click();
    await waitUntil(() => closeMessages(host).length > 0, 'a close message', { timeout: 3000 });
    expect(closeMessages(host).map((m) => m.reason).join(',')).to.equal('completed');
  });
});

describe('review: billing', () => {
  afterEach(() => sessionStorage.clear());



  it('a refusal of the address (422 without a field of the form) takes focus, not the page', async () => {
    const fake = new FakeApi().on('getBillingAddress', async () => SAME_ADDRESS).on('updateBillingAddress', async () => {
      await pause(30);
      throw apiError(422, 'undeliverable', [{ field: 'address', code: 'undeliverable', message: 'The address is not deliverable' }]);
    });
    const el = await mount<SfStepBillingAddress>(fake.api, html`<sf-step-billing-address .account=${ACTIVE} .draft=${{}}></sf-step-billing-address>`);
    await until(() => Boolean(el.shadowRoot!.querySelector('form')));
    q<HTMLInputElement>(el, 'input[value="other"]').click();
    await settle(el);
    type(q<HTMLInputElement>(el, '#ba-address_1'), 'PO Box 4807');
    type(q<HTMLInputElement>(el, '#ba-city'), 'Austin');
    type(q<HTMLInputElement>(el, '#ba-postal_code'), '78751');
    const save = button(el, 'Save billing address');
    save.focus();
    const before = focusName();
    save.click();
    await until(() => text(el).includes('The service could not accept this:'), 'the refusal said');
    await settle(el);
    await pause(100);
    expect(`${before} → ${focusName() === '' ? 'the page' : 'kept'}`).to.equal('button → kept');
  });
});
