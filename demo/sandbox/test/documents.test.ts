import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderPdf, toWinAnsi, type PdfDocument } from '../pdf.js';
import {
  REP,
  documentTitle,
  eflDocument,
  invoiceDocument,
  loaDocument,
  tosDocument,
  yracDocument,
  type DocLang,
  type LoaInput,
  type PlanDocInput,
} from '../documents/index.js';
import { generateInvoices, toDetail } from '../invoices.js';
import { Harness, premiseIn, withPreset } from './support/harness.js';

const plan: PlanDocInput = {
  plan_uuid: '0b7c9a1e-1111-4222-8333-444455556666',
  name: 'Lone Star Fixed 12',
  term_months: 12,
  energy_rate_cents_per_kwh: '12.4',
  base_charge_cents: 495,
  renewable_percent: 23,
  early_termination_fee_cents: 15000,
  delivery: { utility: { display_name: 'Oncor' }, monthly_charge_cents: 423, rate_cents_per_kwh: '5.1893' },
  average_price_cents_per_kwh: { '500': '19.4', '1000': '18.5', '2000': '18.0' },
  version: '2026.03-1',
  effective_date: '2026-03-01',
};

const loa: LoaInput = {
  customer_name: 'María Pérez',
  agent_name: 'Casa Energía LLC',
  esi_id: '10443720001234567',
  service_address: '123 Elm St, Dallas, TX 75201',
  plan_name: plan.name,
  start_date: '2026-05-01',
  accepted_at: '2026-04-20T15:04:00Z',
  account_uuid: '6f1c2a40-0000-4000-8000-000000000001',
};

const today = '2026-04-20';
const invoices = generateInvoices({
  seed: 'documents',
  accountUuid: loa.account_uuid,
  serviceStart: '2025-01-10',
  today,
  energy_rate_cents_per_kwh: plan.energy_rate_cents_per_kwh,
  base_charge_cents: plan.base_charge_cents,
  delivery: plan.delivery,
  utilityDisplayName: 'Oncor',
  kwhFor: () => 1234,
  pdfUrl: (n) => `/documents/${n}.pdf`,
});
const invoice = { ...toDetail(invoices[0], today), customer_name: 'María Pérez', utility_display_name: 'Oncor' };

/** Every string a reader would see in the document, newline-joined. */
function textOf(doc: PdfDocument): string {
  const parts = [doc.title, doc.subtitle ?? '', doc.footer ?? ''];
  for (const b of doc.blocks) {
    if (b.type === 'heading' || b.type === 'paragraph') parts.push(b.text);
    if (b.type === 'table') for (const r of [...(b.header ? [b.header] : []), ...b.rows]) parts.push(`${r.label} | ${r.value}`);
  }
  return parts.join('\n');
}

const builders: [string, (lang: DocLang) => PdfDocument][] = [
  ['efl', (lang) => eflDocument(plan, lang)],
  ['tos', (lang) => tosDocument(plan, lang)],
  ['yrac', (lang) => yracDocument(lang)],
  ['loa', (lang) => loaDocument(loa, lang)],
  ['invoice', (lang) => invoiceDocument(invoice, lang)],
];

test('every document renders to a PDF in both languages, fully translated and in WinAnsi', () => {
  for (const [name, build] of builders) {
    const en = build('en');
    const es = build('es');
    // Same structure in both languages: a block missing in one translation shows up here.
    assert.deepEqual(es.blocks.map((b) => b.type), en.blocks.map((b) => b.type), name);
    assert.notEqual(textOf(es), textOf(en));
    assert.equal(en.lang, 'en-US');
    assert.equal(es.lang, 'es-US');
    for (const doc of [en, es]) {
      const text = textOf(doc);
      const unmapped = (toWinAnsi(text).match(/\?/g)?.length ?? 0) - (text.match(/\?/g)?.length ?? 0);
      assert.equal(unmapped, 0, `${name}: every character is representable in WinAnsi`);
      const pdf = Buffer.from(renderPdf(doc)).toString('latin1');
      assert.ok(pdf.startsWith('%PDF-1.4') && pdf.endsWith('%%EOF\n'), name);
      assert.match(text, /Sandbox Electric Co\./);
      assert.match(text, /fictional|ficticios/, `${name} says it is a sandbox document`);
    }
  }
});

