/** The rules of each enrollment step: the 400s naming bad fields and the 422s of broken rules. */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { addDays, contractEndDate } from '../time.js';
import { assertError, Harness, IDENTITY, premiseIn } from './support/harness.js';

const h = new Harness();
after(() => h.close());

describe('plans/accept', () => {
  it('names malformed and missing fields (400) and refuses both start date names', async () => {
    const { token } = await h.createAccount();
    const acct = h.as(token);
    assertError(await acct('POST', '/v1/account/enroll/plans/accept', {}), 400, 'invalid_request', ['esi_id', 'plan_uuid', 'terms_accepted', 'start_date']);
    assertError(
      await acct('POST', '/v1/account/enroll/plans/accept', { esi_id: '123', plan_uuid: 'x', start_date: '2026-13-01', terms_accepted: 'yes' }),
      400,
      'invalid_request',
      ['esi_id', 'plan_uuid', 'start_date', 'terms_accepted'],
    );
    const premise = premiseIn('77002');
    const [plan] = await h.plansFor(token, premise.esi_id);
    const both = await acct('POST', '/v1/account/enroll/plans/accept', { esi_id: premise.esi_id, plan_uuid: plan!.uuid, start_date: plan!.earliest_start_date, service_start_date: plan!.earliest_start_date, terms_accepted: true });
    assertError(both, 400, 'invalid_request', ['service_start_date']);
  });

  it('422s every broken rule at once: terms, window, meter', async () => {
    const { token } = await h.createAccount();
    const premise = premiseIn('77002');
    const other = premiseIn('77005');
    const [plan] = await h.plansFor(token, premise.esi_id);
    const res = await h.as(token)('POST', '/v1/account/enroll/plans/accept', { esi_id: other.esi_id, plan_uuid: plan!.uuid, service_start_date: h.sb.clock.today(), terms_accepted: false });
    assertError(res, 422, 'unprocessable', ['terms_accepted', 'service_start_date', 'esi_id']);
    const codes = res.body.error.fields.map((f: { code: string }) => f.code).sort();
    assert.deepEqual(codes, ['must_be_true', 'range', 'range']);
    const late = await h.as(token)('POST', '/v1/account/enroll/plans/accept', { esi_id: premise.esi_id, plan_uuid: plan!.uuid, start_date: addDays(plan!.latest_start_date, 1), terms_accepted: true });
    assertError(late, 422, 'unprocessable', ['start_date']);
  });

  // A plan stays acceptable for 5 business days, but its earliest_start_date (tomorrow when priced) does not move: a
  // start date that has come or passed is not one a customer can be enrolled for.
  it('refuses a start date that has passed while the plan is still valid (422 naming start_date)', async () => {
    const local = new Harness();
    try {
      const premise = premiseIn('77002');
      const { uuid, token } = await local.createAccount();
      const [plan] = await local.plansFor(token, premise.esi_id);
      assert.ok(plan);
      assert.equal(plan.earliest_start_date, addDays(local.sb.clock.today(), 1));
      // Two days later (Wednesday), the plan is still valid (5 business days); its earliest start date was yesterday.
      local.sb.clock.advance(2 * 86_400_000);
      assert.ok(Date.parse(plan.expires_at) > local.sb.clock.nowMs(), 'the plan has not expired');
      assert.ok(plan.earliest_start_date < local.sb.clock.today());
      const acct = local.as((await local.app('POST', `/v1/app/accounts/${uuid}/token`)).body.token);
      const accept = (start_date: string) => acct('POST', '/v1/account/enroll/plans/accept', { esi_id: premise.esi_id, plan_uuid: plan.uuid, start_date, terms_accepted: true });
      const past = await accept(plan.earliest_start_date);
      assertError(past, 422, 'unprocessable', ['start_date']);
      assert.match(past.body.error.fields[0].message, new RegExp(`between ${addDays(local.sb.clock.today(), 1)} and ${plan.latest_start_date}`));
      assertError(await accept(local.sb.clock.today()), 422, 'unprocessable', ['start_date']);
      assert.equal((await accept(addDays(local.sb.clock.today(), 1))).status, 200, 'tomorrow is still in the window');
    } finally {
      local.close();
    }
  });

  it('refuses an expired plan (5 business days) and a plan quoted for another account', async () => {
    const a = await h.createAccount();
    const b = await h.createAccount();
    const premise = premiseIn('78401');
    const [plan] = await h.plansFor(a.token, premise.esi_id);
    assertError(await h.as(b.token)('POST', '/v1/account/enroll/plans/accept', { esi_id: premise.esi_id, plan_uuid: plan!.uuid, start_date: plan!.earliest_start_date, terms_accepted: true }), 404, 'not_found');
    assertError(await h.as(a.token)('POST', '/v1/account/enroll/plans/accept', { esi_id: premise.esi_id, plan_uuid: '3f0b6a1e-6c1f-4e8a-9b1d-2a9f0c7d5e41', start_date: plan!.earliest_start_date, terms_accepted: true }), 404, 'not_found');
    // Monday 10:00 + 5 business days → the next Monday 10:00 (CDT by then: one hour less in UTC)
    assert.equal(plan!.expires_at, '2026-03-09T15:00:00.000Z');
    h.sb.clock.set(Date.parse(plan!.expires_at));
    const fresh = (await h.app('POST', `/v1/app/accounts/${a.uuid}/token`)).body.token;
    const expired = await h.as(fresh)('POST', '/v1/account/enroll/plans/accept', { esi_id: premise.esi_id, plan_uuid: plan!.uuid, start_date: addDays(h.sb.clock.today(), 1), terms_accepted: true });
    assertError(expired, 422, 'unprocessable', ['plan_uuid']);
  });

  it('accepts App-level quotes priced by postal code for a meter of that utility', async () => {
    const { token } = await h.createAccount();
    const plans = (await h.app('POST', '/v1/app/accounts/enroll/plans/request', { postal_code: '79601' })).body.plans;
    const res = await h.as(token)('POST', '/v1/account/enroll/plans/accept', { esi_id: premiseIn('79601').esi_id, plan_uuid: plans[0].uuid, start_date: plans[0].earliest_start_date, terms_accepted: true });
    assert.equal(res.status, 200);
    const wrongUtility = await h.as(token)('POST', '/v1/account/enroll/plans/accept', { esi_id: premiseIn('77002').esi_id, plan_uuid: plans[1].uuid, start_date: plans[1].earliest_start_date, terms_accepted: true });
    assertError(wrongUtility, 422, 'unprocessable', ['esi_id']);
  });
});

