/** Every status/status_reason transition, on the controllable clock, with the webhooks each one emits. */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PREMISES } from '../data/addresses.js';
import { addDays, addMonths, localToInstant } from '../time.js';
import { Harness, IDENTITY, premiseIn, premiseWith } from './support/harness.js';

const h = new Harness();
after(() => h.close());

const BH = 3_600_000;
async function statusOf(uuid: string): Promise<[string, string]> {
  const a = (await h.app('GET', `/v1/app/accounts/${uuid}`)).body;
  return [a.status, a.status_reason];
}
function webhooks(uuid: string): string[] {
  return h.sb.dispatcher.events().filter((e) => e.data.account_uuid === uuid).map((e) => e.type);
}
/** Moves the clock by business hours, as POST /__sandbox/clock { advance_business_hours } does. */
async function businessHours(hours: number): Promise<void> {
  const res = await h.call('POST', '/__sandbox/clock', { body: { advance_business_hours: hours } });
  assert.equal(res.status, 200);
}

describe('before finalization: status follows the steps', () => {
  it('created → applying reasons in order', async () => {
    const { uuid, token } = await h.createAccount({ preliminary_address: { address_1: '3005 Routh St', postal_code: '75201' } });
    const acct = h.as(token);
    assert.deepEqual(await statusOf(uuid), ['created', 'unresolved']);
    const premise = premiseIn('75201');
    const [plan] = await h.plansFor(token, premise.esi_id);
    assert.deepEqual(await statusOf(uuid), ['applying', 'plan_not_accepted']);
    // Identity before the plan does not skip the plan step
    await acct('PATCH', '/v1/account/enroll/identity', IDENTITY);
    assert.deepEqual(await statusOf(uuid), ['applying', 'plan_not_accepted']);
    await acct('POST', '/v1/account/enroll/plans/accept', { esi_id: premise.esi_id, plan_uuid: plan!.uuid, start_date: plan!.earliest_start_date, terms_accepted: true });
    assert.deepEqual(await statusOf(uuid), ['applying', 'missing_payment_method']);
    await acct('POST', '/v1/account/billing/ensure-payment-method-added', { payment_method_id: h.addCard(uuid) });
    assert.deepEqual(await statusOf(uuid), ['applying', 'enrollment_not_finalized']);
    await acct('POST', '/v1/account/sandbox/remove-payment-method');
    assert.deepEqual(await statusOf(uuid), ['applying', 'missing_payment_method']);
  });

  it('applying/missing_identity when the plan comes first', async () => {
    const { uuid, token } = await h.createAccount();
    assert.deepEqual(await statusOf(uuid), ['created', 'missing_address']);
    const premise = premiseIn('76102');
    const [plan] = await h.plansFor(token, premise.esi_id);
    await h.as(token)('POST', '/v1/account/enroll/plans/accept', { esi_id: premise.esi_id, plan_uuid: plan!.uuid, start_date: plan!.earliest_start_date, terms_accepted: true });
    assert.deepEqual(await statusOf(uuid), ['applying', 'missing_identity']);
  });
});

