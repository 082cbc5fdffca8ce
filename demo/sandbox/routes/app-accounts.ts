/** App-token account management: create, list, read, update, account tokens, power of attorney. */
import type { Hono } from 'hono';
import type { SandboxEnv } from '../http/env.js';
import { readJson } from '../http/body.js';
import { fail } from '../http/errors.js';
import { parseBody, parseQuery } from '../http/contract.js';
import { applyIdentity, endForcedStatus } from '../state/enrollment.js';
import { ACCOUNT_TOKEN_TTL_MS } from '../store/tokens.js';
import type { AccountRecord } from '../store/types.js';
import { toAccount } from '../views/account.js';
import { accountJson, pathAccount, type Deps } from './deps.js';
import { addressInputOf, assertAdult } from './schemas.js';

const UPDATABLE = ['email', 'first_name', 'last_name', 'phone', 'date_of_birth', 'preliminary_address', 'locale'] as const;

export function issueAccountToken(deps: Deps, account: AccountRecord): { token: string; expires_at: string } {
  const record = deps.store.tokens.issue('account', { accountUuid: account.uuid, appId: account.appId }, ACCOUNT_TOKEN_TTL_MS);
  return { token: record.token, expires_at: new Date(record.expiresAt).toISOString() };
}

export function registerAppAccountRoutes(app: Hono<SandboxEnv>, deps: Deps): void {
  const { store, clock } = deps;

  app.post('/v1/app/accounts', async (c) => {
    const body = parseBody('createAccount', await readJson(c));
    if (body.date_of_birth) assertAdult(body.date_of_birth, clock.today(), 400);
    const { preliminary_address: address, ...fields } = body;
    const account = store.createAccount({ ...fields, ...(address ? { preliminary_address: addressInputOf(address) } : {}) });
    c.set('subjectAccount', account);
    const token = issueAccountToken(deps, account);
    return c.json({ ...toAccount(account, store.app), account_token: token.token, account_token_expires_at: token.expires_at }, 201);
  });

  app.get('/v1/app/accounts', (c) => {
    const query = parseQuery('listAccounts', c);
    const page = store.listAccounts(query.limit ?? 25, query.cursor);
    return c.json({ data: page.data.map((a) => toAccount(a, store.app)), next_cursor: page.nextCursor });
  });

  app.get('/v1/app/accounts/:account_uuid', (c) => accountJson(c, deps, pathAccount(c, deps)));

  app.patch('/v1/app/accounts/:account_uuid', async (c) => {
    const account = pathAccount(c, deps);
    const body = parseBody('updateAccount', await readJson(c));
    if (!UPDATABLE.some((k) => body[k] !== undefined)) {
      throw fail.field('body', 'required', `Send at least one of: ${UPDATABLE.join(', ')}`);
    }
    if (body.date_of_birth) assertAdult(body.date_of_birth, clock.today(), 400);
    const changed = applyIdentity(account, body);
    // null clears the preliminary address (the account goes back to created/missing_address).
    if (body.preliminary_address !== undefined) account.preliminary_address = body.preliminary_address && addressInputOf(body.preliminary_address);
    if (body.locale) account.locale = body.locale;
    if (changed) {
      endForcedStatus(account);
      account.counters.identity_updates += 1;
      store.emit(account, 'enrollment.identity_updated');
    }
    return accountJson(c, deps, account);
  });

  app.post('/v1/app/accounts/:account_uuid/token', (c) => {
    const account = pathAccount(c, deps);
    return c.json(issueAccountToken(deps, account), 201);
  });

  app.post('/v1/app/accounts/:account_uuid/record-client-agent', async (c) => {
    const account = pathAccount(c, deps);
    const body = parseBody('recordClientAgent', await readJson(c));
    const now = clock.nowMs();
    const at = body.client_agent_accepted_at ? Date.parse(body.client_agent_accepted_at) : now;
    if (at > now) throw fail.field('client_agent_accepted_at', 'range', 'client_agent_accepted_at cannot be in the future');
    account.clientAgentAcceptedAt = at;
    return accountJson(c, deps, account);
  });
}
