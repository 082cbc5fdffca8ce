/**
 * Renewal of a location's contract: eligibility (active, 60 days before the end date, month-to-month), offers,
 * acceptance with an Idempotency-Key, the queued contract and its documents, the day it starts, the renewal flow
 * token's reach, and the helper presets use to queue a renewal.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ApiError } from '../http/errors.js';
import { queueRenewal, RENEWAL_WINDOW_DAYS } from '../state/renewal.js';
import { addDays, localToInstant } from '../time.js';
import { assertError, Harness, withPreset } from './support/harness.js';
import type { Location, Plan } from '../../../src/api/types.js';

interface Active {
  uuid: string;
  locationUuid: string;
  /** The contract's end date (the first plan: 6 months from tomorrow). */
  endDate: string;
}

/** An account whose service is active, on a 6-month contract starting tomorrow. */
async function activeAccount(h: Harness): Promise<Active> {
  const ready = await h.readyToFinalize();
  const acct = h.as(ready.token);
  assert.equal((await acct('POST', '/v1/account/enroll/finalize', {})).status, 200);
  assert.equal((await acct('POST', '/v1/account/sandbox/advance', { to: 'active' })).status, 200);
  const account = await h.account(ready.token);
  const location: Location = (await acct('GET', `/v1/account/locations/${account.location_uuid}`)).body;
  assert.equal(location.contract.status, 'active');
  assert.equal(location.contract.term_months, 6);
  return { uuid: ready.uuid, locationUuid: location.uuid, endDate: location.contract.end_date };
}

/** Moves the sandbox clock to 10:00 of a local date (never back). */
async function moveTo(h: Harness, date: string): Promise<void> {
  const res = await h.call('POST', '/__sandbox/clock', { body: { set: new Date(localToInstant(date, 10)).toISOString() } });
  assert.equal(res.status, 200, JSON.stringify(res.body));
}

/** A fresh account token (an hour of sandbox time; clock moves outlive the old one). */
async function tokenOf(h: Harness, uuid: string): Promise<string> {
  const res = await h.app('POST', `/v1/app/accounts/${uuid}/token`);
  assert.equal(res.status, 201);
  return res.body.token;
}

async function flowToken(h: Harness, uuid: string, scope: string): Promise<string> {
  const res = await h.app('POST', `/v1/app/accounts/${uuid}/flow-login`, { scope });
  assert.equal(res.status, 201);
  return new URL(res.body.login_link).searchParams.get('token')!;
}

describe('renewal eligibility', () => {
  let h: Harness;
  before(() => {
    h = new Harness();
  });
  after(() => h.close());

  it('is not_active before service starts: the Location says so and plans are 422 on status', async () => {
    const ready = await h.readyToFinalize();
    const account = await h.account(ready.token);
    const acct = h.as(ready.token);
    const location = (await acct('GET', `/v1/account/locations/${account.location_uuid}`)).body;
    assert.equal(location.renewal.eligibility, 'not_active');
    const res = await acct('GET', `/v1/account/locations/${account.location_uuid}/renewal/plans`);
    assertError(res, 422, 'unprocessable', ['status']);
    assert.equal(res.body.error.fields[0].code, 'not_active');
  });

  it(`opens ${RENEWAL_WINDOW_DAYS} days before the end date, and says when before that`, async () => {
    const a = await activeAccount(h);
    const opensOn = addDays(a.endDate, -RENEWAL_WINDOW_DAYS);
    await moveTo(h, addDays(opensOn, -1));
    let acct = h.as(await tokenOf(h, a.uuid));
    const early = (await acct('GET', `/v1/account/locations/${a.locationUuid}`)).body;
    assert.deepEqual(early.renewal, { eligibility: 'not_yet_eligible', opens_on: opensOn });
    const refused = await acct('GET', `/v1/account/locations/${a.locationUuid}/renewal/plans`);
    assertError(refused, 422, 'unprocessable', ['contract.end_date']);
    assert.equal(refused.body.error.fields[0].code, 'not_yet_eligible');
    assert.match(refused.body.error.message, new RegExp(opensOn));

    await moveTo(h, opensOn);
    acct = h.as(await tokenOf(h, a.uuid));
    assert.equal((await acct('GET', `/v1/account/locations/${a.locationUuid}`)).body.renewal.eligibility, 'eligible');
    const plans = await acct('GET', `/v1/account/locations/${a.locationUuid}/renewal/plans`);
    assert.equal(plans.status, 200);
    assert.equal(plans.body.length, 5);
  });

  it('is refused for a cancelled account, and for a location that is not the account\'s (404)', async () => {
    const a = await activeAccount(h);
    const token = await tokenOf(h, a.uuid);
    const other = await activeAccount(h);
    const res = await h.as(token)('GET', `/v1/account/locations/${other.locationUuid}/renewal/plans`);
    assertError(res, 404, 'not_found');
    assertError(await h.as(token)('GET', '/v1/account/locations/not-a-uuid/renewal/plans'), 404, 'not_found');
    assert.equal((await h.as(token)('POST', '/v1/account/sandbox/status', { status: 'cancelled', status_reason: 'cancelled_post_start' })).status, 200);
    const cancelled = await h.as(token)('GET', `/v1/account/locations/${a.locationUuid}/renewal/plans`);
    assertError(cancelled, 422, 'unprocessable', ['status']);
  });
});

