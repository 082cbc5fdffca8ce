/** GET /__sandbox/webhooks (events, delivery attempts), PUT /__sandbox/webhooks/config: App token (http/controls.ts) */
import type { Hono } from 'hono';
import { readJson } from '../http/body.js';
import type { SandboxEnv } from '../http/env.js';
import { checkBody } from '../http/contract.js';
import { fail, type FieldIssue } from '../http/errors.js';
import { webhookUrlProblem, type WebhookDispatcher } from '../webhooks.js';

export function registerWebhookRoutes(app: Hono<SandboxEnv>, dispatcher: WebhookDispatcher, state: { url: string | null; secret: string }): void {
  app.get('/__sandbox/webhooks', (c) =>
    c.json({ url: state.url, events: dispatcher.events(), deliveries: dispatcher.deliveries() }),
  );

  app.put('/__sandbox/webhooks/config', async (c) => {
    const issues: FieldIssue[] = [];
    const body = checkBody('sandboxConfigureWebhooks', await readJson(c), issues);
    // An http(s) URL no delivery could ever reach (port 0, user:pass@, a #fragment) is refused too, naming url.
    const problem = body?.url ? webhookUrlProblem(body.url) : null;
    if (problem) issues.push({ field: 'url', code: 'format', message: problem });
    if (!body || issues.length) throw fail.invalid(issues);
    // `url: null` turns delivery off; it is required (nullable), so a body without it is a 400. The dispatcher
    // (which refuses a URL it cannot use) is configured first, so the state it reports changes only with it.
    dispatcher.configure({ url: body.url, ...(body.secret !== undefined ? { secret: body.secret } : {}) });
    state.url = body.url;
    if (body.secret !== undefined) state.secret = body.secret;
    return c.json({ url: state.url, secret: state.secret });
  });
}
