/** After enrollment: the location, its documents (real PDFs), usage, invoices and the billing address. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { assertError, Harness, premiseIn } from './support/harness.js';

const h = new Harness();
let uuid = '';
let token = '';
let location = '';
const acct = (method: string, path: string, body?: unknown) => h.as(token)(method, path, body);

before(async () => {
  const ready = await h.readyToFinalize({ premise: premiseIn('77005') });
  uuid = ready.uuid;
  token = ready.token;
  location = (await h.account(token)).location_uuid!;
});
after(() => h.close());

/** Moves the sandbox clock and returns a fresh token (the old one expires with the hours). */
async function later(hours: number): Promise<void> {
  await h.call('POST', '/__sandbox/clock', { body: { advance_hours: hours } });
  token = (await h.app('POST', `/v1/app/accounts/${uuid}/token`)).body.token;
}

describe('before activation', () => {
  it('has the location and its contract, pending', async () => {
    const res = await acct('GET', `/v1/account/locations/${location}`);
    assert.equal(res.body.esi_id.slice(0, 7), '1008901');
    assert.equal(res.body.contract.status, 'pending');
    assert.equal(res.body.address.state, 'TX');
    assertError(await acct('GET', '/v1/account/locations/3f0b6a1e-6c1f-4e8a-9b1d-2a9f0c7d5e41'), 404, 'not_found');
  });

  it('a location id that is not a UUID is 404 not_found on every location path (the contract lists no 400 for it)', async () => {
    for (const rest of ['', '/documents', '/all-documents', '/usage/monthly', '/usage/daily', '/usage/intervals', '/renewal/plans']) {
      assertError(await acct('GET', `/v1/account/locations/not-a-uuid${rest}`), 404, 'not_found');
    }
    assertError(await acct('POST', '/v1/account/locations/not-a-uuid/renewal/accept', { plan_uuid: location, terms_accepted: true }), 404, 'not_found');
  });

  it('lists the EFL, TOS and YRAC, served as real PDFs in English and Spanish', async () => {
    const docs = (await acct('GET', `/v1/account/locations/${location}/documents`)).body.data;
    assert.deepEqual(docs.map((d: { type: string }) => d.type).sort(), ['efl', 'tos', 'yrac']);
    for (const doc of docs) {
      const path = new URL(doc.url).pathname;
      for (const query of ['', '?locale=es']) {
        const res = await h.sb.app.request(path + query);
        assert.equal(res.status, 200);
        assert.equal(res.headers.get('content-type'), 'application/pdf');
        const bytes = new Uint8Array(await res.arrayBuffer());
        assert.equal(new TextDecoder().decode(bytes.slice(0, 5)), '%PDF-');
      }
    }
    assert.equal((await h.sb.app.request('/documents/3f0b6a1e-6c1f-4e8a-9b1d-2a9f0c7d5e41.pdf')).status, 404);
    assert.equal((await h.sb.app.request('/documents/../../etc/passwd')).status, 404);
  });

  it('keeps a replaced contract\'s documents as historical', async () => {
    const premise = premiseIn('77005');
    const [, second] = await h.plansFor(token, premise.esi_id);
    await acct('POST', '/v1/account/enroll/plans/accept', { esi_id: premise.esi_id, plan_uuid: second!.uuid, start_date: second!.earliest_start_date, terms_accepted: true });
    const all = (await acct('GET', `/v1/account/locations/${location}/all-documents`)).body.data;
    assert.deepEqual(all.map((d: { status: string }) => d.status).sort(), ['active', 'active', 'active', 'historical', 'historical']);
  });

  it('lists each document once after the same plan is accepted again (a new start date): the EFL in force is not also historical', async () => {
    const { token: other } = await h.createAccount();
    const own = h.as(other);
    const houston = premiseIn('77002');
    const [plan] = await h.plansFor(other, houston.esi_id);
    assert.ok(plan);
    const accept = { esi_id: houston.esi_id, plan_uuid: plan.uuid, terms_accepted: true };
    // The customer accepts, goes back, and picks the same plan with a later start date.
    assert.equal((await own('POST', '/v1/account/enroll/plans/accept', { ...accept, start_date: plan.earliest_start_date })).status, 200);
    assert.equal((await own('POST', '/v1/account/enroll/plans/accept', { ...accept, start_date: plan.latest_start_date })).status, 200);
    const at = (await h.account(other)).location_uuid;
    const all = (await own('GET', `/v1/account/locations/${at}/all-documents`)).body.data as { uuid: string; type: string; status: string }[];
    const uuids = all.map((d) => d.uuid);
    assert.deepEqual(
      uuids.filter((u, i) => uuids.indexOf(u) !== i),
      [],
      `one document listed twice with two statuses: ${all.map((d) => `${d.type}/${d.status}/${d.uuid.slice(0, 8)}`).join(', ')}`,
    );
    assert.deepEqual(all.map((d) => `${d.type}/${d.status}`).sort(), ['efl/active', 'tos/active', 'yrac/active']);
  });

  it('has no usage yet (empty data) and still validates the period', async () => {
    const res = await acct('GET', `/v1/account/locations/${location}/usage/daily`);
    assert.deepEqual(res.body.data, []);
    assertError(await acct('GET', `/v1/account/locations/${location}/usage/daily?month=2026-13`), 400, 'invalid_request', ['month']);
    assertError(await acct('GET', `/v1/account/locations/${location}/usage/monthly?year=26`), 400, 'invalid_request', ['year']);
  });

  it('has no invoices and no billing address of its own: the service address', async () => {
    assert.deepEqual((await acct('GET', '/v1/account/billing/invoices')).body, { data: [], next_cursor: null });
    const billing = await acct('GET', '/v1/account/billing/address');
    assert.equal(billing.body.same_as_service_address, true);
    assert.equal(billing.body.postal_code, '77005');
  });
});