describe('renewal offers and acceptance', () => {
  let h: Harness;
  let a: Active;
  let token: string;
  let plans: Plan[];
  const path = () => `/v1/account/locations/${a.locationUuid}`;

  before(async () => {
    h = new Harness();
    a = await activeAccount(h);
    await moveTo(h, addDays(a.endDate, -30));
    token = await tokenOf(h, a.uuid);
    plans = (await h.as(token)('GET', `${path()}/renewal/plans`)).body;
  });
  after(() => h.close());

  it('offers enrollment-shaped plans starting the day after the contract ends, with their documents', async () => {
    const start = addDays(a.endDate, 1);
    assert.deepEqual(plans.map((p) => p.term_months), [6, 12, 12, 24, 36]);
    for (const plan of plans) {
      assert.equal(plan.earliest_start_date, start);
      assert.equal(plan.latest_start_date, start);
      assert.ok(plan.average_price_cents_per_kwh);
      for (const link of [plan.links.efl, plan.links.tos, plan.links.yrac]) {
        const pdf = await h.sb.app.request(new URL(link).pathname);
        assert.equal(pdf.status, 200);
        assert.equal(pdf.headers.get('content-type'), 'application/pdf');
      }
    }
    const es = await h.sb.app.request(`${new URL(plans[1]!.links.efl).pathname}?locale=es`);
    assert.equal(es.status, 200);
  });

  it('shows the same offers while they are valid, and prices new ones after they expire', async () => {
    const again = (await h.as(token)('GET', `${path()}/renewal/plans`)).body as Plan[];
    assert.deepEqual(again.map((p) => p.uuid), plans.map((p) => p.uuid));
    // The offers of another test's harness are unaffected; here, a week later they have expired.
    const h2 = new Harness();
    try {
      const b = await activeAccount(h2);
      await moveTo(h2, addDays(b.endDate, -50));
      const first = (await h2.as(await tokenOf(h2, b.uuid))('GET', `/v1/account/locations/${b.locationUuid}/renewal/plans`)).body as Plan[];
      await moveTo(h2, addDays(b.endDate, -43));
      const later = (await h2.as(await tokenOf(h2, b.uuid))('GET', `/v1/account/locations/${b.locationUuid}/renewal/plans`)).body as Plan[];
      assert.equal(later.length, first.length);
      assert.ok(later.every((p) => !first.some((f) => f.uuid === p.uuid)), 'expired offers are not shown again');
    } finally {
      h2.close();
    }
  });

  it('refuses bad input with 400 naming the field, never a 500', async () => {
    const acct = h.as(token);
    assertError(await acct('POST', `${path()}/renewal/accept`, { plan_uuid: 'nope', terms_accepted: true }), 400, 'invalid_request', ['plan_uuid']);
    assertError(await acct('POST', `${path()}/renewal/accept`, { plan_uuid: plans[0]!.uuid }), 400, 'invalid_request', ['terms_accepted']);
    assertError(await acct('POST', `${path()}/renewal/accept`, { plan_uuid: plans[0]!.uuid, terms_accepted: 'yes' }), 400, 'invalid_request', ['terms_accepted']);
    assertError(await acct('POST', `${path()}/renewal/accept`, { plan_uuid: plans[0]!.uuid, terms_accepted: true, start_date: '2026-02-30' }), 400, 'invalid_request', ['start_date']);
    assertError(await acct('POST', `${path()}/renewal/accept`, undefined, { raw: '{"plan_uuid":' }), 400, 'invalid_json');
  });

  it('refuses a plan not offered for this location (404) and broken rules (422 naming each)', async () => {
    const acct = h.as(token);
    assertError(await acct('POST', `${path()}/renewal/accept`, { plan_uuid: '00000000-0000-4000-8000-000000000000', terms_accepted: true }), 404, 'not_found');
    // An enrollment quote is not a renewal offer, and a renewal offer is not an enrollment quote.
    const enrollmentPlan = (await h.plansFor(token, (await h.account(token)).service_address!.esi_id))[0]!;
    assertError(await acct('POST', `${path()}/renewal/accept`, { plan_uuid: enrollmentPlan.uuid, terms_accepted: true }), 404, 'not_found');
    const esiId = (await h.account(token)).service_address!.esi_id;
    const crossed = await acct('POST', '/v1/account/enroll/plans/accept', { esi_id: esiId, plan_uuid: plans[0]!.uuid, start_date: plans[0]!.earliest_start_date, terms_accepted: true });
    assertError(crossed, 404, 'not_found');
    const refused = await acct('POST', `${path()}/renewal/accept`, { plan_uuid: plans[0]!.uuid, terms_accepted: false, start_date: addDays(a.endDate, 2) });
    assertError(refused, 422, 'unprocessable', ['terms_accepted', 'start_date']);
    assert.equal((await acct('GET', path())).body.queued_contract, null, 'nothing was queued');
  });

  it('queues the contract once per Idempotency-Key; another acceptance is already_renewed', async () => {
    const acct = h.as(token);
    const plan = plans[1]!;
    const headers = { 'idempotency-key': 'renew-once' };
    const first = await acct('POST', `${path()}/renewal/accept`, { plan_uuid: plan.uuid, terms_accepted: true }, { headers });
    assert.equal(first.status, 200, JSON.stringify(first.body));
    const queued = first.body.queued_contract;
    assert.equal(queued.status, 'queued');
    assert.equal(queued.plan_uuid, plan.uuid);
    assert.equal(queued.start_date, addDays(a.endDate, 1));
    assert.equal(queued.end_date, addDays(addDays(a.endDate, 1).replace(/^(\d{4})/, (y) => String(Number(y) + 1)), -1));
    assert.equal(first.body.contract.status, 'active');
    assert.equal(first.body.renewal.eligibility, 'already_renewed');

    const replay = await acct('POST', `${path()}/renewal/accept`, { plan_uuid: plan.uuid, terms_accepted: true }, { headers });
    assert.equal(replay.status, 200);
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual(replay.body, first.body);

    const reused = await acct('POST', `${path()}/renewal/accept`, { plan_uuid: plans[3]!.uuid, terms_accepted: true }, { headers });
    assertError(reused, 422, 'unprocessable', ['Idempotency-Key']);
    for (const other of [plans[3]!, plan]) {
      const again = await acct('POST', `${path()}/renewal/accept`, { plan_uuid: other.uuid, terms_accepted: true }, { headers: { 'idempotency-key': `again-${other.uuid}` } });
      assertError(again, 422, 'unprocessable', ['queued_contract']);
      assert.equal(again.body.error.fields[0].code, 'already_renewed');
    }
    const noMore = await acct('GET', `${path()}/renewal/plans`);
    assertError(noMore, 422, 'unprocessable', ['queued_contract']);
    assert.deepEqual((await acct('GET', path())).body.queued_contract, queued);
    const events = h.sb.store.serviceEvents.filter((e) => e.accountUuid === a.uuid && e.event === 'renewal_accepted');
    assert.equal(events.length, 1, 'accepted once');
  });

  it('lists the queued documents in all-documents (future dates, status queued), not in documents', async () => {
    const acct = h.as(token);
    const queued = (await acct('GET', path())).body.queued_contract;
    const active = (await acct('GET', `${path()}/documents`)).body.data as { url: string; status: string; effective_date: string }[];
    const all = (await acct('GET', `${path()}/all-documents`)).body.data as { type: string; url: string; status: string; effective_date: string }[];
    assert.ok(active.every((d) => d.status === 'active'));
    const queuedDocs = all.filter((d) => d.status === 'queued');
    assert.deepEqual(queuedDocs.map((d) => d.type).sort(), ['efl', 'tos', 'yrac']);
    const plan = plans.find((p) => p.uuid === queued.plan_uuid)!;
    assert.deepEqual(queuedDocs.map((d) => d.url).sort(), [plan.links.efl, plan.links.tos, plan.links.yrac].sort());
    for (const d of queuedDocs) assert.equal(d.effective_date, queued.start_date);
    assert.ok(queuedDocs.every((d) => !active.some((x) => x.url === d.url)), 'queued documents are not active');
    const pdf = await h.sb.app.request(new URL(queuedDocs.find((d) => d.type === 'efl')!.url).pathname);
    assert.equal(pdf.status, 200);
  });

  it('makes the queued contract the location\'s on its start date; the old one becomes historical', async () => {
    const before = (await h.as(token)('GET', path())).body as Location;
    const queued = before.queued_contract!;
    await moveTo(h, queued.start_date);
    const acct = h.as(await tokenOf(h, a.uuid));
    const location = (await acct('GET', path())).body as Location;
    assert.deepEqual(location.contract, { ...queued, status: 'active' });
    assert.equal(location.queued_contract, null);
    assert.equal(location.renewal!.eligibility, 'not_yet_eligible');
    const active = (await acct('GET', `${path()}/documents`)).body.data as { url: string }[];
    const plan = plans.find((p) => p.uuid === queued.plan_uuid)!;
    assert.ok(active.some((d) => d.url === plan.links.efl));
    const all = (await acct('GET', `${path()}/all-documents`)).body.data as { status: string; url: string }[];
    assert.ok(all.some((d) => d.status === 'historical' && d.url !== plan.links.efl));
    assert.ok(!all.some((d) => d.status === 'queued'));
  });
});

