/** Sandbox controls (status, advance, remove-payment-method, unfreeze-credit, clock, fixtures, inspection) and the client agent flow. */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { addDays } from '../time.js';
import { assertError, Harness, IDENTITY, premiseIn } from './support/harness.js';

const h = new Harness();
after(() => h.close());

describe('POST /v1/account/sandbox/status', () => {
  it('forces any valid pair, stops background progress, and is replaced by the next enrollment action', async () => {
    const { uuid, token } = await h.readyToFinalize();
    const acct = h.as(token);
    const forced = await acct('POST', '/v1/account/sandbox/status', { status: 'cancelled', status_reason: 'cancelled_pre_start' });
    assert.deepEqual([forced.body.status, forced.body.status_reason], ['cancelled', 'cancelled_pre_start']);
    assertError(await acct('POST', '/v1/account/enroll/finalize'), 422, 'unprocessable', ['status']);
    const back = await acct('POST', '/v1/account/sandbox/status', { status: 'ready', status_reason: 'enrollment_pending_client_agent' });
    assert.equal(back.body.status, 'ready');
    // A real step recomputes the status from progress
    const updated = await acct('PATCH', '/v1/account/enroll/identity', IDENTITY);
    assert.deepEqual([updated.body.status, updated.body.status_reason], ['applying', 'enrollment_not_finalized']);
    await acct('POST', '/v1/account/enroll/finalize');
    await acct('POST', '/v1/account/sandbox/status', { status: 'needs_attention', status_reason: 'credit_check_error' });
    h.sb.clock.advance(30 * 24 * 3_600_000);
    const token2 = (await h.app('POST', `/v1/app/accounts/${uuid}/token`)).body.token;
    assert.equal((await h.account(token2)).status_reason, 'credit_check_error');
    assertError(await h.as(token2)('POST', '/v1/account/sandbox/advance', { to: 'active' }), 422, 'unprocessable', ['to']);
    const active = await h.as(token2)('POST', '/v1/account/sandbox/status', { status: 'active', status_reason: 'active' });
    assert.equal(active.body.enrollment.is_service_active, true);
  });

  it('rejects unknown values and pairs that do not belong together (400 naming the field)', async () => {
    const { token } = await h.createAccount();
    const acct = h.as(token);
    assertError(await acct('POST', '/v1/account/sandbox/status', { status: 'sleeping', status_reason: 'x' }), 400, 'invalid_request', ['status', 'status_reason']);
    const pair = await acct('POST', '/v1/account/sandbox/status', { status: 'created', status_reason: 'active' });
    assertError(pair, 400, 'invalid_request', ['status_reason']);
    assert.match(pair.body.error.fields[0].message, /unresolved, missing_address/);
    assertError(await acct('POST', '/v1/account/sandbox/status', { status: 'active', status_reason: 'active' }), 400, 'invalid_request', ['status']);
  });

  // A cancelled account cannot accept a plan or finalize: no enrollment action brings it back, only the control.
  it('keeps a cancelled status through enrollment actions: an identity update, a card, an App update neither revive it nor let it finalize', async () => {
    const { uuid, token } = await h.readyToFinalize();
    const acct = h.as(token);
    const cancelled = await acct('POST', '/v1/account/sandbox/status', { status: 'cancelled', status_reason: 'enrollment_blocked_verification_hold' });
    assert.equal(cancelled.status, 200);
    assertError(await acct('POST', '/v1/account/enroll/finalize', {}), 422, 'unprocessable', ['status']);

    const identity = await acct('PATCH', '/v1/account/enroll/identity', { ...IDENTITY, first_name: 'Ana María' });
    assert.equal(identity.status, 200);
    assert.equal((await acct('POST', '/v1/account/billing/ensure-payment-method-added', { payment_method_id: h.addCard(uuid) })).status, 200);
    assert.equal((await h.app('PATCH', `/v1/app/accounts/${uuid}`, { last_name: 'García López' })).status, 200);
    const account = await h.account(token);
    assert.deepEqual([account.status, account.status_reason], ['cancelled', 'enrollment_blocked_verification_hold'], 'an enrollment action revived the account');
    const finalize = await acct('POST', '/v1/account/enroll/finalize', {});
    assertError(finalize, 422, 'unprocessable', ['status']);
    // The control, and only it, changes the status.
    const back = await acct('POST', '/v1/account/sandbox/status', { status: 'applying', status_reason: 'enrollment_not_finalized' });
    assert.equal(back.body.status, 'applying');
    assert.equal((await acct('POST', '/v1/account/enroll/finalize', {})).status, 200);
  });

  it('reaches every cancelled pair', async () => {
    const { token } = await h.readyToFinalize();
    for (const reason of ['enrollment_blocked_verification_hold', 'cancelled_pre_start', 'expire_pre_active']) {
      const res = await h.as(token)('POST', '/v1/account/sandbox/status', { status: 'cancelled', status_reason: reason });
      assert.deepEqual([res.body.status, res.body.status_reason], ['cancelled', reason]);
    }
    const active = await h.readyToFinalize();
    assert.equal((await h.as(active.token)('POST', '/v1/account/enroll/finalize', {})).status, 200);
    assert.equal((await h.as(active.token)('POST', '/v1/account/sandbox/advance', { to: 'active' })).status, 200);
    const res = await h.as(active.token)('POST', '/v1/account/sandbox/status', { status: 'cancelled', status_reason: 'cancelled_post_start' });
    assert.deepEqual([res.body.status, res.body.status_reason], ['cancelled', 'cancelled_post_start']);
  });

  // A cancelled reason says whether service had started, and the sandbox acts on whether it had (a final invoice,
  // charged by auto-pay, once it had): a reason that contradicts the service would bill a "pre-start" cancellation.
  it('refuses a cancelled reason that contradicts whether service started (400 naming status_reason)', async () => {
    const ready = await h.readyToFinalize();
    const notStarted = h.as(ready.token);
    assertError(await notStarted('POST', '/v1/account/sandbox/status', { status: 'cancelled', status_reason: 'cancelled_post_start' }), 400, 'invalid_request', ['status_reason']);
    assert.equal((await h.account(ready.token)).status, 'applying', 'a refused control changed the status');

    const active = await h.readyToFinalize();
    const started = h.as(active.token);
    assert.equal((await started('POST', '/v1/account/enroll/finalize', {})).status, 200);
    assert.equal((await started('POST', '/v1/account/sandbox/advance', { to: 'active' })).status, 200);
    for (const reason of ['cancelled_pre_start', 'expire_pre_active', 'enrollment_blocked_verification_hold']) {
      const res = await started('POST', '/v1/account/sandbox/status', { status: 'cancelled', status_reason: reason });
      assertError(res, 400, 'invalid_request', ['status_reason']);
      assert.match(res.body.error.fields[0].message, /cancelled_post_start/);
    }
    const account = await h.account(active.token);
    assert.deepEqual([account.status, account.status_reason], ['active', 'active']);
  });
});

