/**
 * Failures a step has no field or sentence of its own for: each test is one request × failure and what the customer
 * must be told there (a refusal never leaves a step silent or blank; "Try again" repeats what failed last).
 */
import { expect, html } from '@open-wc/testing';
import { installFakeStripe, resetFakeStripe } from '../payment/fake-stripe.js';
import '../../src/steps/plans/plans.js';
import '../../src/steps/review/review.js';
import '../../src/steps/payment/payment.js';
import '../../src/steps/identity/identity.js';
import '../../src/steps/renewal-plans/renewal-plans.js';
import '../../src/steps/address/address.js';
import '../../src/steps/battery-maker/battery-maker.js';
import type { SfStepPlans } from '../../src/steps/plans/plans.js';
import type { SfStepReview } from '../../src/steps/review/review.js';
import type { SfStepPayment } from '../../src/steps/payment/payment.js';
import type { SfStepIdentity } from '../../src/steps/identity/identity.js';
import type { SfStepRenewalPlans } from '../../src/steps/renewal-plans/renewal-plans.js';
import type { SfStepAddress } from '../../src/steps/address/address.js';
import type { SfStepBatteryMaker } from '../../src/steps/battery-maker/battery-maker.js';
import type { Account } from '../../src/api/types.js';
import { ApiError } from '../../src/api/errors.js';
import { saidNow } from './live-regions.js';
import { ADDRESS_RESULT, FakeApi, apiError, button, makeAccount, makeLocation, makePlan, mount, pressable, q, qMaybe, settle, text, until } from './harness.js';

installFakeStripe();

const PLANS = [makePlan({ name: 'Lone Star 12' }), makePlan({ name: 'Bluebonnet 24', term_months: 24 })];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Visible words of the step besides its heading/lead, buttons and the plan cards: what it says about the failure. */
function alerts(el: Element): string {
  return saidNow(el.shadowRoot!)
    .map((a) => text(a))
    .join(' | ');
}

async function choosePlan(el: Element, index = 0): Promise<HTMLElement> {
  await until(() => el.shadowRoot!.querySelectorAll('sf-plan-card').length > 0);
  const card = [...el.shadowRoot!.querySelectorAll<HTMLElement>('sf-plan-card')][index]!;
  await settle(card);
  button(card, /Choose this plan/).click();
  await until(() => qMaybe(el, 'sf-plan-accept') !== null);
  const accept = q(el, 'sf-plan-accept');
  await settle(accept);
  q<HTMLInputElement>(accept, '#terms').click();
  await settle(accept);
  return accept;
}

