/**
 * The sandbox service: an in-memory emulator of the service API (all of /v1), plus the card processor emulator, the
 * battery makers' authorization pages, fault injection, webhooks and time control under /__sandbox (the App
 * token's: http/controls.ts). `createSandbox` builds it without listening, so tests call `sandbox.app.request(...)`;
 * main.ts serves it over HTTP.
 */
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { matchedRoutes } from 'hono/route';
import { createProcessor } from './adapters/processor.js';
import type { WebhookEmitter } from './adapters/webhooks.js';
import { Clock } from './clock.js';
import { resolveConfig, type ResolvedConfig, type SandboxConfig } from './config.js';
import { ConnectionDroppedError, Faults } from './faults.js';
import { appAuth, accountAuth } from './http/auth.js';
import { bodyLimit } from './http/body.js';
import { loadRequestContract } from './http/contract.js';
import { isSandboxControl, sandboxControls } from './http/controls.js';
import type { SandboxEnv } from './http/env.js';
import { ApiError, fail } from './http/errors.js';
import { IdempotencyStore } from './http/idempotency.js';
import { methodNotAllowed } from './http/methods.js';
import { rateLimit, SlidingWindowLimiter } from './http/rate-limit.js';
import type { Processor } from './processor/processor.js';
import { processorRoutes } from './processor/routes.js';
import { batteryPageRoutes } from './battery/routes.js';
import { registerAccountRoutes } from './routes/account.js';
import { registerAccountEnrollRoutes } from './routes/account-enroll.js';
import { registerAppAccountRoutes } from './routes/app-accounts.js';
import { registerAppEnrollRoutes } from './routes/app-enroll.js';
import { registerBatteryRoutes } from './routes/battery.js';
import { registerBillingRoutes } from './routes/billing.js';
import { registerDocumentRoutes } from './routes/documents.js';
import type { Deps } from './routes/deps.js';
import { registerEnrollStepRoutes } from './routes/enroll-steps.js';
import { registerEventRoutes } from './routes/events.js';
import { registerInvoiceRoutes } from './routes/invoices.js';
import { registerLinkRoutes } from './routes/links.js';
import { registerLocationRoutes } from './routes/locations.js';
import { registerRenewalRoutes } from './routes/renewal.js';
import { registerSandboxRoutes } from './routes/sandbox.js';
import { registerPresetRoutes } from './routes/sandbox-presets.js';
import { registerWebhookRoutes } from './routes/webhooks.js';
import { emitInvoiceEvents } from './state/invoice-history.js';
import { Progress } from './state/pipeline.js';
import { startDueRenewal } from './state/renewal.js';
import { Store } from './store/store.js';
import { WebhookDispatcher } from './webhooks.js';

export type { SandboxConfig } from './config.js';

export interface Sandbox {
  app: Hono<SandboxEnv>;
  clock: Clock;
  store: Store;
  config: ResolvedConfig;
  processor: Processor;
  progress: Progress;
  faults: Faults;
  /** The delivering dispatcher (its events() and deliveries() are what GET /__sandbox/webhooks lists). */
  dispatcher: WebhookDispatcher;
  /** Stops background work (clock listener, webhook retries). */
  close(): void;
}

/** Access-Control-Max-Age of the sandbox's CORS preflights: Chromium's cap (see the cors middleware below). */
export const CORS_MAX_AGE_SECONDS = 7200;

/** The App API (`/v1/app`, `/v1/app/…`): App token, server side only. */
export const isAppApi = (path: string): boolean => path === '/v1/app' || path.startsWith('/v1/app/');