describe('POST /v1/account/sandbox/advance', () => {
  it('is 422 before finalize and runs the milestones at once after it', async () => {
    const { token } = await h.readyToFinalize({ premise: premiseIn('79601') });
    const acct = h.as(token);
    assertError(await acct('POST', '/v1/account/sandbox/advance', { to: 'active' }), 422, 'unprocessable', ['to']);
    assertError(await acct('POST', '/v1/account/sandbox/advance', { to: 'tomorrow' }), 400, 'invalid_request', ['to']);
    await acct('POST', '/v1/account/enroll/finalize');
    assert.equal((await acct('POST', '/v1/account/sandbox/advance', { to: 'verified' })).body.status_reason, 'credit_check_pending');
    assert.equal((await acct('POST', '/v1/account/sandbox/advance', { to: 'submitted' })).body.status_reason, 'utility_submitted');
    const active = await acct('POST', '/v1/account/sandbox/advance', { to: 'active' });
    assert.deepEqual([active.body.status, active.body.enrollment.is_service_active, active.body.enrollment.has_usage_history], ['active', true, false]);
    assert.equal((await acct('POST', '/v1/account/sandbox/advance', { to: 'usage' })).body.enrollment.has_usage_history, true);
    // Going "back" to an earlier milestone changes nothing
    assert.equal((await acct('POST', '/v1/account/sandbox/advance', { to: 'verified' })).body.status, 'active');
  });

  it('stops where a trigger stops the enrollment', async () => {
    const { token } = await h.readyToFinalize({ ssn: '123-45-9002' });
    await h.as(token)('POST', '/v1/account/enroll/finalize');
    const res = await h.as(token)('POST', '/v1/account/sandbox/advance', { to: 'active' });
    assert.deepEqual([res.status, res.body.status, res.body.status_reason], [200, 'needs_attention', 'credit_declined']);
  });
});

