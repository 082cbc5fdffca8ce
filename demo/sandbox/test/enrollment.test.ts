/**
 * The whole enrollment over HTTP, as a partner backend does it with nothing but its App token (account tokens come
 * from the App endpoints, the card goes through the processor emulator's HTTP API like Stripe.js), and as the flow
 * does it with a flow token.
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { APP_TOKEN, Harness, IDENTITY } from './support/harness.js';

const h = new Harness();
after(() => h.close());

/** What Stripe.js does with the client secret: confirm the setup intent at the processor. */
async function confirmCard(clientSecret: string, number = '4242424242424242'): Promise<string> {
  const id = clientSecret.split('_secret_')[0];
  const res = await h.sb.app.request(`/__sandbox/processor/setup_intents/${id}/confirm`, {
    method: 'POST',
    headers: { authorization: `Bearer ${h.sb.config.stripePublicKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      client_secret: clientSecret,
      payment_method_data: { type: 'card', card: { number, exp_month: 12, exp_year: 2034, cvc: '123' }, billing_details: { address: { postal_code: '75201' } } },
    }),
  });
  const body = (await res.json()) as { status: string; payment_method: string };
  assert.equal(res.status, 200, JSON.stringify(body));
  assert.equal(body.status, 'succeeded');
  return body.payment_method;
}

describe('enrollment with the App token only', () => {
  it('walks eligibility → account → address → plans → accept → identity → credit → card → finalize → active', async () => {
    const app = h.as(APP_TOKEN);
    const eligible = await app('POST', '/v1/app/accounts/enroll/eligibility', { postal_code: '75201' });
    assert.ok(eligible.body.eligibility_likelihood > 0);
    assert.equal(eligible.body.utilities[0].name, 'oncor');

    const created = await app('POST', '/v1/app/accounts', { email: 'walk@example.com', preliminary_address: { address_1: '1900 McKinney Avenue', address_2: 'Apt. 805', postal_code: '75201' } });
    const uuid = created.body.uuid;
    assert.equal(created.body.status_reason, 'unresolved');
    const token = (await app('POST', `/v1/app/accounts/${uuid}/token`)).body.token;
    const acct = h.as(token);

    // Full address search with the preliminary address finds exactly one meter; the user confirms it.
    const found = await acct('POST', '/v1/account/enroll/full-address-search', created.body.preliminary_address);
    assert.equal(found.body.length, 1);
    const esiId = found.body[0].esi_id;
    assert.equal((await acct('POST', '/v1/account/enroll/esi-id-search', { esi_id: esiId })).body.address_1, '1900 McKinney Ave');

    const plans = (await app('POST', `/v1/app/accounts/${uuid}/enroll/plans/request`, { esi_id: esiId })).body.plans;
    assert.ok(plans.length >= 3 && plans.length <= 5);
    let account = await h.account(token);
    assert.deepEqual([account.status, account.status_reason], ['applying', 'plan_not_accepted']);
    assert.equal(account.service_address?.esi_id, esiId);

    const plan = plans.find((p: { term_months: number }) => p.term_months === 12);
    const accepted = await acct('POST', '/v1/account/enroll/plans/accept', { esi_id: esiId, plan_uuid: plan.uuid, service_start_date: plan.earliest_start_date, terms_accepted: true });
    assert.equal(accepted.status, 200);
    assert.equal(accepted.body.enrollment.has_accepted_plan, true);
    assert.ok(accepted.body.location_uuid);
    assert.deepEqual([accepted.body.status, accepted.body.status_reason], ['applying', 'missing_identity']);

    const identity = await acct('PATCH', '/v1/account/enroll/identity', IDENTITY);
    assert.equal(identity.body.enrollment.is_identity_verified, true);
    assert.equal(identity.body.status_reason, 'missing_payment_method');

    const credit = await acct('POST', '/v1/account/enroll/credit-check', { ssn: '123456789', consent: true });
    assert.equal(credit.body.enrollment.is_credit_check_submitted, true);

    const session = await acct('POST', '/v1/account/billing/payment-session');
    assert.equal(session.status, 201);
    assert.equal(session.body.stripe_public_key, created.body.app.stripe_public_key);
    const pm = await confirmCard(session.body.client_secret);
    const synced = await acct('POST', '/v1/account/billing/ensure-payment-method-added', { payment_method_id: pm });
    assert.equal(synced.body.enrollment.has_payment_method, true);
    assert.deepEqual([synced.body.status, synced.body.status_reason], ['applying', 'enrollment_not_finalized']);
    assert.equal(synced.body.enrollment.can_finalize_enrollment, true);
    const card = await acct('GET', '/v1/account/billing/payment-method');
    assert.deepEqual(card.body, { type: 'STRIPE_CARD', card_brand: 'visa', card_last4: '4242', card_exp_month: 12, card_exp_year: 2034, card_postal_code: '75201' });

    const finalized = await acct('POST', '/v1/account/enroll/finalize');
    assert.deepEqual([finalized.status, finalized.body], [200, {}]);
    account = await h.account(token);
    assert.equal(account.enrollment.is_enrollment_finalized, true);
    assert.equal(account.enrollment.finalized_at, h.sb.clock.now().toISOString());
    assert.deepEqual([account.status, account.status_reason], ['reviewing', 'verification_pending']);

    // Oncor: 0.5 + 0.5 + 3 business hours to acceptance, then the start date (tomorrow) → active.
    await h.call('POST', '/__sandbox/clock', { body: { advance_hours: 48 } });
    const fresh = (await app('GET', `/v1/app/accounts/${uuid}`)).body;
    assert.deepEqual([fresh.status, fresh.status_reason], ['active', 'active']);
    assert.equal(fresh.enrollment.is_service_active, true);
    assert.equal(fresh.enrollment.has_usage_history, true);

    const inspection = await h.call('GET', `/__sandbox/accounts/${uuid}`);
    assert.equal(inspection.body.counters.finalize_succeeded, 1);
    assert.equal(inspection.body.counters.payment_methods_synced, 1);
    assert.equal(inspection.body.requests_by_route['POST /v1/account/enroll/finalize'], 1);
    const types = h.sb.dispatcher.events().filter((e) => e.data.account_uuid === uuid).map((e) => e.type);
    assert.deepEqual(types, [
      'enrollment.plan_requested',
      'enrollment.plan_accepted',
      'enrollment.identity_updated',
      'account.payment_method_added',
      'enrollment.finalized',
      'location.service_active',
      'location.usage_history_available',
    ]);
  });
});

describe('enrollment with a flow token (the embedded flow)', () => {
  it('finalizes exactly once even when the finalize request is retried', async () => {
    const { uuid } = await h.createAccount();
    const link = await h.app('POST', `/v1/app/accounts/${uuid}/flow-login`, { scope: 'enrollment' });
    const flow = h.as(new URL(link.body.login_link).searchParams.get('token')!);
    assert.equal((await flow('GET', '/v1/account/flow')).body.scope, 'enrollment');
    const [premise] = (await flow('POST', '/v1/account/enroll/address-search', { query: '2141 grape' })).body;
    const [plan] = (await flow('POST', '/v1/account/enroll/plans/request', { esi_id: premise.esi_id })).body;
    assert.equal((await flow('POST', '/v1/account/events', { event: 'plans_viewed', plan_uuids: [plan.uuid] })).status, 201);
    await flow('POST', '/v1/account/enroll/plans/accept', { esi_id: premise.esi_id, plan_uuid: plan.uuid, start_date: plan.latest_start_date, terms_accepted: true });
    await flow('PATCH', '/v1/account/enroll/identity', IDENTITY);
    await flow('POST', '/v1/account/enroll/credit-check', { ssn: '123-45-6789', consent: true });
    const session = await flow('POST', '/v1/account/billing/payment-session');
    await flow('POST', '/v1/account/billing/ensure-payment-method-added', { payment_method_id: await confirmCard(session.body.client_secret, '5555555555554444') });
    const key = { 'idempotency-key': 'finalize-click-1' };
    const first = await flow('POST', '/v1/account/enroll/finalize', {}, { headers: key });
    const retried = await flow('POST', '/v1/account/enroll/finalize', {}, { headers: key });
    assert.deepEqual([first.status, retried.status], [200, 200]);
    const withoutKey = await flow('POST', '/v1/account/enroll/finalize', {});
    assert.equal(withoutKey.status, 422);
    const inspection = await h.call('GET', `/__sandbox/accounts/${uuid}`);
    assert.equal(inspection.body.counters.finalize_succeeded, 1);
    assert.equal(inspection.body.counters.funnel_events, 1);
    assert.equal(h.sb.dispatcher.events().filter((e) => e.type === 'enrollment.finalized' && e.data.account_uuid === uuid).length, 1);
  });
});