describe('billing address', () => {
  it('sets its own address (every field but address_2 required) and returns to the service address', async () => {
    assertError(await acct('PUT', '/v1/account/billing/address', { same_as_service_address: false }), 400, 'invalid_request', ['address']);
    assertError(await acct('PUT', '/v1/account/billing/address', { same_as_service_address: false, address: { address_1: 'PO Box 1' } }), 400, 'invalid_request', ['address.city', 'address.state', 'address.postal_code']);
    const own = await acct('PUT', '/v1/account/billing/address', { same_as_service_address: false, address: { address_1: 'PO Box 1', city: 'Austin', state: 'tx', postal_code: '78701' } });
    assert.deepEqual(own.body, { same_as_service_address: false, address_1: 'PO Box 1', address_2: null, city: 'Austin', state: 'TX', postal_code: '78701' });
    const back = await acct('PUT', '/v1/account/billing/address', { same_as_service_address: true });
    assert.equal(back.body.postal_code, '77005');
    assert.equal(h.sb.dispatcher.events().filter((e) => e.type === 'account.billing_address_updated' && e.data.account_uuid === uuid).length, 2);
  });

  it('sends account.billing_address_updated only when the address changes, not for the one already on file', async () => {
    const updates = (): number => h.sb.dispatcher.events().filter((e) => e.type === 'account.billing_address_updated' && e.data.account_uuid === uuid).length;
    const before = updates();
    assert.equal((await acct('PUT', '/v1/account/billing/address', { same_as_service_address: true })).status, 200);
    const own = { same_as_service_address: false, address: { address_1: 'PO Box 2', city: 'Austin', state: 'TX', postal_code: '78701' } };
    assert.equal((await acct('PUT', '/v1/account/billing/address', own)).status, 200);
    assert.equal((await acct('PUT', '/v1/account/billing/address', { ...own, address: { ...own.address, state: 'tx' } })).status, 200);
    assert.equal(updates(), before + 1, 'the same address sent again (as on file, or as the service address) is no update');
    assert.equal((await acct('PUT', '/v1/account/billing/address', { same_as_service_address: true })).status, 200);
    assert.equal(updates(), before + 2);
  });

  it('404s before any address exists and refuses "same as service" without one', async () => {
    const fresh = await h.createAccount();
    assertError(await h.as(fresh.token)('GET', '/v1/account/billing/address'), 404, 'not_found');
    assertError(await h.as(fresh.token)('PUT', '/v1/account/billing/address', { same_as_service_address: true }), 422, 'unprocessable', ['same_as_service_address']);
  });
});

describe('after activation', () => {
  before(async () => {
    await acct('POST', '/v1/account/enroll/finalize');
    await later(24 * 3); // active, with usage history
    await later(24 * 70); // about two billing cycles
  });

  it('serves usage by month, day and 15-minute interval with links', async () => {
    const monthly = await acct('GET', `/v1/account/locations/${location}/usage/monthly`);
    assert.equal(monthly.body.time_zone, 'America/Chicago');
    assert.ok(monthly.body.data.length >= 1);
    assert.match(monthly.body.links.previous, /\/usage\/monthly\?year=\d{4}$/);
    const daily = await acct('GET', `/v1/account/locations/${location}/usage/daily`);
    assert.ok(daily.body.data.length >= 1);
    assert.match(daily.body.links.previous, /\/usage\/daily\?month=\d{4}-\d{2}$/);
    const intervals = await acct('GET', `/v1/account/locations/${location}/usage/intervals?month=2026-03`);
    const counts = new Set(intervals.body.data.map((d: { intervals: unknown[] }) => d.intervals.length));
    assert.ok([...counts].every((n) => n === 96 || n === 92), [...counts].join());
    assert.equal(intervals.body.data.find((d: { date: string }) => d.date === '2026-03-08').intervals.length, 92);
    assertError(await acct('GET', `/v1/account/locations/${location}/usage/daily?month=1999-01`), 400, 'invalid_request', ['month']);
  });

  it('lists invoices most recent first with pagination, detail with charge groups and a PDF', async () => {
    const all = (await acct('GET', '/v1/account/billing/invoices')).body.data;
    assert.ok(all.length >= 2, `${all.length} invoices`);
    assert.ok(all[0].invoice_date >= all[1].invoice_date);
    const page = await acct('GET', '/v1/account/billing/invoices?limit=1');
    assert.equal(page.body.data[0].number, all[0].number);
    const next = await acct('GET', `/v1/account/billing/invoices?limit=1&cursor=${page.body.next_cursor}`);
    assert.equal(next.body.data[0].number, all[1].number);
    assertError(await acct('GET', '/v1/account/billing/invoices?cursor=zzz'), 400, 'invalid_request', ['cursor']);
    const detail = await acct('GET', `/v1/account/billing/invoices/${all[0].number}`);
    assert.deepEqual(detail.body.charge_groups.map((g: { key: string }) => g.key), ['energy', 'delivery', 'taxes_fees']);
    const pdfUrl = new URL(detail.body.pdf);
    const pdf = await h.sb.app.request(pdfUrl.pathname + pdfUrl.search);
    assert.equal(pdf.headers.get('content-type'), 'application/pdf');
    assertError(await acct('GET', '/v1/account/billing/invoices/INV-0000-000000'), 404, 'not_found');
    const sent = h.sb.dispatcher.events().filter((e) => e.type === 'account.invoice_sent' && e.data.account_uuid === uuid);
    assert.equal(sent.length, all.length);
  });

  it('reports the contract active', async () => {
    assert.equal((await acct('GET', `/v1/account/locations/${location}`)).body.contract.status, 'active');
  });
});

