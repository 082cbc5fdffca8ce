/** Funnel events (the discriminated union and its identity strategies), the prospect merge, opt-out reasons. */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { assertError, Harness } from './support/harness.js';

const h = new Harness();
after(() => h.close());

const PLAN = '3f0b6a1e-6c1f-4e8a-9b1d-2a9f0c7d5e41';
const events = () => h.call('GET', '/__sandbox/funnel-events').then((r) => r.body as Array<Record<string, unknown>>);

describe('POST /v1/app/accounts/events', () => {
  it('records with 201 { recorded: true } under the account, prospect or anonymous strategy', async () => {
    const { uuid } = await h.createAccount({ email: 'known@example.com' });
    for (const body of [
      { event: 'plans_viewed', plan_uuids: [PLAN], account_uuid: uuid },
      { event: 'plans_viewed', plan_uuids: [PLAN], prospect: { email: 'KNOWN@example.com' } },
      { event: 'plans_viewed', plan_uuids: [PLAN], prospect: { email: 'new@example.com' } },
      { event: 'enrollment_opt_out', plan_uuids: [] },
    ]) {
      const res = await h.app('POST', '/v1/app/accounts/events', body);
      assert.deepEqual([res.status, res.body], [201, { recorded: true }]);
    }
    const recorded = (await events()).slice(-4);
    assert.deepEqual(recorded.map((e) => e.identity), ['account', 'account', 'prospect', 'anonymous']);
    assert.deepEqual(recorded.map((e) => e.account_uuid), [uuid, uuid, null, null]);
  });

  it('rejects event-specific fields on the wrong event as unknown_field, and other bad input', async () => {
    const wrong = await h.app('POST', '/v1/app/accounts/events', { event: 'plans_viewed', plan_uuids: [PLAN], reason: 'too_expensive', label: 'Too expensive' });
    assertError(wrong, 400, 'invalid_request', ['reason', 'label']);
    assert.ok(wrong.body.error.fields.every((f: { code: string }) => f.code === 'unknown_field'));
    assertError(await h.app('POST', '/v1/app/accounts/events', { event: 'plans_viewed', plan_uuids: [PLAN], color: 'red' }), 400, 'invalid_request', ['color']);
    assertError(await h.app('POST', '/v1/app/accounts/events', { event: 'clicked', plan_uuids: [] }), 400, 'invalid_request', ['event']);
    assertError(await h.app('POST', '/v1/app/accounts/events', { event: 'plans_viewed' }), 400, 'invalid_request', ['plan_uuids']);
    assertError(await h.app('POST', '/v1/app/accounts/events', { event: 'plans_viewed', plan_uuids: [] }), 400, 'invalid_request', ['plan_uuids']);
    assertError(await h.app('POST', '/v1/app/accounts/events', { event: 'plans_viewed', plan_uuids: ['nope'], prospect: { email: 'x', phone: '1' } }), 400, 'invalid_request', ['plan_uuids[0]', 'prospect.email', 'prospect.phone']);
    assertError(await h.app('POST', '/v1/app/accounts/events', { event: 'enrollment_opt_out', plan_uuids: [], reason: 'partner_code' }), 400, 'invalid_request', ['label']);
    assertError(await h.app('POST', '/v1/app/accounts/events', { event: 'enrollment_opt_out', plan_uuids: [], label: 'No reason code' }), 400, 'invalid_request', ['reason']);
    assertError(await h.app('POST', '/v1/app/accounts/events', { event: 'plans_viewed', plan_uuids: [PLAN], account_uuid: PLAN }), 404, 'not_found');
  });

  it('accepts an opt-out with a known reason, "other", or a partner code with its label', async () => {
    for (const extra of [{ reason: 'moving' }, { reason: 'other', label: 'Landlord pays' }, { reason: 'price_match', label: 'Found a price match' }, {}]) {
      assert.equal((await h.app('POST', '/v1/app/accounts/events', { event: 'enrollment_opt_out', plan_uuids: [PLAN], ...extra })).status, 201);
    }
  });

  it('merges a prospect\'s earlier events into the account created later with the same email', async () => {
    await h.app('POST', '/v1/app/accounts/events', { event: 'plans_viewed', plan_uuids: [PLAN], prospect: { email: 'Later@Example.com' } });
    await h.app('POST', '/v1/app/accounts/events', { event: 'enrollment_opt_out', plan_uuids: [PLAN], reason: 'just_browsing', prospect: { email: 'later@example.com' } });
    const { uuid } = await h.createAccount({ email: 'later@example.com' });
    const inspection = await h.call('GET', `/__sandbox/accounts/${uuid}`);
    assert.equal(inspection.body.counters.funnel_events, 2);
    assert.deepEqual(inspection.body.funnel_events.map((e: { event: string }) => e.event), ['plans_viewed', 'enrollment_opt_out']);
    assert.ok(inspection.body.funnel_events.every((e: { merged_at: string | null }) => e.merged_at !== null));
    assert.ok(inspection.body.service_events.some((e: { event: string }) => e.event === 'prospect_merged'));
  });

  it('needs the App token (401)', async () => {
    assertError(await h.call('POST', '/v1/app/accounts/events', { token: null, body: { event: 'plans_viewed', plan_uuids: [PLAN] } }), 401, 'unauthorized');
  });
});

