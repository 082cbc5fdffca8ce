/**
 * The emulated battery makers' authorization pages, mounted by the sandbox core at /__sandbox/battery (open paths:
 * http/controls.ts), as the real makers' pages are reached without the service's token:
 *   GET  /authorize/:id      ?ticket=…&locale=…  → the consent page (HTML), or the answer once given (with a
 *                            return_url: the answer and a link back to it, never "this window closes by itself")
 *   POST /authorize/:id      form (a browser) or JSON { ticket, decision: allow|deny } (a JSON ticket missing or not
 *                            a string: 400 naming it) → popup: the result page;
 *                            with a return_url: 303 to it with ?battery_authorization={id} (JSON: { redirect_url }),
 *                            also when the answer came too late (expired) or twice: the flow reads the outcome
 *   GET  /assets/{authorize.css,done.js}
 * The `ticket` of the authorization_url is what the page acts on; the account's token never reaches it.
 * The page refuses to be framed (frame-ancestors 'none', as a maker's login page does): the flow opens it in a
 * popup or navigates to it. Errors of JSON calls use the sandbox's error body.
 */
import { readFileSync } from 'node:fs';
import { Hono, type Context } from 'hono';
import type { BatteryAuthorizationRecord } from '../store/types.js';
import { readJson } from '../http/body.js';
import { typeName } from '../http/contract.js';
import type { SandboxEnv } from '../http/env.js';
import { fail } from '../http/errors.js';
import { pageLocale, type PageLocale } from '../processor/challenge.js';
import type { Deps } from '../routes/deps.js';
import { answerAuthorization, authorizationForTicket, statusOf } from '../state/battery.js';
import { makerOf } from './makers.js';
import { authorizePage, missingPage, resultPage } from './page.js';

function asset(file: string): string {
  return readFileSync(new URL(`./pages/${file}`, import.meta.url), 'utf8');
}

const DECISIONS = ['allow', 'deny'] as const;
type Decision = (typeof DECISIONS)[number];

/** The return_url with `battery_authorization={id}` added to its query. */
export function returnTo(record: BatteryAuthorizationRecord): string | null {
  if (!record.returnUrl) return null;
  const url = new URL(record.returnUrl);
  url.searchParams.set('battery_authorization', record.id);
  return url.toString();
}