test('the EFL carries what §25.475(g) asks for', () => {
  const en = textOf(eflDocument(plan, 'en'));
  for (const expected of [
    `PUCT certificate number | REP #${REP.puctCertificate}`,
    REP.phone, 'toll-free', REP.address, REP.email,
    'Lone Star Fixed 12 is a fixed rate product',
    '500 kWh | 19.4¢', '1,000 kWh | 18.5¢', '2,000 kWh | 18.0¢',
    'Energy charge | 12.4000¢ per kWh',
    'Base charge | $4.95 per billing cycle',
    'Oncor delivery charge (monthly) | $4.23 per billing cycle',
    'Oncor delivery charge (per kWh) | 5.1893¢ per kWh',
    'without markup',
    'Contract term | 12 months',
    'Yes: $150.00',
    'Renewable content | 23% renewable',
    'include all recurring charges, but exclude state and local sales taxes and the reimbursement of the gross receipts tax',
    'EFL 2026.03-1', 'March 1, 2026',
  ]) {
    assert.ok(en.includes(expected), `EFL shows "${expected}"`);
  }
  const es = textOf(eflDocument(plan, 'es'));
  for (const expected of ['Etiqueta de Datos de Electricidad', 'producto de tarifa fija', 'Plazo del contrato | 12 meses', '1 de marzo de 2026', 'Área de servicio de Oncor', 'Sí: $150.00']) {
    assert.ok(es.includes(expected), `EFL (es) shows "${expected}"`);
  }
  const noFee = textOf(eflDocument({ ...plan, early_termination_fee_cents: 0 }, 'en'));
  assert.match(noFee, /terminating service\? \| No\./);
});

test('the Terms of Service carry contact, fees, expiration, change conditions, version and rescission', () => {
  const en = textOf(tosDocument(plan, 'en'));
  for (const expected of [
    REP.phone, REP.email, 'Non-recurring charges', 'Returned payment fee | $25.00', 'Out-of-cycle meter read | Amount charged by Oncor',
    'at least 14 days before the end of your contract term', 'month-to-month default product',
    'Changes to these terms', 'Version 2026.03-1', 'three (3) federal business days', '$150.00',
    'Public Utility Commission of Texas',
  ]) {
    assert.ok(en.includes(expected), `TOS shows "${expected}"`);
  }
  const es = textOf(tosDocument(plan, 'es'));
  for (const expected of ['Términos de Servicio', 'tres (3) días hábiles federales', 'mes a mes', 'Versión 2026.03-1', 'Cargos no recurrentes']) {
    assert.ok(es.includes(expected), `TOS (es) shows "${expected}"`);
  }
});

test('a one-month plan says "1 month" and "1 mes", never "1 months"', () => {
  const monthly = { ...plan, term_months: 1 };
  for (const lang of ['en', 'es'] as const) {
    const text = `${textOf(eflDocument(monthly, lang))}\n${textOf(tosDocument(monthly, lang))}`;
    assert.doesNotMatch(text, /\b1 (months|meses)\b/);
    assert.match(text, lang === 'en' ? /term of 1 month\b/ : /plazo de 1 mes\b/);
  }
  const es = textOf(tosDocument(plan, 'es'));
  // "by the due date": on or before it, never the day before.
  assert.match(es, /a más tardar en la fecha de vencimiento, se puede aplicar/);
  assert.doesNotMatch(es, /(no se recibe|nuevo producto) antes de/);
});

test('Your Rights as a Customer covers non-discrimination, slamming, cramming, disputes and privacy', () => {
  const en = textOf(yracDocument('en'));
  for (const expected of ['Non-discrimination', 'slamming', 'cramming', 'dispute', 'Privacy']) assert.ok(en.includes(expected), expected);
  const es = textOf(yracDocument('es'));
  for (const expected of ['No discriminación', 'slamming', 'cramming', 'disputa', 'Privacidad']) assert.ok(es.includes(expected), expected);
});

test('the Letter of Authorization names the customer, the agent and the premise', () => {
  const en = textOf(loaDocument(loa, 'en'));
  for (const expected of ['Letter of Authorization', 'I, María Pérez, authorize Casa Energía LLC', 'ESI ID | 10443720001234567', 'May 1, 2026', 'April 20, 2026', '10:04', 'three (3) federal business days']) {
    assert.ok(en.includes(expected), expected);
  }
  const es = textOf(loaDocument(loa, 'es'));
  assert.ok(es.includes('Yo, María Pérez, autorizo a Casa Energía LLC'));
  assert.ok(es.includes('1 de mayo de 2026'));
});

