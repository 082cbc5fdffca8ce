/**
 * HTTP face of the processor emulator, mounted by the sandbox core at /__sandbox:
 *   GET  /stripe.js                              the Stripe.js emulator (public script, CORS *)
 *   GET  /processor/setup_intents/:id            ?client_secret=…  → the setup intent (Stripe's client view)
 *   POST /processor/setup_intents/:id/confirm    { client_secret, payment_method_data } → setup intent | { error }
 *   GET  /processor/3ds/:id                      ?challenge=…&locale=…&parent_origin=… → the challenge page (HTML)
 *   POST /processor/3ds/:id                      form or JSON { challenge, outcome: complete|fail } → result
 *   GET  /processor/3ds/assets/{challenge.css,notify.js}
 * JSON calls authenticate like Stripe.js: the publishable key (Authorization: Bearer pk_…) plus the client secret.
 * Errors use Stripe's body, { error: { type, code, message, … } }, because Stripe.js is what reads them.
 */
import { readFileSync } from 'node:fs';
import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import { bodyLimit } from '../http/body.js';
import { bundleEmulator } from './bundle.js';
import { challengePage, missingChallengePage, pageLocale, resultPage } from './challenge.js';
import { requestError, type ProcessorError } from './errors.js';
import type { ChallengeOutcome, Processor, SetupIntentRecord } from './processor.js';

export interface ProcessorRoutesOptions {
  /** Public origin of the sandbox, used in the 3-D Secure URLs it hands out (default: the request's origin). */
  sandboxUrl?: string;
  /** Origins besides localhost / 127.0.0.1 (any port) that may call the processor and frame its challenge page. */
  allowedOrigins?: string[];
}

const LOCAL_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/;

/** What a browser holding the client secret may see: Stripe's client view (no customer), 3-D Secure as a URL. */
type PublicSetupIntent = Omit<SetupIntentRecord, 'customer_ref' | 'next_action'> & {
  next_action: { type: 'use_stripe_sdk'; use_stripe_sdk: { type: 'three_d_secure_redirect'; stripe_js: string } } | null;
};

function asset(file: string): string {
  return readFileSync(new URL(`./pages/${file}`, import.meta.url), 'utf8');
}

