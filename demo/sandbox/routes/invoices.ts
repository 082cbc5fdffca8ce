/** Invoices (most recent first, cursor pagination) and invoice detail with charge groups. */
import type { Hono } from 'hono';
import type { SandboxEnv } from '../http/env.js';
import { fail } from '../http/errors.js';
import { parseQuery } from '../http/contract.js';
import { toDetail, toListItem } from '../invoices.js';
import { invoiceHistoryOf, invoiceOf, meterInvoices } from '../state/invoice-history.js';
import { tokenAccount, type Deps } from './deps.js';

const encode = (offset: number) => Buffer.from(`i:${offset}`).toString('base64url');
function decode(cursor: string): number {
  const m = /^i:(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!m) throw fail.field('cursor', 'format', 'cursor is not a next_cursor this API returned');
  return Number(m[1]);
}

export function registerInvoiceRoutes(app: Hono<SandboxEnv>, deps: Deps): void {
  const { store, clock, config } = deps;

  app.get('/v1/account/billing/invoices', async (c) => {
    const query = parseQuery('listInvoices', c);
    const limit = query.limit ?? 25;
    const offset = query.cursor === undefined ? 0 : decode(query.cursor);
    const today = clock.today();
    const account = tokenAccount(c);
    const history = invoiceHistoryOf(store, account, today, config.publicUrl);
    const length = history?.length ?? 0;
    const end = Math.min(offset + limit, length);
    // Only this page is priced; its usage is read a billing period per turn, without holding the server.
    if (history) await meterInvoices(account, history, offset, end);
    const page = Array.from({ length: Math.max(0, end - offset) }, (_, i) => history!.record(offset + i));
    return c.json({
      data: page.map((r) => toListItem(r, today)),
      next_cursor: offset + limit < length ? encode(offset + limit) : null,
    });
  });

  app.get('/v1/account/billing/invoices/:invoice_number', (c) => {
    const number = c.req.param('invoice_number');
    const today = clock.today();
    const record = invoiceOf(store, tokenAccount(c), number, today, config.publicUrl);
    if (!record) throw fail.notFound(`No invoice ${number} on this account`);
    return c.json(toDetail(record, today));
  });
}