describe('identity and credit check', () => {
  it('checks every identity field given in its format, and 18+ (422); an empty update is a 400', async () => {
    const { token } = await h.createAccount();
    const acct = h.as(token);
    assertError(await acct('PATCH', '/v1/account/enroll/identity', {}), 400, 'invalid_request', ['body']);
    assertError(await acct('PATCH', '/v1/account/enroll/identity', { ...IDENTITY, phone: '12', email: 'x', date_of_birth: '01/02/1990' }), 400, 'invalid_request', ['phone', 'email', 'date_of_birth']);
    assertError(await acct('PATCH', '/v1/account/enroll/identity', { ...IDENTITY, date_of_birth: addDays(h.sb.clock.today(), -365 * 17) }), 422, 'unprocessable', ['date_of_birth']);
    const ok = await acct('PATCH', '/v1/account/enroll/identity', IDENTITY);
    assert.equal(ok.body.phone, '+17135550142');
  });

  it('is a PATCH: the fields given change, the others stay, and the identity is complete once all five are on the account', async () => {
    const { first_name, last_name, phone, email, date_of_birth } = IDENTITY;
    const { token } = await h.createAccount({ first_name, last_name, phone, email });
    const acct = h.as(token);
    assert.equal((await acct('GET', '/v1/account')).body.enrollment.is_identity_verified, false);
    const born = await acct('PATCH', '/v1/account/enroll/identity', { date_of_birth });
    assert.equal(born.status, 200);
    assert.deepEqual([born.body.first_name, born.body.last_name, born.body.email, born.body.date_of_birth], [first_name, last_name, email, date_of_birth]);
    assert.equal(born.body.enrollment.is_identity_verified, true);
    const renamed = await acct('PATCH', '/v1/account/enroll/identity', { last_name: "O'Brien" });
    assert.deepEqual([renamed.body.first_name, renamed.body.last_name, renamed.body.date_of_birth], [first_name, "O'Brien", date_of_birth]);
  });

  it('checks the SSN by SSA rules, requires consent, and never stores or echoes the SSN', async () => {
    const { uuid, token } = await h.createAccount();
    const acct = h.as(token);
    assertError(await acct('POST', '/v1/account/enroll/credit-check', {}), 400, 'invalid_request', ['ssn', 'consent']);
    for (const ssn of ['000-12-3456', '666-12-3456', '912-12-3456', '123-00-4567', '123-45-0000', '12345678']) {
      assertError(await acct('POST', '/v1/account/enroll/credit-check', { ssn, consent: true }), 400, 'invalid_request', ['ssn']);
    }
    assertError(await acct('POST', '/v1/account/enroll/credit-check', { ssn: '123-45-6789', consent: false }), 422, 'unprocessable', ['consent']);
    const ok = await acct('POST', '/v1/account/enroll/credit-check', { ssn: '321-54-9876', consent: true });
    // The SSN in any form: whole (with or without dashes) or its last four on their own ("***-**-9876", "9876"); not
    // four digits that happen to sit inside a random id or number (hexadecimal or decimal digits on both sides).
    const showsSsn = (value: unknown) => /321-?54-?9876|(^|[^0-9a-f])9876($|[^0-9a-f])/i.test(JSON.stringify(value));
    assert.ok(!showsSsn(ok.body), JSON.stringify(ok.body));
    const record = h.sb.store.account(uuid)!;
    assert.ok(!showsSsn(record));
    assert.deepEqual(record.credit?.outcome, 'pass');
    const inspection = await h.call('GET', `/__sandbox/accounts/${uuid}`);
    assert.ok(!showsSsn(inspection.body), JSON.stringify(inspection.body));
  });
});

