/** Invoices (most recent first, cursor pagination) and invoice detail with charge groups. */
import type { Hono } from 'hono';
import type { SandboxEnv } from '../http/env.js';
import { fail } from '../http/errors.js';
import { integerString, object, optional, parse, string } from '../http/validate.js';
import { toDetail, toListItem } from '../invoices.js';
import { invoicesOf } from '../state/invoice-history.js';
import { tokenAccount, type Deps } from './deps.js';

const listQuery = object({ limit: optional(integerString({ min: 1, max: 100 })), cursor: optional(string({ max: 200 })) });

const encode = (offset: number) => Buffer.from(`i:${offset}`).toString('base64url');
function decode(cursor: string): number {
  const m = /^i:(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!m) throw fail.field('cursor', 'format', 'cursor is not a next_cursor this API returned');
  return Number(m[1]);
}

export function registerInvoiceRoutes(app: Hono<SandboxEnv>, deps: Deps): void {
  const { store, clock, config } = deps;

  app.get('/v1/account/billing/invoices', (c) => {
    const query = parse(listQuery, c.req.query());
    const limit = query.limit ?? 25;
    const offset = query.cursor === undefined ? 0 : decode(query.cursor);
    const today = clock.today();
    const all = invoicesOf(store, tokenAccount(c), today, config.publicUrl);
    const page = all.slice(offset, offset + limit);
    return c.json({
      data: page.map((r) => toListItem(r, today)),
      next_cursor: offset + limit < all.length ? encode(offset + limit) : null,
    });
  });

  app.get('/v1/account/billing/invoices/:invoice_number', (c) => {
    const number = c.req.param('invoice_number');
    const today = clock.today();
    const record = invoicesOf(store, tokenAccount(c), today, config.publicUrl).find((r) => r.number === number);
    if (!record) throw fail.notFound(`No invoice ${number} on this account`);
    return c.json(toDetail(record, today));
  });
}