describe('POST /v1/account/events (the flow)', () => {
  it('records for the token\'s account and refuses identity fields', async () => {
    const { uuid, token } = await h.createAccount();
    const res = await h.as(token)('POST', '/v1/account/events', { event: 'enrollment_opt_out', plan_uuids: [PLAN], reason: 'too_expensive', label: 'Too expensive' });
    assert.equal(res.status, 201);
    assertError(await h.as(token)('POST', '/v1/account/events', { event: 'plans_viewed', plan_uuids: [PLAN], account_uuid: uuid, prospect: { email: 'a@b.co' } }), 400, 'invalid_request', ['account_uuid', 'prospect']);
    const inspection = await h.call('GET', `/__sandbox/accounts/${uuid}`);
    assert.equal(inspection.body.counters.funnel_events, 1);
    assert.equal(inspection.body.funnel_events[0].source, 'flow');
  });

  it('is counted with the App route in the same funnel', async () => {
    const { uuid, token } = await h.createAccount();
    await h.as(token)('POST', '/v1/account/events', { event: 'plans_viewed', plan_uuids: [PLAN] });
    await h.app('POST', '/v1/app/accounts/events', { event: 'plans_viewed', plan_uuids: [PLAN], account_uuid: uuid });
    const inspection = await h.call('GET', `/__sandbox/accounts/${uuid}`);
    assert.deepEqual(inspection.body.funnel_events.map((e: { source: string }) => e.source), ['flow', 'app']);
  });
});

describe('opt-out reasons', () => {
  it('lists codes with English or Spanish labels', async () => {
    const en = await h.app('GET', '/v1/app/accounts/enroll/opt-out/reasons');
    assert.deepEqual(en.body.map((r: { code: string }) => r.code), ['too_expensive', 'just_browsing', 'moving', 'contract_elsewhere', 'need_more_info', 'other']);
    const es = await h.app('GET', '/v1/app/accounts/enroll/opt-out/reasons?locale=es');
    assert.equal(es.body.find((r: { code: string }) => r.code === 'other').label, 'Otro');
    assertError(await h.app('GET', '/v1/app/accounts/enroll/opt-out/reasons?locale=fr'), 400, 'invalid_request', ['locale']);
    const { token } = await h.createAccount({ locale: 'es' });
    assert.equal((await h.as(token)('GET', '/v1/account/enroll/opt-out/reasons')).body[0].label, 'Los planes son demasiado caros');
  });
});