describe('payment method', () => {
  it('syncs only a succeeded method the processor set up for this account', async () => {
    const a = await h.createAccount();
    const b = await h.createAccount();
    const acct = h.as(a.token);
    assertError(await acct('POST', '/v1/account/billing/ensure-payment-method-added', {}), 400, 'invalid_request', ['payment_method_id']);
    assertError(await acct('POST', '/v1/account/billing/ensure-payment-method-added', { payment_method_id: 'pm_unknown' }), 422, 'unprocessable', ['payment_method_id']);
    assertError(await acct('POST', '/v1/account/billing/ensure-payment-method-added', { payment_method_id: h.addCard(b.uuid) }), 422, 'unprocessable', ['payment_method_id']);
    // 3-D Secure not yet completed: the method exists but its setup has not succeeded
    const intent = h.sb.processor.createSetupIntent(a.uuid);
    const pending = h.sb.processor.confirmSetupIntent(intent.client_secret, { number: '4000002500003155', exp_month: 12, exp_year: 2034, cvc: '123', postal_code: '77002' });
    assert.ok(pending.ok && pending.setupIntent.status === 'requires_action');
    assertError(await acct('POST', '/v1/account/billing/ensure-payment-method-added', { payment_method_id: pending.setupIntent.payment_method }), 422, 'unprocessable', ['payment_method_id']);
    assertError(await acct('GET', '/v1/account/billing/payment-method'), 404, 'not_found');
    assert.equal((await acct('POST', '/v1/account/billing/ensure-payment-method-added', { payment_method_id: h.addCard(a.uuid, '378282246310005') })).status, 200);
    assert.equal((await acct('GET', '/v1/account/billing/payment-method')).body.card_brand, 'amex');
  });

  it('sends account.payment_method_added once for a method already on file (a retried call), and again for another card', async () => {
    const { uuid, token } = await h.createAccount();
    const acct = h.as(token);
    const pm = h.addCard(uuid);
    const before = h.sb.dispatcher.events().length;
    const first = await acct('POST', '/v1/account/billing/ensure-payment-method-added', { payment_method_id: pm });
    assert.equal(first.status, 200);
    // A backend retrying after a lost answer (no Idempotency-Key: the specification names none) asks again.
    const again = await acct('POST', '/v1/account/billing/ensure-payment-method-added', { payment_method_id: pm });
    assert.equal(again.status, 200);
    assert.deepEqual(again.body, first.body, 'the same answer');
    const added = () =>
      h.sb.dispatcher
        .events()
        .slice(before)
        .filter((e) => e.type === 'account.payment_method_added' && e.data.account_uuid === uuid);
    assert.equal(added().length, 1, 'the same payment method is added once: one account.payment_method_added webhook');
    assert.equal((await acct('POST', '/v1/account/billing/ensure-payment-method-added', { payment_method_id: h.addCard(uuid, '5555555555554444') })).status, 200);
    assert.deepEqual(added().map((e) => e.data.card_last4), ['4242', '4444'], 'a new card is added');
  });
});