describe('after a cancellation', () => {
  it('(cancelled_post_start) reports the contract ended on the last day of service and its documents historical; undone, active again', async () => {
    const hc = new Harness();
    try {
      const created = await hc.call('POST', '/__sandbox/accounts', { body: { preset: 'cancelled-post-start' } });
      assert.equal(created.status, 201);
      const as = hc.as(created.body.account_token);
      const account = (await as('GET', '/v1/account')).body;
      assert.deepEqual([account.status, account.status_reason], ['cancelled', 'cancelled_post_start']);
      const at = `/v1/account/locations/${account.location_uuid}`;
      // The final invoice bills up to the last day of service, three days ago: the contract is no longer running.
      const lastDay = (await as('GET', '/v1/account/billing/invoices')).body.data[0].billing_period_end;
      const { contract } = (await as('GET', at)).body;
      assert.deepEqual([contract.status, contract.end_date], ['expired', lastDay], `contract ${contract.start_date}..${contract.end_date} ${contract.status}`);
      assert.deepEqual((await as('GET', `${at}/documents`)).body.data, [], 'no document is in effect once service has ended');
      const all = (await as('GET', `${at}/all-documents`)).body.data as Array<{ type: string; status: string }>;
      assert.deepEqual(all.filter((d) => d.status !== 'historical'), [], 'the documents scope would say "Active: in effect now" for an ended service');
      assert.deepEqual(all.map((d) => d.type).sort(), ['efl', 'tos', 'yrac']);

      // The status control undoes the cancellation: the contract runs again, its documents in effect.
      assert.equal((await as('POST', '/v1/account/sandbox/status', { status: 'active', status_reason: 'active' })).status, 200);
      assert.equal((await as('GET', at)).body.contract.status, 'active');
      assert.deepEqual(((await as('GET', `${at}/documents`)).body.data as Array<{ status: string }>).map((d) => d.status), ['active', 'active', 'active']);
    } finally {
      hc.close();
    }
  });

  it('(cancelled_pre_start) reports the contract that never started expired and its documents historical', async () => {
    const hc = new Harness();
    try {
      const created = await hc.call('POST', '/__sandbox/accounts', { body: { preset: 'cancelled-pre-start' } });
      assert.equal(created.status, 201);
      const as = hc.as(created.body.account_token);
      const account = (await as('GET', '/v1/account')).body;
      assert.deepEqual([account.status, account.status_reason], ['cancelled', 'cancelled_pre_start']);
      const at = `/v1/account/locations/${account.location_uuid}`;
      const { contract } = (await as('GET', at)).body;
      assert.equal(contract.status, 'expired', `a contract cancelled before its start (${contract.start_date}) is still ${contract.status}`);
      assert.deepEqual((await as('GET', `${at}/documents`)).body.data, [], 'no document of a cancelled enrollment is in effect');
      const all = (await as('GET', `${at}/all-documents`)).body.data as Array<{ type: string; status: string }>;
      assert.deepEqual(all.map((d) => [d.type, d.status]).sort(), [['efl', 'historical'], ['tos', 'historical'], ['yrac', 'historical']]);

      // Undone (the control sets the enrollment going again), it is pending until it starts.
      assert.equal((await as('POST', '/v1/account/sandbox/status', { status: 'scheduled', status_reason: 'service_pending' })).status, 200);
      assert.equal((await as('GET', at)).body.contract.status, 'pending');
    } finally {
      hc.close();
    }
  });
});