export function createSandbox(input: SandboxConfig = {}): Sandbox {
  // The request schemas come from openapi/openapi.yaml: compiled once, so that a broken contract fails at start.
  loadRequestContract();
  const config = resolveConfig(input);
  const clock = new Clock({ realNow: config.realNow, ...(input.clockStart !== undefined ? { start: input.clockStart } : {}) });
  const webhookState = { url: config.webhookUrl ?? null, secret: config.webhookSecret };
  // Signatures carry real time (partners verify them against their own clock), so the dispatcher keeps real time;
  // an event's created_at is when it happened on the sandbox's clock, like every timestamp of the API.
  const dispatcher = new WebhookDispatcher({
    secret: config.webhookSecret,
    eventTime: () => clock.now(),
    ...(config.webhookUrl ? { url: config.webhookUrl } : {}),
    ...(config.webhookBackoffMs !== undefined ? { backoffMs: config.webhookBackoffMs } : {}),
    ...(input.fetch ? { fetch: input.fetch } : {}),
  });
  const emitter: WebhookEmitter = input.webhooks
    ? { emit: (type, data) => { dispatcher.emit(type, data); input.webhooks!.emit(type, data); } }
    : { emit: (type, data) => void dispatcher.emit(type, data) };
  const store = new Store({
    clock,
    webhooks: emitter,
    app: {
      id: 'app_sandbox',
      name: config.appName,
      token: config.appToken,
      stripePublicKey: config.stripePublicKey,
      allowedOrigins: config.allowedOrigins,
      primaryColor: '#1d68d8',
      logoUrl: `${config.publicUrl}/__sandbox/branding/logo.svg`,
    },
  });
  const processor = createProcessor(config.stripePublicKey, clock);
  const progress = new Progress(store);
  const faults = new Faults({ accountExists: (uuid) => store.account(uuid) !== undefined, now: () => clock.now() });
  faults.onExpireTokens((accountUuid) => void store.expireTokens(accountUuid));
  /** Background work that is due: pipeline steps, renewals that start, then the invoices (and auto-pay) the passing days bring. */
  const tick = (): void => {
    progress.runDue();
    const today = clock.today();
    const now = clock.nowMs();
    for (const account of store.accounts()) {
      startDueRenewal(account, today);
      emitInvoiceEvents(store, account, now, config.publicUrl);
    }
  };
  const unsubscribe = clock.onChange(tick);
  const deps: Deps = { store, clock, config, progress, processor };

  const app = new Hono<SandboxEnv>();
  app.onError((err, c) => {
    // A dropped connection must reach the caller as a failure, not as an answer.
    if (err instanceof ConnectionDroppedError) throw err;
    if (err instanceof ApiError) return err.toResponse();
    console.error(`[sandbox] ${c.req.method} ${c.req.path} failed:`, err);
    return fail.internal().toResponse();
  });
  app.notFound((c) => fail.notFound(`No route ${c.req.method} ${c.req.path}`).toResponse());

  app.use(
    '*',
    cors({
      // The sandbox controls grant no origin (their preflight fails, their answers are unreadable): no page calls
      // them. Nor does the App API (/v1/app/*): its token is for the partner's backend only, so a page that carries
      // it fails here as it would at the service. The open /__sandbox paths (http/controls.ts) keep the App's
      // policy, e.g. the partner page's fixtures; the flow's Account API answers the flow and the allowed origins.
      origin: (origin, c) =>
        !isSandboxControl(c.req.path) && !isAppApi(c.req.path) && [config.flowUrl, ...config.allowedOrigins].includes(origin) ? origin : null,
      allowMethods: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'],
      allowHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
      exposeHeaders: ['Retry-After', 'Idempotent-Replayed'],
      // How long a browser may reuse a preflight's answer (Access-Control-Max-Age, sent on preflights only).
      // Chromium caps it at 7200 s (2 hours, since v76; 600 s before) and Firefox at 86400 s: 7200 is the most
      // the flow's browsers honour, so each API origin costs a page one OPTIONS round trip per 2 hours rather
      // than per 10 minutes. A longer value would only be cut to 7200 by Chromium.
      maxAge: CORS_MAX_AGE_SECONDS,
    }),
  );
  // 405 before authentication and flow scopes: a wrong method is answered the same whatever the token.
  app.use('*', methodNotAllowed(app));
  app.use('*', faults.middleware());
  app.use('*', bodyLimit());
  app.use('*', async (c, next) => {
    // Lazy background progress: real time moves the sandbox clock too, so due work runs before anything is read.
    tick();
    await next();
    const account = c.get('subjectAccount');
    if (account) {
      const route = matchedRoutes(c).filter((r) => r.method !== 'ALL').at(-1)?.path ?? c.req.path;
      const key = `${c.req.method} ${route}`;
      account.requestsByRoute[key] = (account.requestsByRoute[key] ?? 0) + 1;
    }
  });

  const idempotency = new IdempotencyStore(clock);
  const limits = config.rateLimits;
  // In Hono '/v1/account/*' also matches '/v1/account' itself, so one registration covers the group.
  app.use('/v1/app/*', appAuth(store));
  app.use('/v1/account/*', accountAuth(store));
  // The /__sandbox controls: the App token, no web page, JSON bodies only; http/controls.ts lists the open paths.
  app.use('/__sandbox/*', sandboxControls(store));
  if (limits) {
    const appLimiter = new SlidingWindowLimiter(limits.app, limits.windowMs, config.realNow);
    const accountLimiter = new SlidingWindowLimiter(limits.account, limits.windowMs, config.realNow);
    app.use('/v1/app/*', rateLimit(appLimiter, () => `app:${store.app.id}`));
    app.use('/v1/account/*', rateLimit(accountLimiter, (c) => `account:${c.get('subjectAccount').uuid}`));
  }
  const subject = (c: Parameters<Parameters<typeof idempotency.middleware>[0]>[0]): string => {
    const auth = c.get('auth');
    if (!auth) return 'sandbox';
    return auth.kind === 'app' ? `app:${auth.app.id}` : `account:${auth.account.uuid}`;
  };
  app.use('/v1/*', idempotency.middleware(subject));
  app.use('/__sandbox/*', idempotency.middleware(subject));

  registerAppAccountRoutes(app, deps);
  registerLinkRoutes(app, deps);
  registerAppEnrollRoutes(app, deps);
  registerEventRoutes(app, deps);
  registerAccountRoutes(app, deps);
  registerAccountEnrollRoutes(app, deps);
  registerEnrollStepRoutes(app, deps);
  registerBillingRoutes(app, deps);
  registerInvoiceRoutes(app, deps);
  registerLocationRoutes(app, deps);
  registerRenewalRoutes(app, deps);
  registerBatteryRoutes(app, deps);
  registerDocumentRoutes(app, deps);
  registerSandboxRoutes(app, deps);
  registerPresetRoutes(app, deps, processor);
  registerWebhookRoutes(app, dispatcher, webhookState);
  app.route('/__sandbox/faults', faults.routes());
  app.route('/__sandbox/battery', batteryPageRoutes(deps));
  app.route('/__sandbox', processorRoutes(processor, { sandboxUrl: config.publicUrl, allowedOrigins: [config.flowUrl, ...config.allowedOrigins] }));

  return {
    app,
    clock,
    store,
    config,
    processor,
    progress,
    faults,
    dispatcher,
    close() {
      unsubscribe();
      dispatcher.close();
    },
  };
}