export function processorRoutes(processor: Processor, opts: ProcessorRoutesOptions = {}): Hono {
  // Read once at startup: a broken emulator source fails the sandbox's start, not a browser later.
  const script = bundleEmulator();
  const notifyJs = asset('notify.js');
  const challengeCss = asset('challenge.css');
  const extraOrigins = new Set((opts.allowedOrigins ?? []).map((o) => new URL(o).origin));
  if (opts.sandboxUrl) extraOrigins.add(new URL(opts.sandboxUrl).origin);
  const isAllowedOrigin = (origin: string) => LOCAL_ORIGIN.test(origin) || extraOrigins.has(origin);
  // frame-ancestors cannot express "any port of [::1]", so IPv6 loopback pages frame the challenge via localhost only.
  const frameAncestors = ["'self'", 'http://localhost:*', 'http://127.0.0.1:*', 'https://localhost:*', ...extraOrigins].join(' ');
  const pageHeaders = {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'no-referrer',
    'Content-Security-Policy': `default-src 'none'; style-src 'self'; script-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors ${frameAncestors}`,
  };

  /** Base URL of the processor routes as the browser reaches them, e.g. http://localhost:4010/__sandbox/processor/. */
  const processorBase = (c: Context) => {
    const path = c.req.path;
    const prefix = path.slice(0, path.indexOf('/processor/') + '/processor/'.length);
    return `${opts.sandboxUrl ? new URL(opts.sandboxUrl).origin : new URL(c.req.url).origin}${prefix}`;
  };

  const publicIntent = (c: Context, intent: SetupIntentRecord): PublicSetupIntent => {
    const { customer_ref: _customer, next_action, ...rest } = intent;
    const token = next_action?.use_stripe_sdk.challenge_token;
    const stripe_js = token ? `${processorBase(c)}3ds/${intent.id}?challenge=${encodeURIComponent(token)}` : null;
    return {
      ...rest,
      next_action: stripe_js ? { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js } } : null,
    };
  };

  const fail = (c: Context, status: 400 | 401 | 402 | 404, error: ProcessorError, intent?: SetupIntentRecord) =>
    c.json({ error: intent ? { ...error, setup_intent: publicIntent(c, intent) } : error }, status);

  /** The publishable key check every JSON call starts with; Stripe masks the key it rejects. */
  const keyError = (c: Context) => {
    const key = /^Bearer\s+(\S+)$/.exec(c.req.header('Authorization') ?? '')?.[1];
    if (processor.isPublishableKey(key)) return null;
    const shown = key ? `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}` : '(none)';
    return fail(c, 401, requestError('api_key_invalid', `Invalid API Key provided: ${shown}`));
  };

  const app = new Hono();
  // The sandbox's one body limit (64 KiB, counted while reading): c.req.json() and parseBody() below read the bytes
  // it kept. A no-op when the core already applied it.
  app.use('*', bodyLimit());

  app.get('/stripe.js', (c) =>
    c.body(script, 200, {
      'Content-Type': 'application/javascript; charset=utf-8',
      'Access-Control-Allow-Origin': '*',
      'Cross-Origin-Resource-Policy': 'cross-origin',
      'Cache-Control': 'no-cache',
    }),
  );

  app.use(
    '/processor/*',
    cors({
      origin: (origin) => (isAllowedOrigin(origin) ? origin : null),
      allowMethods: ['GET', 'POST', 'OPTIONS'],
      allowHeaders: ['Authorization', 'Content-Type', 'Accept'],
      maxAge: 600,
    }),
  );

  app.get('/processor/setup_intents/:id', (c) => {
    const denied = keyError(c);
    if (denied) return denied;
    const intent = processor.setupIntentForSecret(c.req.query('client_secret'));
    if (!intent || intent.id !== c.req.param('id')) {
      return fail(c, 404, requestError('resource_missing', `No such setupintent: '${c.req.param('id')}'`, 'intent'));
    }
    return c.json(publicIntent(c, intent));
  });

  app.post('/processor/setup_intents/:id/confirm', async (c) => {
    const denied = keyError(c);
    if (denied) return denied;
    const body = await c.req.json<unknown>().catch(() => undefined);
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      return fail(c, 400, requestError('parameter_invalid', 'The request body must be a JSON object.'));
    }
    const { client_secret, payment_method_data } = body as { client_secret?: unknown; payment_method_data?: unknown };
    const pmData = (payment_method_data ?? {}) as {
      type?: unknown;
      card?: Record<string, unknown>;
      billing_details?: { address?: { postal_code?: unknown } };
    };
    if (pmData.type !== 'card' || !pmData.card || typeof pmData.card !== 'object') {
      return fail(c, 400, requestError('parameter_missing', 'payment_method_data with type card and card details is required.', 'payment_method_data'));
    }
    const owner = processor.setupIntentForSecret(client_secret);
    if (owner && owner.id !== c.req.param('id')) {
      return fail(c, 404, requestError('resource_missing', `No such setupintent: '${c.req.param('id')}'`, 'intent'));
    }
    const result = processor.confirmSetupIntent(client_secret, {
      number: pmData.card.number,
      exp_month: pmData.card.exp_month,
      exp_year: pmData.card.exp_year,
      cvc: pmData.card.cvc,
      postal_code: pmData.billing_details?.address?.postal_code,
    });
    if (result.ok) return c.json(publicIntent(c, result.setupIntent));
    const current = owner && processor.getSetupIntent(owner.id);
    return fail(c, result.status, result.error, result.status === 402 ? current : undefined);
  });

  app.get('/processor/3ds/assets/challenge.css', (c) =>
    c.body(challengeCss, 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'no-cache' }),
  );
  app.get('/processor/3ds/assets/notify.js', (c) =>
    c.body(notifyJs, 200, { 'Content-Type': 'application/javascript; charset=utf-8', 'Cache-Control': 'no-cache' }),
  );

  app.get('/processor/3ds/:id', (c) => {
    const id = c.req.param('id');
    const token = c.req.query('challenge');
    const locale = pageLocale(c.req.query('locale'));
    const parentOrigin = safeOrigin(c.req.query('parent_origin'), isAllowedOrigin);
    const intent = processor.getSetupIntent(id);
    if (!intent || !processor.challengeMatches(id, token)) return c.body(missingChallengePage(locale), 404, pageHeaders);
    // A reload after answering shows the answer instead of offering the buttons again.
    if (intent.status !== 'requires_action') {
      const outcome: ChallengeOutcome = intent.status === 'succeeded' ? 'complete' : 'fail';
      return c.body(resultPage({ setupIntentId: id, outcome, locale, parentOrigin }), 200, pageHeaders);
    }
    return c.body(challengePage({ setupIntentId: id, token: token!, locale, parentOrigin }), 200, pageHeaders);
  });

  app.post('/processor/3ds/:id', async (c) => {
    const id = c.req.param('id');
    const wantsJson = (c.req.header('Content-Type') ?? '').includes('application/json');
    // The page is open, so anything may be posted to it: a body that is not a JSON object, or a form that cannot be
    // parsed, is a bad request (answered in Stripe's error body: no browser form sends one), never a crash.
    const parsed: unknown = wantsJson ? await c.req.json<unknown>().catch(() => undefined) : await c.req.parseBody().catch(() => undefined);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      const message = wantsJson ? 'The request body must be a JSON object.' : 'The request body is not a valid form (application/x-www-form-urlencoded or multipart/form-data).';
      return fail(c, 400, requestError('parameter_invalid', message));
    }
    const fields = parsed as Record<string, unknown>;
    const outcome = fields.outcome;
    const locale = pageLocale(fields.locale);
    const parentOrigin = safeOrigin(fields.parent_origin, isAllowedOrigin);
    if (outcome !== 'complete' && outcome !== 'fail') {
      const error = requestError('parameter_invalid', "outcome must be 'complete' or 'fail'.", 'outcome');
      return wantsJson ? fail(c, 400, error) : c.body(missingChallengePage(locale), 400, pageHeaders);
    }
    const result = processor.authenticate(id, fields.challenge, outcome);
    if (wantsJson) {
      return result.ok ? c.json({ id, status: result.setupIntent.status }) : fail(c, result.status, result.error);
    }
    if (!result.ok) return c.body(missingChallengePage(locale), result.status, pageHeaders);
    return c.body(resultPage({ setupIntentId: id, outcome, locale, parentOrigin }), 200, pageHeaders);
  });

  return app;
}

function safeOrigin(value: unknown, allowed: (origin: string) => boolean): string {
  if (typeof value !== 'string') return '';
  try {
    const origin = new URL(value).origin;
    return allowed(origin) ? origin : '';
  } catch {
    return '';
  }
}
