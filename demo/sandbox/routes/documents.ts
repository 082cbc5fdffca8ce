/**
 * GET /documents/{id}.pdf: the real PDF of a plan document (EFL, TOS, YRAC), a Letter of Authorization or an
 * invoice. Without a token by design (a PDF link must open in a new tab or a WebView); the ids are random UUIDs, so
 * a link cannot be guessed. An invoice's or a Letter of Authorization's link is signed and opens it for an hour
 * (state/document-links.ts): then 403, and one with another signature or none is 404, as an unknown id is.
 * `?locale=es` gives the Spanish version.
 */
import type { Hono } from 'hono';
import { eflDocument, invoiceDocument, loaDocument, tosDocument, yracDocument, type DocLang } from '../documents/index.js';
import type { SandboxEnv } from '../http/env.js';
import { fail } from '../http/errors.js';
import { parseQuery } from '../http/contract.js';
import { invoiceStatus } from '../invoices.js';
import { renderPdf, type PdfDocument } from '../pdf.js';
import { contractOn, invoiceOf } from '../state/invoice-history.js';
import { isPersonal, linkState } from '../state/document-links.js';
import type { DocumentRef } from '../store/store.js';
import type { AccountRecord } from '../store/types.js';
import { localDate } from '../time.js';
import type { Deps } from './deps.js';

function oneLine(a: { address_1: string; address_2: string | null; city: string; state: string; postal_code: string }): string {
  return [a.address_1, a.address_2, `${a.city}, ${a.state} ${a.postal_code}`].filter(Boolean).join(', ');
}

function customerName(a: AccountRecord): string {
  return [a.first_name, a.last_name].filter(Boolean).join(' ') || a.email;
}

function buildDocument(deps: Deps, ref: DocumentRef, lang: DocLang): PdfDocument | undefined {
  const { store, clock, config } = deps;
  if (ref.type === 'yrac') return yracDocument(lang);
  if (ref.type === 'efl' || ref.type === 'tos') {
    const plan = ref.planUuid ? store.plans.get(ref.planUuid)?.plan : undefined;
    if (!plan?.average_price_cents_per_kwh) return undefined;
    const input = {
      plan_uuid: plan.uuid,
      name: plan.name,
      term_months: plan.term_months,
      energy_rate_cents_per_kwh: plan.energy_rate_cents_per_kwh,
      base_charge_cents: plan.base_charge_cents,
      renewable_percent: plan.renewable_percent,
      early_termination_fee_cents: plan.early_termination_fee_cents,
      delivery: plan.delivery,
      average_price_cents_per_kwh: plan.average_price_cents_per_kwh,
      version: ref.version,
      effective_date: ref.effectiveDate,
    };
    return ref.type === 'efl' ? eflDocument(input, lang) : tosDocument(input, lang);
  }
  const account = ref.accountUuid ? store.account(ref.accountUuid) : undefined;
  if (!account?.location) return undefined;
  if (ref.type === 'loa') {
    const contract = [account.location.contract, ...account.pastContracts].find((k) => k.loaDocumentId === ref.id);
    if (!contract) return undefined;
    return loaDocument(
      {
        customer_name: customerName(account),
        agent_name: store.app.name,
        esi_id: account.location.esiId,
        service_address: oneLine(account.location.address),
        plan_name: contract.plan.name,
        start_date: contract.requestedStartDate ?? contract.startDate,
        accepted_at: new Date(contract.acceptedAt).toISOString(),
        account_uuid: account.uuid,
      },
      lang,
    );
  }
  const now = clock.nowMs();
  const today = localDate(now);
  const invoice = invoiceOf(store, account, ref.invoiceNumber ?? '', now, config.publicUrl);
  if (!invoice) return undefined;
  return invoiceDocument(
    {
      ...invoice,
      status: invoiceStatus(invoice, today),
      customer_name: customerName(account),
      service_address: oneLine(account.location.address),
      esi_id: account.location.esiId,
      // The plan the invoice was priced with, which a renewal since has not changed.
      plan_name: contractOn(account, invoice.billing_period_start).plan.name,
      utility_display_name: account.location.address.utility.display_name,
    },
    lang,
  );
}

export function registerDocumentRoutes(app: Hono<SandboxEnv>, deps: Deps): void {
  app.get('/documents/:file', (c) => {
    const m = /^([0-9a-f-]{36})\.pdf$/.exec(c.req.param('file'));
    const ref = m ? deps.store.documents.get(m[1]!) : undefined;
    if (!ref) throw fail.notFound('No such document');
    const query = parseQuery('downloadDocument', c);
    if (isPersonal(ref.type)) {
      const state = linkState(ref.id, query.expires, query.signature, deps.clock.nowMs());
      if (state === 'invalid') throw fail.notFound('No such document');
      if (state === 'expired') {
        throw fail.forbidden('This link to the document has expired: open the document again where you found it, which gives a new link');
      }
    }
    const lang = query.locale ?? ref.locale;
    const doc = buildDocument(deps, ref, lang);
    if (!doc) throw fail.notFound('The document is no longer available');
    const bytes = renderPdf(doc);
    return new Response(new Uint8Array(bytes), {
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': `inline; filename="${ref.type}-${ref.id.slice(0, 8)}.pdf"`,
        // An invoice or a Letter of Authorization names the customer, the service address and the ESI ID: never
        // kept in the browser's cache (a shared computer), as the flow's page is not; plan documents are the same for all.
        'cache-control': ref.type === 'invoice' || ref.type === 'loa' ? 'no-store' : 'private, max-age=300',
      },
    });
  });
}