function seeOther(c: Context, location: string): Response {
  return c.body(null, 303, { Location: location, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' });
}

export function batteryPageRoutes(deps: Deps): Hono<SandboxEnv> {
  const { store, clock, config } = deps;
  // Read once at startup: a missing asset fails the sandbox's start, not a browser later.
  const css = asset('authorize.css');
  const doneJs = asset('done.js');
  /** The popup's opener is the flow, or a partner's own page: only their origins are told. */
  const notifyOrigins = [...new Set([new URL(config.flowUrl).origin, ...store.app.allowedOrigins.map((o) => new URL(o).origin)])];

  const headers = (record?: BatteryAuthorizationRecord) => {
    // A form answer that redirects is checked against form-action too: the return_url's origin is allowed, no other.
    const formAction = ["'self'", ...(record?.returnUrl ? [new URL(record.returnUrl).origin] : [])].join(' ');
    return {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': `default-src 'none'; style-src 'self'; script-src 'self'; form-action ${formAction}; base-uri 'none'; frame-ancestors 'none'`,
    };
  };

  const result = (c: Context, record: BatteryAuthorizationRecord, locale: PageLocale, status: 200 | 410 = 200) => {
    const state = statusOf(record, clock.nowMs());
    if (state === 'pending') throw new Error('a result page needs an answered or expired authorization');
    const url = returnTo(record);
    const back = url ? { back: { url, appName: store.app.name } } : {};
    const html = resultPage({ authorizationId: record.id, status: state, locale, makerName: makerOf(record.maker).name, notifyOrigins, ...back });
    return c.body(html, status, headers(record));
  };

  const app = new Hono<SandboxEnv>();

  app.get('/assets/authorize.css', (c) => c.body(css, 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'no-cache' }));
  app.get('/assets/done.js', (c) => c.body(doneJs, 200, { 'Content-Type': 'application/javascript; charset=utf-8', 'Cache-Control': 'no-cache' }));

  app.get('/authorize/:id', (c) => {
    const locale = pageLocale(c.req.query('locale'));
    const record = authorizationForTicket(store, c.req.param('id'), c.req.query('ticket'));
    if (!record) return c.body(missingPage(locale), 404, headers());
    const state = statusOf(record, clock.nowMs());
    // A reload after answering shows the answer (and, in a popup, tells the opener again) instead of the buttons.
    // A redirect authorization's page reached again (the WebView's Back) links back rather than redirecting: a
    // redirect there would bounce Back forward again, and the customer could never leave backwards.
    if (state !== 'pending') return result(c, record, locale, state === 'expired' ? 410 : 200);
    const page = authorizePage({ authorizationId: record.id, ticket: record.ticket, locale, appName: store.app.name, makerName: makerOf(record.maker).name });
    return c.body(page, 200, headers(record));
  });

  app.post('/authorize/:id', async (c) => {
    const wantsJson = (c.req.header('Content-Type') ?? '').toLowerCase().includes('application/json');
    // The page is open, so anything may be posted to it: a form that cannot be parsed or a JSON body that is not an
    // object is a 400 naming the body (in the sandbox's error body: no browser form sends one), never a crash.
    const raw: unknown = wantsJson ? await readJson(c) : await c.req.parseBody().catch(() => undefined);
    if (raw === undefined) {
      throw fail.field('body', 'format', 'The body is not a valid form (application/x-www-form-urlencoded or multipart/form-data)');
    }
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
      throw fail.field('body', 'type', `body must be a JSON object, not ${typeName(raw)}`);
    }
    const fields = raw as Record<string, unknown>;
    const locale = pageLocale(fields.locale);
    // A script's answer without a ticket, or with one that is not a string, is malformed (a 400 naming it); a
    // well-formed ticket that is not the authorization's is "unknown" (404), as a browser's form gets.
    if (wantsJson && (typeof fields.ticket !== 'string' || !fields.ticket)) {
      throw fields.ticket === undefined || fields.ticket === ''
        ? fail.field('ticket', 'required', 'ticket is required: the one of the authorization_url')
        : fail.field('ticket', 'type', `ticket must be a string, not ${typeName(fields.ticket)}`);
    }
    const record = authorizationForTicket(store, c.req.param('id'), fields.ticket);
    if (!record) {
      if (wantsJson) throw fail.notFound('No such battery authorization, or not its ticket');
      return c.body(missingPage(locale), 404, headers());
    }
    const decision = fields.decision;
    if (!DECISIONS.includes(decision as Decision)) {
      if (wantsJson) throw fail.field('decision', 'enum', `decision must be one of: ${DECISIONS.join(', ')}`);
      const page = authorizePage({ authorizationId: record.id, ticket: record.ticket, locale, appName: store.app.name, makerName: makerOf(record.maker).name });
      return c.body(page, 400, headers(record));
    }
    const answered = answerAuthorization(store, record, decision as Decision);
    const redirect = returnTo(record);
    if (!answered.ok) {
      const status = statusOf(record, clock.nowMs());
      if (wantsJson) {
        const message = answered.reason === 'expired' ? 'The authorization expired; start a new one' : `The authorization was already answered (${status})`;
        throw fail.unprocessable('decision', 'range', message);
      }
      // A redirect authorization goes back whatever became of it: a WebView has no opener to return to, and the flow
      // reads the outcome (expired: it offers a new one).
      if (redirect) return seeOther(c, redirect);
      return result(c, record, locale, answered.reason === 'expired' ? 410 : 200);
    }
    if (wantsJson) return c.json({ id: record.id, status: statusOf(record, clock.nowMs()), redirect_url: redirect });
    if (redirect) return seeOther(c, redirect);
    return result(c, record, locale);
  });

  return app;
}