describe('month-to-month renewal', () => {
  it('is eligible past the end date, starting tomorrow to 30 days out, on the date chosen', async () => {
    const h = new Harness();
    try {
      const a = await activeAccount(h);
      const today = addDays(a.endDate, 20);
      await moveTo(h, today);
      const acct = h.as(await tokenOf(h, a.uuid));
      const location = (await acct('GET', `/v1/account/locations/${a.locationUuid}`)).body as Location;
      assert.equal(location.contract.status, 'expired');
      assert.equal(location.renewal!.eligibility, 'eligible');
      const plans = (await acct('GET', `/v1/account/locations/${a.locationUuid}/renewal/plans`)).body as Plan[];
      assert.equal(plans[0]!.earliest_start_date, addDays(today, 1));
      assert.equal(plans[0]!.latest_start_date, addDays(today, 30));
      const late = await acct('POST', `/v1/account/locations/${a.locationUuid}/renewal/accept`, { plan_uuid: plans[0]!.uuid, terms_accepted: true, start_date: addDays(today, 31) });
      assertError(late, 422, 'unprocessable', ['start_date']);
      const res = await acct('POST', `/v1/account/locations/${a.locationUuid}/renewal/accept`, { plan_uuid: plans[0]!.uuid, terms_accepted: true, start_date: addDays(today, 10) });
      assert.equal(res.status, 200);
      assert.equal(res.body.queued_contract.start_date, addDays(today, 10));
      // The done screen shows the contract's start and each document's "Queued: takes effect on …": they agree.
      const all = (await acct('GET', `/v1/account/locations/${a.locationUuid}/all-documents`)).body.data as { type: string; status: string; effective_date: string }[];
      assert.deepEqual(
        all.filter((d) => d.status === 'queued').map((d) => `${d.type} ${d.effective_date}`).sort(),
        ['efl', 'tos', 'yrac'].map((t) => `${t} ${addDays(today, 10)}`),
        'each queued document takes effect on the start date chosen, not the window\'s first day',
      );
    } finally {
      h.close();
    }
  });
});