describe('after finalization: background progress on the sandbox clock', () => {
  it('reviewing → credit → activating → scheduled → active → usage history, CenterPoint (2 business hours)', async () => {
    const { uuid, token, plan } = await h.readyToFinalize({ premise: premiseIn('77005') });
    await h.as(token)('POST', '/v1/account/enroll/finalize');
    assert.deepEqual(await statusOf(uuid), ['reviewing', 'verification_pending']);
    await businessHours(0.5);
    assert.deepEqual(await statusOf(uuid), ['reviewing', 'credit_check_pending']);
    await businessHours(0.5);
    assert.deepEqual(await statusOf(uuid), ['activating', 'utility_submitted']);
    await businessHours(1);
    // Accepted by the utility, but the start date (tomorrow) is still ahead
    assert.deepEqual(await statusOf(uuid), ['scheduled', 'service_pending']);
    assert.equal(webhooks(uuid).includes('location.service_active'), false);
    h.sb.clock.set(localToInstant(plan.earliest_start_date));
    assert.deepEqual(await statusOf(uuid), ['active', 'active']);
    const active = (await h.app('GET', `/v1/app/accounts/${uuid}`)).body;
    assert.equal(active.enrollment.is_service_active, true);
    assert.equal(active.enrollment.has_usage_history, false);
    h.sb.clock.advance(4 * BH);
    assert.equal((await h.app('GET', `/v1/app/accounts/${uuid}`)).body.enrollment.has_usage_history, true);
    assert.deepEqual(webhooks(uuid).slice(-3), ['enrollment.finalized', 'location.service_active', 'location.usage_history_available']);
  });

  it('runs lazily on read as real time passes, without any clock control', async () => {
    const own = new Harness(); // its own clock: Monday 10:00, inside business hours
    try {
      const { uuid, token } = await own.readyToFinalize();
      await own.as(token)('POST', '/v1/account/enroll/finalize');
      own.realMs += 29 * 60 * 1000;
      assert.equal((await own.account(token)).status_reason, 'verification_pending');
      own.realMs += 2 * 60 * 1000;
      assert.equal((await own.app('GET', `/v1/app/accounts/${uuid}`)).body.status_reason, 'credit_check_pending');
    } finally {
      own.close();
    }
  });

  it('skips scheduled when the start date has already come when the utility accepts', async () => {
    const { uuid, token } = await h.readyToFinalize({ premise: premiseIn('77573') }); // TNMP: 23 business hours
    await h.as(token)('POST', '/v1/account/enroll/finalize');
    await businessHours(1);
    assert.deepEqual(await statusOf(uuid), ['activating', 'utility_submitted']);
    await businessHours(23);
    assert.deepEqual(await statusOf(uuid), ['active', 'active']);
  });

  it('takes 72 business hours from finalize to acceptance for AEP North', async () => {
    const { uuid, token } = await h.readyToFinalize({ premise: premiseIn('79601') });
    await h.as(token)('POST', '/v1/account/enroll/finalize');
    await businessHours(71.9);
    assert.deepEqual(await statusOf(uuid), ['activating', 'utility_submitted']);
    await businessHours(0.1);
    assert.deepEqual(await statusOf(uuid), ['active', 'active']);
  });

  it('starts the contract on the day the utility accepted a switch that came after the requested start date', async () => {
    const { uuid, token, plan } = await h.readyToFinalize({ premise: premiseIn('79601') }); // AEP North: 71 business hours
    const location = (await h.account(token)).location_uuid!;
    await h.as(token)('POST', '/v1/account/enroll/finalize');
    await businessHours(72);
    assert.deepEqual(await statusOf(uuid), ['active', 'active']);
    const day = (await h.call('GET', '/__sandbox/clock')).body.today;
    assert.ok(day > plan.earliest_start_date, 'the switch came after the requested start date');
    const active = h.sb.dispatcher.events().find((e) => e.type === 'location.service_active' && e.data.account_uuid === uuid)!;
    const fresh = (await h.app('POST', `/v1/app/accounts/${uuid}/token`)).body.token;
    const contract = (await h.as(fresh)('GET', `/v1/account/locations/${location}`)).body.contract;
    assert.equal(active.data.service_start_date, day);
    assert.equal(contract.start_date, day);
    assert.equal(contract.end_date, addDays(addMonths(day, plan.term_months), -1));
  });

  it('keeps the requested start date on a client agent\'s Letter of Authorization when the switch comes after it', async () => {
    const premise = premiseIn('79601'); // AEP North: 72 business hours from finalize, more than the 7 days asked for
    const { uuid, token } = await h.createAccount();
    const acct = h.as(token);
    assert.equal((await h.app('POST', `/v1/app/accounts/${uuid}/record-client-agent`, {})).status, 200);
    assert.equal((await acct('PATCH', '/v1/account/enroll/identity', IDENTITY)).status, 200);
    assert.equal((await acct('POST', '/v1/account/enroll/credit-check', { ssn: '123-45-6789', consent: true })).status, 200);
    assert.equal((await acct('POST', '/v1/account/billing/ensure-payment-method-added', { payment_method_id: h.addCard(uuid) })).status, 200);
    const [plan] = await h.plansFor(token, premise.esi_id);
    const requested = addDays((await h.call('GET', '/__sandbox/clock')).body.today, 7);
    const accepted = await acct('POST', '/v1/account/enroll/plans/accept', { esi_id: premise.esi_id, plan_uuid: plan!.uuid, start_date: requested, terms_accepted: true, accepted_by: 'client_agent' });
    assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
    assert.equal((await acct('POST', '/v1/account/enroll/finalize', { is_client_agent_enrollment: true })).status, 200);
    await businessHours(72);
    const day = (await h.call('GET', '/__sandbox/clock')).body.today;
    assert.ok(day > requested);
    const fresh = h.as((await h.app('POST', `/v1/app/accounts/${uuid}/token`)).body.token);
    const location = (await fresh('GET', '/v1/account')).body.location_uuid;
    assert.equal((await fresh('GET', `/v1/account/locations/${location}`)).body.contract.start_date, day);
    const loa = (await fresh('GET', `/v1/account/locations/${location}/all-documents`)).body.data.find((d: { type: string }) => d.type === 'loa');
    const loaUrl = new URL(loa.url);
    const pdf = Buffer.from(await (await h.sb.app.request(loaUrl.pathname + loaUrl.search)).arrayBuffer()).toString('latin1');
    const long = (date: string) => new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    assert.ok(pdf.includes(long(requested)), `the LOA shows the requested ${long(requested)}`);
    assert.ok(!pdf.includes(long(day)), `not the day service started, ${long(day)}`);
  });
});

