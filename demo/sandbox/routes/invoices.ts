/** Invoices (most recent first, cursor pagination) and invoice detail with charge groups. */
import type { Hono } from 'hono';
import type { SandboxEnv } from '../http/env.js';
import { collect, fail } from '../http/errors.js';
import { parseQuery } from '../http/contract.js';
import { toDetail, toListItem } from '../invoices.js';
import { invoiceHistoryOf, invoiceOf, meterInvoices } from '../state/invoice-history.js';
import { localDate } from '../time.js';
import { tokenAccount, type Deps } from './deps.js';

// The cursor names the last invoice of the page (the serial its number ends with), not a position: invoices issued
// between two pages go on top of the list and neither repeat nor skip one on the next page.
const serialOf = (number: string): number => Number(number.slice(-6));
const encode = (serial: number) => Buffer.from(`n:${serial}`).toString('base64url');
function decode(cursor: string): number {
  const m = /^n:(\d{1,6})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!m) throw fail.field('cursor', 'format', 'cursor is not a next_cursor this API returned');
  return Number(m[1]);
}

export function registerInvoiceRoutes(app: Hono<SandboxEnv>, deps: Deps): void {
  const { store, clock, config } = deps;

  app.get('/v1/account/billing/invoices', async (c) => {
    const query = parseQuery('listInvoices', c, (q, issues) => q.cursor !== undefined && collect(issues, () => decode(q.cursor!)));
    const limit = query.limit ?? 25;
    const after = query.cursor === undefined ? null : decode(query.cursor);
    const now = clock.nowMs();
    const today = localDate(now);
    const account = tokenAccount(c);
    const history = invoiceHistoryOf(store, account, now, config.publicUrl);
    const length = history?.length ?? 0;
    const start = history && after !== null ? history.positionAfter(after) : 0;
    const end = Math.min(start + limit, length);
    // Only this page is priced; its usage is read a billing period per turn, without holding the server.
    if (history) await meterInvoices(account, history, start, end);
    const page = Array.from({ length: Math.max(0, end - start) }, (_, i) => history!.record(start + i));
    const last = page.at(-1);
    return c.json({
      data: page.map((r) => toListItem(r, today)),
      next_cursor: end < length && last ? encode(serialOf(last.number)) : null,
    });
  });

  app.get('/v1/account/billing/invoices/:invoice_number', (c) => {
    const number = c.req.param('invoice_number');
    const now = clock.nowMs();
    const record = invoiceOf(store, tokenAccount(c), number, now, config.publicUrl);
    if (!record) throw fail.notFound(`No invoice ${number} on this account`);
    return c.json(toDetail(record, localDate(now)));
  });
}