describe('/__sandbox controls', () => {
  it('reads and moves the clock, never backwards, exactly one way at a time', async () => {
    const before = (await h.call('GET', '/__sandbox/clock')).body;
    assert.equal(before.time_zone, 'America/Chicago');
    const moved = await h.call('POST', '/__sandbox/clock', { body: { advance_seconds: 90 } });
    assert.equal(Date.parse(moved.body.now) - Date.parse(before.now), 90_000);
    assertError(await h.call('POST', '/__sandbox/clock', { body: {} }), 400, 'invalid_request', ['advance_seconds']);
    assertError(await h.call('POST', '/__sandbox/clock', { body: { advance_hours: 1, advance_seconds: 1 } }), 400, 'invalid_request', ['advance_hours']);
    assertError(await h.call('POST', '/__sandbox/clock', { body: { advance_hours: -1 } }), 400, 'invalid_request', ['advance_hours']);
    assertError(await h.call('POST', '/__sandbox/clock', { body: { set: '2020-01-01T00:00:00Z' } }), 400, 'invalid_request', ['set']);
    // A day or hour that does not exist is refused, not read as another day (Date.parse: Feb 29 of 2031 is March 1).
    const unmoved = (await h.call('GET', '/__sandbox/clock')).body.now;
    for (const impossible of ['2031-02-29T15:00:00Z', '2031-04-31T15:00:00Z', '2031-01-06T24:00:00Z']) {
      const refused = await h.call('POST', '/__sandbox/clock', { body: { set: impossible } });
      assertError(refused, 400, 'invalid_request', ['set']);
      assert.match(refused.body.error.fields[0].message, /^set must be an ISO 8601 timestamp/);
    }
    assert.ok(Date.parse((await h.call('GET', '/__sandbox/clock')).body.now) - Date.parse(unmoved) < 60_000, 'the clock did not move');
    const set = await h.call('POST', '/__sandbox/clock', { body: { set: '2031-01-06T15:00:00Z' } });
    assert.equal(set.body.now, '2031-01-06T15:00:00.000Z');
    assert.equal(set.body.business_hours.is_open, true);
  });

  it('serves the fixtures: addresses, triggers, SSNs, cards', async () => {
    const res = await h.call('GET', '/__sandbox/fixtures', { token: null });
    assert.ok(res.body.addresses.length >= 25);
    assert.ok(res.body.triggers.some((t: { value: string }) => t.value.includes('9003')));
    assert.equal(res.body.ssns.credit_check_frozen, '123-45-9003');
    assert.ok(res.body.cards.some((c: { number: string }) => c.number === '4000002500003155'));
    assert.equal(res.body.esi_ids.multi_meter.length, 2);
  });

  it('configures webhook delivery and lists the signed deliveries', async () => {
    const received: Array<{ url: string; headers: Headers; body: string }> = [];
    const local = new Harness({
      fetch: async (url, init) => {
        received.push({ url: String(url), headers: new Headers(init?.headers), body: String(init?.body) });
        return new Response(null, { status: 204 });
      },
    });
    try {
      assertError(await local.call('PUT', '/__sandbox/webhooks/config', { body: { url: 'mailto:x' } }), 400, 'invalid_request', ['url']);
      const config = await local.call('PUT', '/__sandbox/webhooks/config', { body: { url: 'http://partner.test/hooks', secret: 'whsec_test_secret' } });
      assert.deepEqual(config.body, { url: 'http://partner.test/hooks', secret: 'whsec_test_secret' });
      const { uuid } = await local.createAccount();
      // Ten days on the sandbox's clock: the event happened then, whatever the real time (the signature's is real).
      await local.call('POST', '/__sandbox/clock', { body: { advance_seconds: 10 * 86_400 } });
      await local.app('PATCH', `/v1/app/accounts/${uuid}`, { first_name: 'Ana' });
      await local.sb.dispatcher.idle();
      assert.equal(received.length, 1);
      assert.equal(JSON.parse(received[0]!.body).created_at, local.sb.clock.now().toISOString());
      assert.equal(received[0]!.url, 'http://partner.test/hooks');
      assert.match(received[0]!.headers.get('service-signature')!, /^t=\d+,v1=[0-9a-f]{64}$/);
      assert.equal(JSON.parse(received[0]!.body).data.account_uuid, uuid);
      const listed = await local.call('GET', '/__sandbox/webhooks');
      assert.equal(listed.body.deliveries[0].outcome, 'delivered');
      assert.equal(listed.body.events[0].type, 'enrollment.identity_updated');
    } finally {
      local.close();
    }
  });

  it('dates a fault rule on the sandbox clock, like every timestamp it answers', async () => {
    const local = new Harness();
    try {
      await local.call('POST', '/__sandbox/clock', { body: { advance_seconds: 3 * 86_400 } });
      const rule = await local.call('POST', '/__sandbox/faults', { body: { route: '/v1/never/called', latency_ms: 1 } });
      assert.equal(rule.status, 201);
      assert.equal(rule.body.created_at, local.sb.clock.now().toISOString());
    } finally {
      local.close();
    }
  });

  it('404s inspection of an unknown account', async () => {
    assertError(await h.call('GET', '/__sandbox/accounts/3f0b6a1e-6c1f-4e8a-9b1d-2a9f0c7d5e41'), 404, 'not_found');
  });
});