describe('the renewal flow token', () => {
  it('reaches the renewal endpoints, the location and its documents, and nothing else', async () => {
    const h = new Harness();
    try {
      const a = await activeAccount(h);
      await moveTo(h, addDays(a.endDate, -10));
      const renewal = h.as(await flowToken(h, a.uuid, 'renewal'));
      const base = `/v1/account/locations/${a.locationUuid}`;
      for (const p of [base, `${base}/documents`, `${base}/all-documents`, `${base}/renewal/plans`, '/v1/account', '/v1/account/flow']) {
        assert.equal((await renewal('GET', p)).status, 200, p);
      }
      const plans = (await renewal('GET', `${base}/renewal/plans`)).body as Plan[];
      assert.equal((await renewal('POST', `${base}/renewal/accept`, { plan_uuid: plans[0]!.uuid, terms_accepted: true })).status, 200);
      for (const [method, p] of [['GET', '/v1/account/billing/invoices'], ['GET', `${base}/usage/monthly`], ['GET', '/v1/account/battery/makers'], ['POST', '/v1/account/enroll/plans/request']] as const) {
        assertError(await renewal(method, p, method === 'POST' ? {} : undefined), 403, 'forbidden');
      }
      const documents = h.as(await flowToken(h, a.uuid, 'documents'));
      assertError(await documents('GET', `${base}/renewal/plans`), 403, 'forbidden');
    } finally {
      h.close();
    }
  });
});