test('the invoice PDF shows every charge, the totals and the status', () => {
  const en = textOf(invoiceDocument(invoice, 'en'));
  assert.ok(en.includes(`Invoice ${invoice.number}`));
  for (const group of invoice.charge_groups) {
    assert.ok(en.includes(`${group.name} | $${group.total}`), group.name);
    for (const c of group.charges) assert.ok(en.includes(`${c.description}\n${c.quantity_text} × ${c.rate_text} | $${c.amount}`), c.type);
  }
  assert.ok(en.includes(`Total amount | $${invoice.total}`));
  assert.ok(en.includes('Electricity used: 1,234 kWh'));
  assert.ok(en.includes('Status | Due on April'));
  const es = textOf(invoiceDocument(invoice, 'es'));
  assert.ok(es.includes('Cargo por energía\n1,234 kWh × 12.4000¢/kWh'));
  assert.ok(es.includes('Cargos de entrega de Oncor'));
  assert.ok(es.includes('1 período de facturación × $4.95/mes'));
  const voided = invoices.find((r) => r.voided_at);
  assert.ok(voided);
  assert.match(textOf(invoiceDocument(toDetail(voided, today), 'en')), /Status \| Voided[\s\S]*was voided on/);
  assert.match(textOf(invoiceDocument({ ...toDetail(invoices[3], today), status: 'past_due' }, 'es')), /Estado \| Vencida: el pago vencía el/);
});

test('a past-due invoice\'s PDF names its due date as the day payment was due, not as a day it was already past due', () => {
  // On its due date an invoice is still due (auto-pay charges it that day): it is past due from the day after, so
  // "past due since <the due date>" would date the lateness a day early.
  const pastDue = { ...toDetail(invoices[3], today), status: 'past_due' as const };
  const en = textOf(invoiceDocument(pastDue, 'en'));
  assert.match(en, /Status \| Past due: payment was due on \w+ \d+, \d{4}/);
  assert.doesNotMatch(en, /Past due since/);
  const es = textOf(invoiceDocument(pastDue, 'es'));
  assert.match(es, /Estado \| Vencida: el pago vencía el \d+ de \p{L}+ de \d{4}/u);
  assert.doesNotMatch(es, /Vencida desde/);
});

test('a past-due invoice\'s PDF says the automatic payment on its due date did not go through and the amount is still owed', () => {
  const due = textOf(invoiceDocument(invoice, 'en'));
  assert.match(due, /\nPayment\nWith auto-pay, the payment method on file is charged \$[\d,.]+ on April/);
  const pastDue = { ...toDetail(invoices[3], today), status: 'past_due' as const };
  for (const lang of ['en', 'es'] as const) {
    const text = textOf(invoiceDocument(pastDue, lang));
    const payment = text.slice(text.lastIndexOf(lang === 'en' ? '\nPayment\n' : '\nPago\n'));
    // Its due date has passed: auto-pay will not charge it then.
    assert.doesNotMatch(payment, lang === 'en' ? /is charged .* on / : /se cobrarán .* el /, `${lang}: ${payment.split('\n')[2]}`);
    assert.match(
      payment,
      lang === 'en'
        ? /The automatic payment on \w+ \d+, \d{4} did not go through, and \$[\d,.]+ is still owed\./
        : /El pago automático del \d+ de \p{L}+ de \d{4} no se realizó, y todavía se adeudan .+\./u,
    );
  }
});

test('a PDF with personal data (an invoice, a Letter of Authorization) is never stored by the browser; plan documents may be', async () => {
  // An invoice names the customer, the service address and the ESI ID: opened from a shared computer, it must not
  // stay in that browser's cache (as the flow's own page is never stored).
  const h = new Harness();
  try {
    const active = await h.call('POST', '/__sandbox/accounts', { body: { preset: 'active-with-invoices' } });
    const [invoice] = (await h.as(active.body.account_token)('GET', '/v1/account/billing/invoices')).body.data;
    // A plan accepted by a client agent for the customer: its Letter of Authorization.
    const { uuid, token } = await h.createAccount();
    await h.app('POST', `/v1/app/accounts/${uuid}/record-client-agent`, {});
    const premise = premiseIn('76102');
    const [plan] = await h.plansFor(token, premise.esi_id);
    const accept = { esi_id: premise.esi_id, plan_uuid: plan!.uuid, start_date: plan!.earliest_start_date, terms_accepted: true, accepted_by: 'client_agent' };
    const accepted = await h.as(token)('POST', '/v1/account/enroll/plans/accept', accept);
    assert.equal(accepted.status, 200);
    const docs = (await h.as(token)('GET', `/v1/account/locations/${accepted.body.location_uuid}/documents`)).body.data as Array<{ type: string; url: string }>;
    const path = (url: string) => new URL(url).pathname + new URL(url).search;
    const paths = {
      invoice: path(invoice.pdf),
      loa: path(docs.find((d) => d.type === 'loa')!.url),
      efl: path(docs.find((d) => d.type === 'efl')!.url),
    };
    for (const [type, path] of Object.entries(paths)) {
      const res = await h.sb.app.request(path);
      assert.equal(res.status, 200, type);
      assert.equal(res.headers.get('cache-control'), type === 'efl' ? 'private, max-age=300' : 'no-store', type);
    }
  } finally {
    h.close();
  }
});