describe('finalize', () => {
  it('422s with "Cannot finalize enrollment" naming each missing flag', async () => {
    const { uuid, token } = await h.createAccount();
    const res = await h.as(token)('POST', '/v1/account/enroll/finalize');
    assertError(res, 422, 'cannot_finalize_enrollment', ['enrollment.has_accepted_plan', 'enrollment.is_identity_verified', 'enrollment.has_payment_method']);
    assert.equal(res.body.error.message, 'Cannot finalize enrollment');
    assertError(await h.as(token)('POST', '/v1/account/enroll/finalize', { is_client_agent_enrollment: 'yes' }), 400, 'invalid_request', ['is_client_agent_enrollment']);
    const inspection = await h.call('GET', `/__sandbox/accounts/${uuid}`);
    assert.equal(inspection.body.counters.finalize_succeeded, 0);
  });

  it('422s after the payment method is removed, and once finalized', async () => {
    const { token } = await h.readyToFinalize();
    await h.as(token)('POST', '/v1/account/sandbox/remove-payment-method');
    assertError(await h.as(token)('POST', '/v1/account/enroll/finalize'), 422, 'cannot_finalize_enrollment', ['enrollment.has_payment_method']);
    const { token: done } = await h.readyToFinalize();
    assert.equal((await h.as(done)('POST', '/v1/account/enroll/finalize')).status, 200);
    assertError(await h.as(done)('POST', '/v1/account/enroll/finalize'), 422, 'cannot_finalize_enrollment', ['enrollment.is_enrollment_finalized']);
  });

  it('once finalized, the identity is the enrollment\'s: an enrollment link (left in a browser\'s history) cannot rewrite the name or email', async () => {
    const { uuid, token } = await h.readyToFinalize();
    assert.equal((await h.as(token)('POST', '/v1/account/enroll/finalize')).status, 200);
    const link = (await h.app('POST', `/v1/app/accounts/${uuid}/flow-login`, { scope: 'enrollment' })).body.login_link as string;
    const flow = new URL(link).searchParams.get('token')!;
    const before = (await h.account(token)) as unknown as { email: string; first_name: string };
    const res = await h.as(flow)('PATCH', '/v1/account/enroll/identity', { ...IDENTITY, first_name: 'Mallory', email: 'mallory@example.com' });
    assertError(res, 422, 'unprocessable', ['enrollment.is_enrollment_finalized']);
    const after = (await h.account(token)) as unknown as { email: string; first_name: string };
    assert.deepEqual([after.first_name, after.email], [before.first_name, before.email]);
  });

  /** An enrollment accepted with the plan's earliest start date (tomorrow), left unfinished `days` days. */
  async function comeBackLater(days: number) {
    const later = new Harness();
    const { uuid, plan } = await later.readyToFinalize();
    later.sb.clock.advance(days * 24 * 3_600_000);
    const token = (await later.app('POST', `/v1/app/accounts/${uuid}/token`)).body.token as string;
    const acct = later.as(token);
    const location = (await later.account(token)).location_uuid;
    return { later, uuid, plan, acct, location, today: later.sb.clock.today() };
  }

  it('moves a start date that has passed to the earliest possible day (tomorrow): no contract starts before it was submitted', async () => {
    const { later, uuid, plan, acct, location, today } = await comeBackLater(10);
    try {
      assert.ok(plan.earliest_start_date < today);
      const res = await acct('POST', '/v1/account/enroll/finalize', {});
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const tomorrow = addDays(today, 1);
      const moved = (await acct('GET', `/v1/account/locations/${location}`)).body.contract;
      assert.equal(moved.start_date, tomorrow);
      assert.equal(moved.end_date, contractEndDate(tomorrow, plan.term_months), 'the same term from the new start');
      assert.equal((await acct('POST', '/v1/account/sandbox/advance', { to: 'active' })).status, 200);
      const contract = (await acct('GET', `/v1/account/locations/${location}`)).body.contract;
      assert.ok(
        contract.start_date >= today,
        `finalized on ${today}, the contract says it started on ${contract.start_date} (and location.service_active says service_start_date ${contract.start_date}), while billing starts on ${today}`,
      );
      const active = later.sb.dispatcher.events().find((e) => e.type === 'location.service_active' && e.data.account_uuid === uuid);
      assert.equal(active?.data.service_start_date, tomorrow);
    } finally {
      later.close();
    }
  });

  it('refuses (422 naming start_date) an enrollment whose plan can no longer start in its window, and finalizes nothing', async () => {
    const { later, plan, acct, location, today } = await comeBackLater(40);
    try {
      assert.ok(plan.latest_start_date < today);
      const res = await acct('POST', '/v1/account/enroll/finalize', {});
      assertError(res, 422, 'unprocessable', ['start_date']);
      assert.match(res.body.error.fields[0].message, /choose a plan again/);
      assert.equal((await acct('GET', '/v1/account')).body.enrollment.is_enrollment_finalized, false);
      assert.equal((await acct('GET', `/v1/account/locations/${location}`)).body.contract.start_date, plan.earliest_start_date, 'unchanged');
    } finally {
      later.close();
    }
  });
});