describe('client agent flow', () => {
  it('preapproves to ready, shows a credit freeze at once, accepts on the customer\'s behalf and finalizes as client agent', async () => {
    const { uuid, token } = await h.createAccount({ ...IDENTITY, preliminary_address: { address_1: '815 Henderson St', postal_code: '76102' } });
    const acct = h.as(token);
    await h.app('POST', `/v1/app/accounts/${uuid}/record-client-agent`, {});
    await acct('POST', '/v1/account/billing/ensure-payment-method-added', { payment_method_id: h.addCard(uuid) });
    const frozen = await acct('POST', '/v1/account/enroll/credit-check', { ssn: '123-45-9003', consent: true });
    assert.deepEqual([frozen.body.status, frozen.body.status_reason], ['needs_attention', 'credit_check_frozen']);
    const unfrozen = await acct('POST', '/v1/account/enroll/credit-check', { ssn: '123-45-6789', consent: true });
    assert.deepEqual([unfrozen.body.status, unfrozen.body.status_reason], ['ready', 'enrollment_pending_client_agent']);

    const premise = premiseIn('76102');
    const [plan] = await h.plansFor(token, premise.esi_id);
    const today = h.sb.clock.today();
    assert.equal(plan!.earliest_start_date, addDays(today, 7));
    assert.equal(plan!.latest_start_date, addDays(today, 30));
    const accept = (body: Record<string, unknown>) =>
      acct('POST', '/v1/account/enroll/plans/accept', { esi_id: premise.esi_id, plan_uuid: plan!.uuid, terms_accepted: true, accepted_by: 'client_agent', ...body });
    assertError(await accept({ start_date: addDays(today, 6) }), 422, 'unprocessable', ['start_date']);
    assertError(await accept({ start_date: addDays(today, 31) }), 422, 'unprocessable', ['start_date']);
    const accepted = await accept({ start_date: addDays(today, 10) });
    assert.equal(accepted.status, 200);
    assertError(await acct('POST', '/v1/account/enroll/finalize', {}), 422, 'unprocessable', ['is_client_agent_enrollment']);
    assert.equal((await acct('POST', '/v1/account/enroll/finalize', { is_client_agent_enrollment: true })).status, 200);
    const docs = await acct('GET', `/v1/account/locations/${accepted.body.location_uuid}/documents`);
    assert.ok(docs.body.data.some((d: { type: string }) => d.type === 'loa'));
  });

  it('a frozen credit file lifted (unfreeze-credit): the check is retried and the account is ready again, no partner action', async () => {
    const { uuid, token } = await h.createAccount({ ...IDENTITY, preliminary_address: { address_1: '815 Henderson St', postal_code: '76102' } });
    const acct = h.as(token);
    assertError(await acct('POST', '/v1/account/sandbox/unfreeze-credit'), 422, 'unprocessable', ['status_reason']);
    await h.app('POST', `/v1/app/accounts/${uuid}/record-client-agent`, {});
    await acct('POST', '/v1/account/billing/ensure-payment-method-added', { payment_method_id: h.addCard(uuid) });
    const frozen = await acct('POST', '/v1/account/enroll/credit-check', { ssn: '123-45-9003', consent: true });
    assert.deepEqual([frozen.body.status, frozen.body.status_reason], ['needs_attention', 'credit_check_frozen']);
    const lifted = await acct('POST', '/v1/account/sandbox/unfreeze-credit');
    assert.equal(lifted.status, 200);
    assert.deepEqual([lifted.body.status, lifted.body.status_reason], ['ready', 'enrollment_pending_client_agent']);
    assertError(await acct('POST', '/v1/account/sandbox/unfreeze-credit'), 422, 'unprocessable', ['status_reason']);
  });

  it('a frozen credit file lifted after finalize: the enrollment goes on from the credit check to the utility', async () => {
    const { uuid, token } = await h.readyToFinalize({ ssn: '123-45-9003' });
    await h.as(token)('POST', '/v1/account/enroll/finalize', {});
    const frozen = await h.as(token)('POST', '/v1/account/sandbox/advance', { to: 'credit_checked' });
    assert.deepEqual([frozen.body.status, frozen.body.status_reason], ['needs_attention', 'credit_check_frozen']);
    // Frozen, the pipeline waits whatever the time: nothing but the customer lifting the freeze moves it.
    h.sb.clock.advance(10 * 24 * 3_600_000);
    const acct = h.as((await h.app('POST', `/v1/app/accounts/${uuid}/token`)).body.token);
    assert.equal((await acct('GET', '/v1/account')).body.status_reason, 'credit_check_frozen');
    const lifted = await acct('POST', '/v1/account/sandbox/unfreeze-credit');
    assert.deepEqual([lifted.body.status, lifted.body.status_reason], ['activating', 'utility_submitted']);
    const active = await acct('POST', '/v1/account/sandbox/advance', { to: 'active' });
    assert.equal(active.body.enrollment.is_service_active, true);
  });

  it('refuses a client agent acceptance without power of attorney, and the client agent flag on a customer acceptance', async () => {
    const { token, plan } = await h.readyToFinalize();
    const premise = premiseIn('77002');
    const res = await h.as(token)('POST', '/v1/account/enroll/plans/accept', { esi_id: premise.esi_id, plan_uuid: plan.uuid, start_date: addDays(h.sb.clock.today(), 8), terms_accepted: true, accepted_by: 'client_agent' });
    assertError(res, 422, 'unprocessable', ['accepted_by']);
    assertError(await h.as(token)('POST', '/v1/account/enroll/finalize', { is_client_agent_enrollment: true }), 422, 'unprocessable', ['is_client_agent_enrollment']);
  });
});
