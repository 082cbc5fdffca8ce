/**
 * Account presets (POST /__sandbox/accounts, state/presets.ts): every preset reaches the state it declares whatever
 * the sandbox's now is (a weekday morning, a weekend night, a day before opening, a month's last day, DST days), and
 * the scope presets carry what their scopes need: invoices in every status over more than one page, cards,
 * documents, a contract near its end. Every answer is checked against the contract by the harness.
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PRESETS } from '../state/presets.js';
import { addDays, addMonths } from '../time.js';
import { APP_TOKEN, assertError, Harness, MONDAY_10AM, type Reply } from './support/harness.js';

/** Sandbox instants to build every preset at. */
const INSTANTS: Record<string, number> = {
  'Monday 10:00': MONDAY_10AM,
  'Saturday 23:30': Date.parse('2026-03-08T05:30:00Z'), // Sat 2026-03-07 23:30 CST, the night before spring forward
  'Monday 07:00, before opening': Date.parse('2026-11-02T13:00:00Z'), // the day after fall back
  'Saturday 31 January': Date.parse('2026-01-31T18:00:00Z'),
  'Thursday 31 December, evening': Date.parse('2026-12-31T23:00:00Z'),
};

const harnesses: Harness[] = [];
after(() => harnesses.forEach((h) => h.close()));
function sandboxAt(at: number): Harness {
  const h = new Harness();
  h.realMs = at;
  harnesses.push(h);
  return h;
}

async function create(h: Harness, preset: string, extra: Record<string, unknown> = {}): Promise<Reply> {
  const res = await h.call('POST', '/__sandbox/accounts', { body: { preset, ...extra } });
  assert.equal(res.status, 201, `${preset}: ${JSON.stringify(res.body)}`);
  return res;
}

/** Every invoice, page by page at the default page size, and the pages' sizes. */
async function invoices(h: Harness, token: string): Promise<{ all: Array<Record<string, string | null>>; pages: number[] }> {
  const all: Array<Record<string, string | null>> = [];
  const pages: number[] = [];
  let cursor: string | null = null;
  do {
    const res: Reply = await h.as(token)('GET', `/v1/account/billing/invoices${cursor ? `?cursor=${cursor}` : ''}`);
    assert.equal(res.status, 200);
    all.push(...res.body.data);
    pages.push(res.body.data.length);
    cursor = res.body.next_cursor;
  } while (cursor);
  return { all, pages };
}