test('document titles for Document records', () => {
  assert.equal(documentTitle('efl', 'en'), 'Electricity Facts Label');
  assert.equal(documentTitle('yrac', 'es'), 'Sus Derechos como Cliente');
  assert.equal(documentTitle('invoice', 'es'), 'Factura');
});

test('poppler reads the Spanish EFL when pdftotext is installed', (t) => {
  if (spawnSync('pdftotext', ['-v']).error) {
    t.skip('pdftotext not installed');
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'sf-docs-'));
  try {
    const file = join(dir, 'efl.pdf');
    writeFileSync(file, renderPdf(eflDocument(plan, 'es')));
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    assert.match(text, /Etiqueta de Datos de Electricidad/);
    assert.match(text, /Número de certificado de la PUCT/);
    assert.match(text, /¿Tengo que pagar un cargo por terminación/);
    assert.match(text, /12\.4000¢ por kWh/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a personal PDF\'s link (an invoice, a Letter of Authorization) opens it for an hour, and only as the API gave it; a plan document\'s is public', async () => {
  // Opened in a new tab, a link stays in the browser's history: on a shared computer, the next person must not open
  // the customer's bill from it days later. Every answer that carries the link makes a new one.
  await withPreset('active-with-invoices', async (h, { uuid, locationUuid, acct }) => {
    const [invoice] = (await acct('GET', '/v1/account/billing/invoices')).body.data;
    const efl = (await acct('GET', `/v1/account/locations/${locationUuid}/documents`)).body.data.find((d: { type: string }) => d.type === 'efl');
    const open = (url: string) => h.sb.app.request(new URL(url).pathname + new URL(url).search);
    const link = new URL(invoice.pdf);
    assert.match(link.search, /^\?expires=\d+&signature=[\w-]+$/);
    assert.equal(new URL(efl.url).search, '', 'a plan document is the same for everyone: no signature, no end');
    assert.equal((await open(invoice.pdf)).status, 200);
    // Without its signature, with another one, or with its end moved: no such document (as an unknown id).
    for (const bad of [link.pathname, `${link.pathname}?expires=${link.searchParams.get('expires')}&signature=${'A'.repeat(43)}`, `${link.pathname}?expires=${Number(link.searchParams.get('expires')) + 3600}&signature=${link.searchParams.get('signature')}`]) {
      assert.equal((await h.sb.app.request(bad)).status, 404, bad);
    }
    // The language of the PDF is the flow's to choose, beside the signature.
    assert.equal((await open(`${invoice.pdf}&locale=es`)).status, 200);
    await h.call('POST', '/__sandbox/clock', { body: { advance_seconds: 61 * 60 } });
    const expired = await open(invoice.pdf);
    assert.equal(expired.status, 403);
    assert.match(((await expired.json()) as { error: { message: string } }).error.message, /expired/);
    assert.equal((await open(efl.url)).status, 200);
    const fresh = h.as((await h.app('POST', `/v1/app/accounts/${uuid}/token`)).body.token);
    const again = (await fresh('GET', `/v1/account/billing/invoices/${invoice.number}`)).body;
    assert.equal(new URL(again.pdf).pathname, link.pathname, 'the same invoice');
    assert.equal((await open(again.pdf)).status, 200, 'a new answer, a new link');
  });
});

test('each document names the plan it belongs to: a plan chosen before another keeps its name among the past ones', async () => {
  // active-with-invoices: Lone Star Saver 12 accepted first, then the plan in force (its EFL and TOS historical).
  await withPreset('active-with-invoices', async (_h, { locationUuid, acct }) => {
    const location = (await acct('GET', `/v1/account/locations/${locationUuid}`)).body;
    const all = (await acct('GET', `/v1/account/locations/${location.uuid}/all-documents`)).body.data as Array<{ type: string; status: string; plan_name: string | null }>;
    const names = (status: string) => [...new Set(all.filter((d) => d.status === status).map((d) => d.plan_name))];
    assert.deepEqual(names('active'), [location.contract.plan_name]);
    assert.deepEqual(names('historical'), ['Lone Star Saver 12']);
  });
});
