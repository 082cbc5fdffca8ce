/**
 * Bearer token authentication for the two endpoint groups. The App token opens /v1/app/*; account and flow tokens
 * open /v1/account/*, a flow token only within its scope. A token of the wrong kind is 401 like a missing one (the
 * specification: "without a valid token of the accepted type fails with 401"): an app-login link's token too. That
 * link opens the Hosted Application, which it is for, for 14 days; as a bearer for the API it would be an unscoped
 * account credential for two weeks, in an email, where an account token lives 60 minutes.
 */
import type { MiddlewareHandler } from 'hono';
import type { Store } from '../store/store.js';
import { fail } from './errors.js';
import type { SandboxEnv } from './env.js';
import { scopeAllows } from './scopes.js';

export function bearerToken(header: string | undefined): string | undefined {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return m?.[1];
}

export function appAuth(store: Store): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    const token = bearerToken(c.req.header('authorization'));
    if (!token) throw fail.unauthorized('Missing bearer token: send Authorization: Bearer <App token>');
    if (token !== store.app.token) {
      const other = store.tokens.lookup(token);
      throw fail.unauthorized(other.state === 'unknown' ? 'Invalid token' : 'This endpoint requires the App token, not an account or flow token');
    }
    c.set('auth', { kind: 'app', app: store.app });
    await next();
  };
}

export function accountAuth(store: Store): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    const token = bearerToken(c.req.header('authorization'));
    if (!token) throw fail.unauthorized('Missing bearer token: send Authorization: Bearer <account token>');
    if (token === store.app.token) throw fail.unauthorized('This endpoint requires an account token, not the App token');
    const found = store.tokens.lookup(token);
    if (found.state === 'unknown') throw fail.unauthorized('Invalid token');
    if (found.record.kind === 'app_login') {
      throw fail.unauthorized("An app-login link's token opens the Hosted Application, not the API: send an account token (POST /v1/app/accounts/{account_uuid}/token) or a flow token");
    }
    if (found.state === 'expired') throw fail.tokenExpired();
    const record = found.record;
    const account = store.account(record.accountUuid);
    if (!account) throw fail.unauthorized('Invalid token');
    if (record.kind === 'flow' && record.scope && !scopeAllows(record.scope, c.req.method, c.req.path)) {
      throw fail.forbidden(`A flow token of scope ${record.scope} may not call ${c.req.method} ${c.req.path}`);
    }
    c.set('auth', { kind: 'account', token: record, account });
    c.set('subjectAccount', account);
    await next();
  };
}