describe('sandbox triggers', () => {
  for (const [serial, reason] of [['9001', 'credit_not_found'], ['9002', 'credit_declined'], ['9003', 'credit_check_frozen'], ['9004', 'credit_check_error']]) {
    it(`SSN serial ${serial} → needs_attention/${reason}`, async () => {
      const { uuid, token } = await h.readyToFinalize({ ssn: `123-45-${serial}` });
      await h.as(token)('POST', '/v1/account/enroll/finalize');
      await businessHours(0.5);
      assert.deepEqual(await statusOf(uuid), ['reviewing', 'credit_check_pending']);
      await businessHours(0.5);
      assert.deepEqual(await statusOf(uuid), ['needs_attention', reason]);
      await businessHours(100);
      assert.deepEqual(await statusOf(uuid), ['needs_attention', reason]);
    });
  }

  it('no credit check submitted → needs_attention/credit_not_found', async () => {
    const { uuid, token } = await h.createAccount();
    const premise = premiseIn('77002');
    const [plan] = await h.plansFor(token, premise.esi_id);
    const acct = h.as(token);
    await acct('POST', '/v1/account/enroll/plans/accept', { esi_id: premise.esi_id, plan_uuid: plan!.uuid, start_date: plan!.earliest_start_date, terms_accepted: true });
    await acct('PATCH', '/v1/account/enroll/identity', IDENTITY);
    await acct('POST', '/v1/account/billing/ensure-payment-method-added', { payment_method_id: h.addCard(uuid) });
    await acct('POST', '/v1/account/enroll/finalize');
    await businessHours(1);
    assert.deepEqual(await statusOf(uuid), ['needs_attention', 'credit_not_found']);
  });

  it('switch hold and deactivated meter block at submission; utility blocked after it', async () => {
    for (const [trigger, expected] of [['switch_hold', 'enrollment_blocked_switch_hold'], ['deactivated', 'enrollment_blocked_deactivated']] as const) {
      const { uuid, token } = await h.readyToFinalize({ premise: premiseWith(trigger) });
      await h.as(token)('POST', '/v1/account/enroll/finalize');
      await businessHours(1);
      assert.deepEqual(await statusOf(uuid), ['needs_attention', expected]);
    }
    const { uuid, token } = await h.readyToFinalize({ premise: premiseWith('utility_blocked') });
    await h.as(token)('POST', '/v1/account/enroll/finalize');
    await businessHours(1);
    assert.deepEqual(await statusOf(uuid), ['activating', 'utility_submitted']);
    await businessHours(47);
    assert.deepEqual(await statusOf(uuid), ['needs_attention', 'utility_blocked']);
  });

  it('keeps the multi-meter premises apart by ESI ID', async () => {
    const [first, second] = PREMISES.filter((p) => p.meter_description);
    const { token } = await h.readyToFinalize({ premise: second! });
    const account = await h.account(token);
    assert.equal(account.service_address?.esi_id, second!.esi_id);
    assert.notEqual(account.service_address?.esi_id, first!.esi_id);
    assert.equal(account.service_address?.meter_description, 'Meter 2 of 2');
  });
});
