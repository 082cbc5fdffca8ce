/**
 * Pre-authenticated links: flow-login (a scoped flow token, 1 hour) and app-login (the Hosted Application, 14 days),
 * the flow's question "what is my session?" (GET /v1/account/flow), and its end (DELETE /v1/account/flow).
 */
import type { Hono } from 'hono';
import { readJson } from '../http/body.js';
import type { SandboxEnv } from '../http/env.js';
import { fail } from '../http/errors.js';
import { parseBody } from '../http/contract.js';
import { APP_LOGIN_TTL_MS, FLOW_TOKEN_TTL_MS } from '../store/tokens.js';
import { pathAccount, type Deps } from './deps.js';

export function registerLinkRoutes(app: Hono<SandboxEnv>, deps: Deps): void {
  const { store, config } = deps;

  app.post('/v1/app/accounts/:account_uuid/flow-login', async (c) => {
    const account = pathAccount(c, deps);
    const body = parseBody('createFlowLogin', await readJson(c));
    // A hosted flow redirects there at the end: only to the partner's own origins, never an open redirect.
    if (body.return_url && !store.app.allowedOrigins.includes(new URL(body.return_url).origin)) {
      throw fail.unprocessable(
        'return_url',
        'range',
        `return_url must be on one of the App's allowed origins: ${store.app.allowedOrigins.join(', ')}`,
      );
    }
    const behavior = body.behavior ?? 'embedded';
    const record = store.tokens.issue(
      'flow',
      {
        accountUuid: account.uuid,
        appId: account.appId,
        scope: body.scope,
        behavior,
        locale: body.locale ?? account.locale,
        returnUrl: body.return_url ?? null,
      },
      FLOW_TOKEN_TTL_MS,
    );
    const link = new URL(`${config.flowUrl}/login`);
    link.searchParams.set('token', record.token);
    // The flow's language, given or the account's: in the link, the first screen is in it from the start.
    if ((body.locale ?? account.locale) === 'es') link.searchParams.set('locale', 'es');
    return c.json(
      { login_link: link.toString(), scope: body.scope, behavior, expires_at: new Date(record.expiresAt).toISOString() },
      201,
    );
  });

  app.post('/v1/app/accounts/:account_uuid/app-login', async (c) => {
    const account = pathAccount(c, deps);
    const body = parseBody('createAppLogin', await readJson(c));
    const record = store.tokens.issue(
      'app_login',
      { accountUuid: account.uuid, appId: account.appId, route: body.route ?? null },
      APP_LOGIN_TTL_MS,
    );
    // The Hosted Application's link (this project serves no Hosted Application): the route it lands on travels with
    // it, percent-encoded (`route=%2Fbilling`), as well as in the token.
    const link = new URL(`${config.flowUrl}/app/login`);
    link.searchParams.set('token', record.token);
    if (body.route) link.searchParams.set('route', body.route);
    return c.json({ login_link: link.toString(), expires_at: new Date(record.expiresAt).toISOString() }, 201);
  });

  // The flow closed (completed or exited): its link stops working now, not at the end of its hour, since the browser's
  // history keeps it (the flow takes it out of the address bar, not out of the history). Expired, not forgotten: it
  // answers 401 token_expired, which tells a client to ask for a fresh link.
  app.delete('/v1/account/flow', (c) => {
    const auth = c.get('auth');
    if (auth.kind !== 'account' || auth.token.kind !== 'flow') {
      throw fail.forbidden('DELETE /v1/account/flow ends the session of a flow token only (the token of a flow-login link)');
    }
    auth.token.expiresAt = Math.min(auth.token.expiresAt, deps.clock.nowMs());
    return c.body(null, 204);
  });

  app.get('/v1/account/flow', (c) => {
    const auth = c.get('auth');
    if (auth.kind !== 'account' || auth.token.kind !== 'flow' || !auth.token.scope) {
      throw fail.forbidden('GET /v1/account/flow answers flow tokens only (the token of a flow-login link)');
    }
    const token = auth.token;
    return c.json({
      scope: token.scope,
      behavior: token.behavior ?? 'embedded',
      expires_at: new Date(token.expiresAt).toISOString(),
      // Counted by the sandbox clock, so a flow opened after a clock move counts what is left of the token by it.
      expires_in: Math.max(0, Math.floor((token.expiresAt - deps.clock.nowMs()) / 1000)),
      allowed_parent_origins: store.app.allowedOrigins,
      return_url: token.returnUrl ?? null,
      locale: token.locale ?? auth.account.locale,
      branding: { name: store.app.name, primary_color: store.app.primaryColor, logo_url: store.app.logoUrl },
    });
  });
}