describe('account presets', () => {
  for (const [when, at] of Object.entries(INSTANTS)) {
    it(`each reaches its declared status and reason (${when})`, async () => {
      const h = sandboxAt(at);
      for (const preset of PRESETS) {
        const res = await create(h, preset.name);
        const { account } = res.body;
        assert.equal(res.body.preset, preset.name);
        assert.equal(res.body.uuid, account.uuid);
        assert.deepEqual([account.status, account.status_reason], [preset.status, preset.status_reason], `${preset.name} at ${when}`);
        // The token works and the account reads the same through the API.
        const read = await h.as(res.body.account_token)('GET', '/v1/account');
        assert.deepEqual([read.body.status, read.body.status_reason], [preset.status, preset.status_reason]);
        assert.equal(account.created_at <= new Date(at).toISOString(), true, 'created no later than now');
      }
      assert.equal(h.sb.store.accounts().length, PRESETS.length, 'one new account per call');
    });
  }

  for (const [when, at] of Object.entries(INSTANTS)) {
    it(`active-with-invoices: more than a page, most recent first, every status, a card, documents (${when})`, async () => {
      const h = sandboxAt(at);
      const res = await create(h, 'active-with-invoices');
      const token = res.body.account_token;
      const today = h.sb.clock.today();
      const { all, pages } = await invoices(h, token);
      assert.ok(pages.length >= 2 && pages[0] === 25, `pages ${pages.join('+')}`);
      for (let i = 1; i < all.length; i++) {
        assert.ok(all[i - 1]!.invoice_date! >= all[i]!.invoice_date!, 'most recent first');
        assert.ok(all[i - 1]!.number! > all[i]!.number!, 'numbers in issue order');
      }
      assert.equal(new Set(all.map((i) => i.number)).size, all.length, 'no invoice twice across pages');
      const first = all.slice(0, pages[0]);
      assert.deepEqual([...new Set(first.map((i) => i.status))].sort(), ['due', 'paid', 'past_due', 'voided'], 'the first page shows every status');
      const byStatus = (s: string) => all.filter((i) => i.status === s);
      assert.equal(byStatus('due').length, 1);
      assert.ok(byStatus('due')[0]!.payment_due_date! >= today);
      assert.equal(byStatus('past_due').length, 1);
      assert.ok(byStatus('past_due')[0]!.payment_due_date! < today && byStatus('past_due')[0]!.paid_at === null);
      assert.ok(byStatus('voided').length >= 2, 'an estimated read a year over more than two years');
      for (const v of byStatus('voided')) assert.ok(v.voided_at && v.paid_at === null);
      for (const p of byStatus('paid')) assert.ok(p.paid_at && p.paid_at.slice(0, 10) >= p.payment_due_date!);

      const acct = h.as(token);
      const card = await acct('GET', '/v1/account/billing/payment-method');
      assert.equal(card.status, 200);
      assert.deepEqual([card.body.card_brand, card.body.card_last4], ['mastercard', '4444']);
      const billing = await acct('GET', '/v1/account/billing/address');
      assert.equal(billing.status, 200);
      assert.equal(billing.body.same_as_service_address, true);
      const location = res.body.account.location_uuid;
      const active = await acct('GET', `/v1/account/locations/${location}/documents`);
      assert.deepEqual(active.body.data.map((d: { type: string }) => d.type).sort(), ['efl', 'tos', 'yrac']);
      const everything = await acct('GET', `/v1/account/locations/${location}/all-documents`);
      const historical = everything.body.data.filter((d: { status: string }) => d.status === 'historical');
      assert.deepEqual(historical.map((d: { type: string }) => d.type).sort(), ['efl', 'tos']);
      const plan = await acct('GET', `/v1/account/locations/${location}`);
      assert.equal(plan.body.contract.plan_name, 'Longhorn Lock 36');
      assert.equal(plan.body.contract.status, 'active');
      assert.ok(plan.body.contract.start_date < addMonths(today, -26), 'service started over two years ago');
      assert.ok(plan.body.contract.end_date > addDays(today, 60), 'not near its end');
      const detail = await acct('GET', `/v1/account/billing/invoices/${byStatus('past_due')[0]!.number}`);
      assert.equal(detail.status, 200);
      assert.deepEqual(detail.body.charge_groups.map((g: { key: string }) => g.key), ['energy', 'delivery', 'taxes_fees']);
    });
  }

  it('active-with-invoices moves on like any account: the next run pays the past-due invoice with the new card', async () => {
    const h = sandboxAt(MONDAY_10AM);
    const res = await create(h, 'active-with-invoices');
    const before = await invoices(h, res.body.account_token);
    const due = before.all.find((i) => i.status === 'due')!;
    const pastDue = before.all.find((i) => i.status === 'past_due')!;
    const dayAfter = async (date: string) => {
      assert.equal((await h.call('POST', '/__sandbox/clock', { body: { set: `${addDays(date, 1)}T18:00:00Z` } })).status, 200);
      // A token from before the move has expired by then.
      return invoices(h, (await h.call('POST', `/v1/app/accounts/${res.body.uuid}/token`)).body.token);
    };
    // Auto-pay runs on the due invoice's due date and takes the older unpaid one too. An invoice billed on an
    // estimated read (about once a year, depending on the account) is voided three days after it was issued and
    // reissued for the same period with a due date of its own: then the run is that of the reissue.
    let run = due.payment_due_date!;
    let later = await dayAfter(run);
    let latest = later.all.find((i) => i.number === due.number)!;
    if (latest.status === 'voided') {
      latest = later.all.find((i) => i.billing_period_start === latest.billing_period_start && i.status !== 'voided')!;
      assert.ok(latest, `${due.number} was voided without a reissue`);
      run = latest.payment_due_date!;
      later = await dayAfter(run);
    }
    for (const number of [latest.number, pastDue.number]) {
      const now = later.all.find((i) => i.number === number)!;
      assert.equal(now.status, 'paid', number ?? undefined);
      assert.equal(now.paid_at!.slice(0, 10), run, 'paid by the run of the latest due date');
    }
    // What a customer's account emits: finalize, activation, a statement per invoice, the failed auto-pay.
    const events: string[] = h.sb.dispatcher.events().filter((e) => e.data.account_uuid === res.body.uuid).map((e) => e.type);
    for (const type of ['enrollment.plan_accepted', 'enrollment.finalized', 'location.service_active', 'location.usage_history_available', 'account.payment_failed']) {
      assert.ok(events.includes(type), type);
    }
    assert.equal(events.filter((t) => t === 'account.invoice_sent').length, later.all.length);
    const inspection = await h.call('GET', `/__sandbox/accounts/${res.body.uuid}`);
    assert.equal(inspection.body.counters.finalize_succeeded, 1);
    assert.equal(inspection.body.counters.payment_methods_synced, 2);
  });

  for (const [when, at] of Object.entries(INSTANTS)) {
    it(`active-contract-ending-soon ends within 30 days; the other scope presets have what their screens need (${when})`, async () => {
      const h = sandboxAt(at);
      const today = h.sb.clock.today();
      const ending = await create(h, 'active-contract-ending-soon');
      const location = await h.as(ending.body.account_token)('GET', `/v1/account/locations/${ending.body.account.location_uuid}`);
      assert.ok(location.body.contract.end_date > today && location.body.contract.end_date <= addDays(today, 30), location.body.contract.end_date);
      const statuses = new Set((await invoices(h, ending.body.account_token)).all.map((i) => i.status));
      assert.deepEqual([...statuses].sort(), ['due', 'paid', 'past_due', 'voided']);

      const fresh = await create(h, 'active-no-invoices');
      assert.deepEqual((await invoices(h, fresh.body.account_token)).all, []);
      assert.equal((await h.as(fresh.body.account_token)('GET', '/v1/account/billing/payment-method')).status, 200);

      const noCard = await create(h, 'active-no-card');
      assert.equal(noCard.body.account.enrollment.has_payment_method, false);
      assertError(await h.as(noCard.body.account_token)('GET', '/v1/account/billing/payment-method'), 404, 'not_found');

      // Cancelled three days ago: the first invoice paid, the final one (up to the cancellation) out and due.
      const ended = await create(h, 'cancelled-post-start');
      const endedInvoices = (await invoices(h, ended.body.account_token)).all;
      assert.deepEqual(endedInvoices.map((i) => i.status), ['due', 'paid']);
      assert.equal(endedInvoices[0]!.billing_period_end, addDays(today, -3), 'the final period ends on the day of the cancellation');

      const applying = await create(h, 'applying-missing-payment-method');
      assert.equal(applying.body.account.enrollment.has_payment_method, false);
      assert.equal(applying.body.account.enrollment.has_accepted_plan, true);
    });
  }

  it('active-renewal-queued: the renewal is queued after the contract, its documents only among all documents', async () => {
    const h = sandboxAt(MONDAY_10AM);
    const res = await create(h, 'active-renewal-queued');
    const as = h.as(res.body.account_token);
    const uuid = res.body.account.location_uuid;
    const location = (await as('GET', `/v1/account/locations/${uuid}`)).body;
    assert.equal(location.queued_contract.status, 'queued');
    assert.equal(location.queued_contract.start_date, addDays(location.contract.end_date, 1));
    const active = (await as('GET', `/v1/account/locations/${uuid}/documents`)).body.data as Array<Record<string, string>>;
    const all = (await as('GET', `/v1/account/locations/${uuid}/all-documents`)).body.data as Array<Record<string, string>>;
    const queued = all.filter((d) => d.status === 'queued');
    assert.deepEqual(queued.map((d) => d.type).sort(), ['efl', 'tos', 'yrac']);
    assert.ok(active.every((d) => d.status !== 'queued'));
    assert.ok(queued.every((q) => !active.some((a) => a.uuid === q.uuid)));
  });

  it('takes a locale: a Spanish account, whose documents are Spanish', async () => {
    const h = sandboxAt(MONDAY_10AM);
    const res = await create(h, 'active-no-invoices', { locale: 'es' });
    assert.equal(res.body.account.locale, 'es');
    const docs = await h.as(res.body.account_token)('GET', `/v1/account/locations/${res.body.account.location_uuid}/documents`);
    assert.ok(docs.body.data.every((d: { language: string }) => d.language === 'es'));
  });

  it('refuses an unknown preset with 400 naming preset and listing every name, and changes nothing', async () => {
    const h = sandboxAt(MONDAY_10AM);
    for (const body of [{ preset: 'active-with-everything' }, { preset: '' }, { preset: 7 }, {}, { preset: 'active-no-card', locale: 'fr' }, { preset: 'active-no-card', status: 'active' }]) {
      const res = await h.call('POST', '/__sandbox/accounts', { body });
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.body.error.code, 'invalid_request');
      const named = res.body.error.fields.map((f: { field: string }) => f.field);
      assert.equal(named.length, 1, JSON.stringify(res.body));
    }
    const unknown = await h.call('POST', '/__sandbox/accounts', { body: { preset: 'active-with-everything' } });
    assertError(unknown, 400, 'invalid_request', ['preset']);
    for (const p of PRESETS) assert.ok(unknown.body.error.fields[0].message.includes(p.name), p.name);
    assert.equal(h.sb.store.accounts().length, 0);
  });

  it('is a control: the App token, no web page, JSON only', async () => {
    const h = sandboxAt(MONDAY_10AM);
    const body = JSON.stringify({ preset: 'active-no-invoices' });
    assertError(await h.call('POST', '/__sandbox/accounts', { token: null, raw: body }), 401, 'unauthorized');
    assertError(await h.call('POST', '/__sandbox/accounts', { token: 'acct_not_the_app', raw: body }), 401, 'unauthorized');
    assertError(await h.call('POST', '/__sandbox/accounts', { raw: body, headers: { origin: 'http://localhost:5174' } }), 403, 'forbidden');
    assertError(await h.call('POST', '/__sandbox/accounts', { raw: body, headers: { 'content-type': 'text/plain' } }), 415, 'unsupported_media_type');
    assert.equal(h.sb.store.accounts().length, 0);
    assert.equal((await h.call('POST', '/__sandbox/accounts', { raw: body, headers: { authorization: `Bearer ${APP_TOKEN}` } })).status, 201);
  });

  it('are listed by the fixtures with the state each gives', async () => {
    const h = sandboxAt(MONDAY_10AM);
    const fixtures = (await h.call('GET', '/__sandbox/fixtures', { token: null })).body;
    assert.deepEqual(
      fixtures.account_presets.map((p: { name: string; status: string; status_reason: string }) => [p.name, p.status, p.status_reason]),
      PRESETS.map((p) => [p.name, p.status, p.status_reason]),
    );
  });
});