describe('failures a step has no place for', () => {
  beforeEach(() => resetFakeStripe());

  // ── acceptPlan × 422 with a field the step has no place for ────────────────────────────────────────────────────
  it('plans: a 422 on accept naming a field the form does not have (the account was cancelled) is said in words', async () => {
    const fake = new FakeApi()
      .on('requestPlans', async () => PLANS)
      .on('recordEvent', async () => ({ recorded: true }))
      .on('acceptPlan', async () => {
        throw apiError(422, 'unprocessable', [{ field: 'status', code: 'range', message: 'The account is cancelled' }]);
      });
    const el = await mount<SfStepPlans>(fake.api, html`<sf-step-plans .account=${makeAccount()} .address=${ADDRESS_RESULT} .draft=${{}}></sf-step-plans>`);
    const accept = await choosePlan(el);
    button(accept, 'Accept plan').click();
    await until(() => fake.callsOf('acceptPlan').length === 1);
    await until(() => pressable(button(accept, /Accept plan|Accepting/)));
    await sleep(100);
    await settle(el);
    const said = alerts(el) + ' ' + (q(accept, '#start-error').textContent ?? '');
    expect(said.trim().length > 0, 'the customer is told why Accept did nothing').to.equal(true);
  });

  // ── requestPlans (a load) × 400/422 with field errors ─────────────────────────────────────────────────────────
  it('plans: a refused plans request with field errors (400 esi_id) is said in words, not a blank list', async () => {
    const fake = new FakeApi()
      .on('requestPlans', async () => {
        throw apiError(400, 'invalid_request', [{ field: 'esi_id', code: 'format', message: 'esi_id must be 17 or 22 digits' }]);
      })
      .on('recordEvent', async () => ({ recorded: true }));
    const el = await mount<SfStepPlans>(fake.api, html`<sf-step-plans .account=${makeAccount()} .address=${ADDRESS_RESULT} .draft=${{}}></sf-step-plans>`);
    await until(() => fake.callsOf('requestPlans').length === 1);
    await sleep(100);
    await settle(el);
    expect(text(el).includes('Loading the plans'), 'not loading any more').to.equal(false);
    expect(alerts(el).length > 0, 'the refusal is said').to.equal(true);
  });

  // ── "Try again" after a failed *load* (the plans re-read after an expired plan) ───────────────────────────────
  it('plans: "Try again" after the re-read of expired plans failed reloads the plans, it does not send the stale accept again', async () => {
    let round = 0;
    const fresh = [makePlan({ name: 'Lone Star 12 (new price)' })];
    const fake = new FakeApi()
      .on('requestPlans', async () => {
        round += 1;
        if (round === 1) return PLANS;
        if (round === 2) throw apiError(0, 'network');
        return fresh;
      })
      .on('recordEvent', async () => ({ recorded: true }))
      .on('acceptPlan', async () => {
        throw apiError(422, 'unprocessable', [{ field: 'plan_uuid', code: 'range', message: 'plan expired' }]);
      });
    const el = await mount<SfStepPlans>(fake.api, html`<sf-step-plans .account=${makeAccount()} .address=${ADDRESS_RESULT} .draft=${{}}></sf-step-plans>`);
    const accept = await choosePlan(el);
    button(accept, 'Accept plan').click();
    await until(() => text(el).includes('Try again'), 'the failed re-read offers Try again');
    expect(fake.callsOf('acceptPlan')).to.have.length(1);
    button(el, 'Try again').click();
    await until(() => fake.callsOf('requestPlans').length >= 3 || fake.callsOf('acceptPlan').length >= 2);
    await sleep(50);
    expect(fake.callsOf('acceptPlan').length, 'Try again of a load sent no acceptance').to.equal(1);
  });

  // ── finalize × 422, then the account re-read fails, then "Try again" ──────────────────────────────────────────
  it('review: "Try again" after the re-read that follows a refused finalize re-reads, it does not finalize again', async () => {
    const READY = makeAccount(
      { service_address: ADDRESS_RESULT, phone: '+15125550100' } as never,
      { has_accepted_plan: true, is_identity_verified: true, has_payment_method: true, can_finalize_enrollment: true },
    );
    let reads = 0;
    const fake = new FakeApi()
      .on('getAccount', async () => {
        reads += 1;
        if (reads === 2) throw apiError(0, 'network');
        return READY;
      })
      .on('getPaymentMethod', async () => ({ type: 'STRIPE_CARD', card_brand: 'visa', card_last4: '4242', card_exp_month: 1, card_exp_year: 2032, card_postal_code: null }) as never)
      .on('getLocation', async () => makeLocation())
      .on('finalize', async () => {
        throw apiError(422, 'cannot_finalize_enrollment', [{ field: 'enrollment.has_payment_method', code: 'must_be_true', message: '' }]);
      });
    const el = await mount<SfStepReview>(fake.api, html`<sf-step-review .account=${READY} .draft=${{}}></sf-step-review>`);
    await until(() => text(el).includes('Submit enrollment') && pressable(button(el, 'Submit enrollment')));
    button(el, 'Submit enrollment').click();
    await until(() => text(el).includes('Try again'), 'the failed re-read offers Try again');
    expect(fake.callsOf('finalize')).to.have.length(1);
    button(el, 'Try again').click();
    await until(() => fake.callsOf('getAccount').length >= 3 || fake.callsOf('finalize').length >= 2);
    await sleep(50);
    expect(fake.callsOf('finalize').length, 'Try again of a load sent no second finalize').to.equal(1);
  });

  // ── createPaymentSession (the card setup intent, a load) × 422/409 refusal ────────────────────────────────────
  it('payment: a refused payment session (409) is said in words; the step is not left blank with Save disabled', async () => {
    const fake = new FakeApi()
      .on('createPaymentSession', async () => {
        throw apiError(409, 'conflict');
      })
      .on('getPaymentMethod', async () => {
        throw apiError(404, 'not_found');
      });
    const el = await mount<SfStepPayment>(fake.api, html`<sf-step-payment .account=${makeAccount()} .draft=${{}}></sf-step-payment>`);
    await until(() => fake.callsOf('createPaymentSession').length === 1);
    await sleep(100);
    await settle(el);
    const save = el.shadowRoot!.querySelector<HTMLButtonElement>('button[type="submit"]');
    expect(text(el).includes('Loading the secure card form'), 'not loading any more').to.equal(false);
    expect(Boolean(save?.disabled), 'Save card is disabled').to.equal(true);
    expect(alerts(el).length > 0, 'the customer is told why there is no card form').to.equal(true);
  });

  // ── updateIdentity × 422 with a field the form does not have ──────────────────────────────────────────────────
  it('identity: a 422 naming a field the form does not have is said in words', async () => {
    const account = makeAccount({ first_name: 'Pat', last_name: 'Doe', phone: '+15125550100', email: 'pat@example.com', date_of_birth: '1985-04-12' } as never);
    const fake = new FakeApi().on('updateIdentity', async () => {
      throw apiError(422, 'unprocessable', [{ field: 'status', code: 'range', message: 'The account is cancelled' }]);
    });
    const el = await mount<SfStepIdentity>(fake.api, html`<sf-step-identity .account=${account} .draft=${{}}></sf-step-identity>`);
    await settle(el);
    const submit = el.shadowRoot!.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    submit.click();
    await until(() => fake.callsOf('updateIdentity').length === 1);
    await until(() => pressable(submit));
    await sleep(100);
    await settle(el);
    const fieldErrors = [...el.shadowRoot!.querySelectorAll('.error')].map((e) => e.textContent?.trim() ?? '').join('');
    expect((alerts(el) + fieldErrors).length > 0, 'the customer is told why Continue did nothing').to.equal(true);
  });

  // ── acceptRenewal × 422 with a field the step does not map ────────────────────────────────────────────────────
  it('renewal plans: a 422 on accept naming a field the step does not map is said in words', async () => {
    const account = makeAccount({ status: 'active', status_reason: 'active', location_uuid: makeLocation().uuid, service_address: ADDRESS_RESULT } as never, {
      is_enrollment_finalized: true,
    });
    const offer = makePlan({ name: 'Renew 12', earliest_start_date: '2032-02-03', latest_start_date: '2032-02-03' });
    const fake = new FakeApi()
      .on('listRenewalPlans', async () => [offer])
      .on('acceptRenewal', async () => {
        throw apiError(422, 'unprocessable', [{ field: 'payment_method', code: 'required', message: 'A card is required to renew' }]);
      })
      .on('getLocation', async () => makeLocation());
    const el = await mount<SfStepRenewalPlans>(fake.api, html`<sf-step-renewal-plans .account=${account} .draft=${{}}></sf-step-renewal-plans>`);
    const accept = await choosePlan(el);
    button(accept, /Renew with this plan/).click();
    await until(() => fake.callsOf('acceptRenewal').length === 1);
    await until(() => pressable(button(accept, /Renew/)));
    await sleep(100);
    await settle(el);
    const said = alerts(el) + ' ' + (accept.shadowRoot!.querySelector('#start-error')?.textContent ?? '');
    expect(said.trim().length > 0, 'the customer is told why Renew did nothing').to.equal(true);
  });

  // ── fullAddressSearch × 422 without fields (a refusal) ────────────────────────────────────────────────────────
  it('address: a refused full-address search (422 without fields, or a field the form has none for) goes on to the search another way, which says why', async () => {
    for (const refusal of [apiError(422, 'unprocessable'), apiError(400, 'invalid_request', [{ field: 'address_2', code: 'format', message: 'address_2 is invalid' }])]) {
      const fake = new FakeApi().on('fullAddressSearch', async () => {
        throw refusal;
      });
      const el = await mount<SfStepAddress>(fake.api, html`<sf-step-address .account=${makeAccount()} .draft=${{ address_1: '1200 Main St', postal_code: '77002' }}></sf-step-address>`);
      await until(() => el.shadowRoot!.querySelector('#street') !== null);
      button(el, 'Find my address').click();
      await until(() => fake.callsOf('fullAddressSearch').length === 1);
      await until(() => qMaybe(el, 'sf-address-lookup') !== null);
      const lookup = q(el, 'sf-address-lookup');
      await settle(lookup);
      expect(text(lookup).includes('We could not find that exact address'), 'the customer is told and offered another way').to.equal(true);
    }
  });

  // ── listBatteryMakers (a load) × 400/422 with fields ──────────────────────────────────────────────────────────
  it('battery maker: a refused makers list with field errors is said in words, not a blank step', async () => {
    const fake = new FakeApi()
      .on('listBatteryMakers', async () => {
        throw apiError(422, 'unprocessable', [{ field: 'status', code: 'range', message: 'The account is not active' }]);
      })
      .on('listBatteryDevices', async () => ({ data: [] }) as never);
    const account: Account = makeAccount({ status: 'active' } as never);
    const el = await mount<SfStepBatteryMaker>(fake.api, html`<sf-step-battery-maker .account=${account} .draft=${{}}></sf-step-battery-maker>`);
    await until(() => fake.callsOf('listBatteryMakers').length === 1);
    await sleep(100);
    await settle(el);
    expect(text(el).includes('Loading the battery makers'), 'not loading any more').to.equal(false);
    expect(alerts(el).length > 0, 'the refusal is said').to.equal(true);
  });
});


describe('failures: words', () => {
  // ── any load × 429 with a long Retry-After (the client gives up at once, retry.ts maxRetryAfterMs) ─────────────
  it('plans: a 429 that outlasted the client\'s own waiting (Retry-After two minutes) does not say "a few seconds"', async () => {
    const fake = new FakeApi().on('requestPlans', async () => {
      throw new ApiError({ status: 429, code: 'rate_limited', message: 'Too Many Requests', retryAfter: 120 });
    });
    const el = await mount<SfStepPlans>(fake.api, html`<sf-step-plans .account=${makeAccount()} .address=${ADDRESS_RESULT} .draft=${{}}></sf-step-plans>`);
    await until(() => alerts(el).length > 0);
    const said = alerts(el);
    expect(said.includes('Wait a few seconds'), `told: ${said}`).to.equal(false);
    expect(said.includes('Wait a minute, then try again'), `told: ${said}`).to.equal(true);
  });
});
