/** The partner demo's HTTP surface: two pages, their assets, and a tiny backend that holds the App token. */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { PartnerConfig } from './config.js';
import { clientScript, hostSdkScript, page, staticAsset } from './assets.js';
import { parseFlowLinkRequest, type FieldError, type FlowBehavior } from './flow-link-request.js';
import { AfterAccountCreated, createFlowLink, randomSandboxEmail } from './flow-link.js';
import { securityHeaders } from './security.js';
import { ServiceError, ServiceUnreachable, serviceApi, type ServiceApi } from './sandbox-api.js';

export function createPartnerApp(config: PartnerConfig, api: ServiceApi = serviceApi(config.sandboxUrl, config.appToken)): Hono {
  const app = new Hono();
  const headers = securityHeaders(config);

  app.use('*', async (c, next) => {
    const started = performance.now();
    await next();
    for (const [name, value] of Object.entries(headers)) c.header(name, value);
    // Path only: a query string may carry more than this log should keep.
    console.log(`${c.req.method} ${c.req.path} ${c.res.status} ${Math.round(performance.now() - started)}ms`);
  });

  app.get('/health', (c) => c.json({ status: 'ok' }));

  app.get('/api/config', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ flowOrigin: config.flowOrigin, sandboxUrl: config.sandboxUrl });
  });

  app.use('/api/*', bodyLimit({ maxSize: 16 * 1024, onError: (c) => errorJson(c, 413, 'payload_too_large', 'The request body is larger than 16 KiB') }));

  const linkHandler = (defaults: { behavior: FlowBehavior; randomEmail: boolean }) => async (c: Context) => {
    // Requiring JSON makes a cross-site form post impossible without a CORS preflight, which this server never grants.
    if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('application/json')) {
      return errorJson(c, 415, 'unsupported_media_type', 'Send the request as application/json');
    }
    const raw = await c.req.text();
    let body: unknown = {};
    if (raw.trim() !== '') {
      try {
        body = JSON.parse(raw) as unknown;
      } catch {
        return errorJson(c, 400, 'invalid_json', 'The request body is not valid JSON');
      }
    }
    const parsed = parseFlowLinkRequest(body, defaults);
    if (!parsed.ok) return errorJson(c, 400, 'invalid_request', summarize(parsed.fields), parsed.fields);
    const req = parsed.value;
    if (defaults.randomEmail && req.email === undefined && req.account_uuid === undefined && req.preset === undefined) req.email = randomSandboxEmail();
    try {
      const link = await createFlowLink(api, req, config.partnerUrl);
      c.header('Cache-Control', 'no-store');
      return c.json(link, 201);
    } catch (error) {
      return serviceFailure(c, error);
    }
  };
  app.post('/api/flow-link', linkHandler({ behavior: 'embedded', randomEmail: false }));
  // `npm start` prints a hosted link "as if sent by SMS" from here.
  app.post('/api/demo-link', linkHandler({ behavior: 'hosted', randomEmail: true }));
  for (const path of ['/api/flow-link', '/api/demo-link']) {
    app.all(path, (c) => {
      c.header('Allow', 'POST');
      return errorJson(c, 405, 'method_not_allowed', `${path} takes POST`);
    });
  }

  app.get('/', async (c) => c.html(await page('index')));
  app.get('/return', async (c) => c.html(await page('return')));
  app.get('/js/:name', async (c) => {
    const code = await clientScript(c.req.param('name'));
    if (code === null) return c.notFound();
    c.header('Cache-Control', 'no-cache');
    return c.body(code, 200, { 'Content-Type': 'text/javascript; charset=utf-8' });
  });
  app.get('/sdk/:name', async (c) => {
    const code = await hostSdkScript(c.req.param('name'));
    if (code === null) return c.notFound();
    c.header('Cache-Control', 'no-cache');
    return c.body(code, 200, { 'Content-Type': 'text/javascript; charset=utf-8' });
  });
  app.get('/assets/:name', async (c) => {
    const asset = await staticAsset(c.req.param('name'));
    if (asset === null) return c.notFound();
    c.header('Cache-Control', 'no-cache');
    return c.body(asset.body, 200, { 'Content-Type': asset.type });
  });

  app.notFound((c) => (c.req.path.startsWith('/api/') ? errorJson(c, 404, 'not_found', 'No such endpoint') : c.text('Not found', 404)));
  app.onError((error, c) => {
    console.error(`${c.req.method} ${c.req.path} failed: ${error.name}: ${error.message}`);
    return errorJson(c, 500, 'internal', 'The partner demo failed; see its log');
  });
  return app;
}

function serviceFailure(c: Context, error: unknown): Response {
  // The account was created before the failure: the answer names it, so the page opens the next try for it.
  if (error instanceof AfterAccountCreated) {
    c.header('Account-Uuid', error.accountUuid);
    return serviceFailure(c, error.cause);
  }
  if (error instanceof ServiceError) {
    // The service's status and body go through unchanged so the page (and a test) sees exactly what the service said.
    console.warn(`${c.req.path}: the service answered ${error.status} (${errorCode(error.body) ?? 'no error code'})`);
    if (error.retryAfter !== null) c.header('Retry-After', error.retryAfter);
    if (isErrorBody(error.body)) return c.json(error.body, error.status as ContentfulStatusCode);
    return errorJson(c, error.status, 'service_error', `The service answered ${error.status}`);
  }
  if (error instanceof ServiceUnreachable) {
    console.warn(`${c.req.path}: ${error.message}`);
    return errorJson(c, 502, 'service_unreachable', 'The sandbox service could not be reached; is it running?');
  }
  throw error;
}

function errorJson(c: Context, status: number, code: string, message: string, fields?: FieldError[]): Response {
  return c.json({ error: { status, code, message, ...(fields && { fields }) } }, status as ContentfulStatusCode);
}

function summarize(fields: FieldError[]): string {
  return fields.map((f) => `${f.field}: ${f.message}`).join('; ');
}

function isErrorBody(body: unknown): body is { error: { code?: unknown } } {
  return typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'object';
}

function errorCode(body: unknown): string | undefined {
  return isErrorBody(body) && typeof body.error.code === 'string' ? body.error.code : undefined;
}