describe('queueRenewal (for presets)', () => {
  it('queues a renewal as the flow would, and throws the API\'s 422 when the account may not renew', async () => {
    const h = new Harness();
    try {
      const a = await activeAccount(h);
      const deps = { store: h.sb.store, clock: h.sb.clock, config: h.sb.config, progress: h.sb.progress, processor: h.sb.processor };
      const account = h.sb.store.account(a.uuid)!;
      assert.throws(() => queueRenewal(deps, account), (e: unknown) => e instanceof ApiError && e.status === 422 && e.fields?.[0]?.code === 'not_yet_eligible');
      await moveTo(h, addDays(a.endDate, -5));
      const queued = queueRenewal(deps, account, { termMonths: 24 });
      assert.equal(queued.plan.term_months, 24);
      assert.equal(queued.startDate, addDays(a.endDate, 1));
      const location = (await h.as(await tokenOf(h, a.uuid))('GET', `/v1/account/locations/${a.locationUuid}`)).body as Location;
      assert.equal(location.queued_contract!.uuid, queued.uuid);
      assert.throws(() => queueRenewal(deps, account), (e: unknown) => e instanceof ApiError && e.fields?.[0]?.code === 'already_renewed');
    } finally {
      h.close();
    }
  });
});

describe('a cancellation with a renewal queued', () => {
  it('drops the queued renewal: no queued_contract, no queued documents, and it never starts', async () => {
    const h = new Harness();
    try {
      const created = await h.call('POST', '/__sandbox/accounts', { body: { preset: 'active-renewal-queued' } });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const uuid = created.body.uuid as string;
      const acct = h.as(created.body.account_token);
      const path = `/v1/account/locations/${created.body.account.location_uuid}`;
      const queued = ((await acct('GET', path)).body as Location).queued_contract!;
      assert.equal(queued.status, 'queued');

      assert.equal((await acct('POST', '/v1/account/sandbox/status', { status: 'cancelled', status_reason: 'cancelled_post_start' })).status, 200);
      const cancelled = (await acct('GET', path)).body as Location;
      assert.equal(cancelled.queued_contract, null, 'a cancelled service keeps no renewal queued');
      assert.equal(cancelled.renewal!.eligibility, 'not_active');
      const all = (await acct('GET', `${path}/all-documents`)).body.data as { status: string }[];
      assert.deepEqual(all.filter((d) => d.status !== 'historical'), [], 'nothing is queued or in effect once cancelled');

      // On the day the renewal would have started, it does not: the service ended with the old contract.
      await moveTo(h, addDays(queued.start_date, 1));
      const later = (await h.as(await tokenOf(h, uuid))('GET', path)).body as Location;
      assert.notEqual(later.contract.uuid, queued.uuid, 'the dropped renewal started after the cancellation');
      assert.equal(later.contract.status, 'expired');
      assert.equal(later.queued_contract, null);
    } finally {
      h.close();
    }
  });
});

it('a service that ended early: the Location\'s renewal.opens_on is 60 days before the end_date it shows', async () => {
  await withPreset('cancelled-post-start', async (_h, { locationUuid, acct }) => {
    const location = (await acct('GET', `/v1/account/locations/${locationUuid}`)).body;
    assert.equal(location.renewal.eligibility, 'not_active');
    assert.equal(location.renewal.opens_on, addDays(location.contract.end_date, -60));
  });
});
