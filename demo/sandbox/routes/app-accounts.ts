/** App-token account management: create, list, read, update, account tokens, power of attorney. */
import type { Hono } from 'hono';
import type { SandboxEnv } from '../http/env.js';
import { readJson } from '../http/body.js';
import { collect, fail, type FieldIssue } from '../http/errors.js';
import { parseBody, parseQuery } from '../http/contract.js';
import { applyIdentity, endForcedStatus } from '../state/enrollment.js';
import { ACCOUNT_TOKEN_TTL_MS } from '../store/tokens.js';
import type { AccountRecord } from '../store/types.js';
import { accountCursor } from '../store/store.js';
import { toAccount } from '../views/account.js';
import { accountJson, pathAccount, type Deps } from './deps.js';
import { addressInputOf, assertAdult } from './schemas.js';

const UPDATABLE = ['email', 'first_name', 'last_name', 'phone', 'date_of_birth', 'preliminary_address', 'locale'] as const;

export function issueAccountToken(deps: Deps, account: AccountRecord): { token: string; expires_at: string } {
  const record = deps.store.tokens.issue('account', { accountUuid: account.uuid, appId: account.appId }, ACCOUNT_TOKEN_TTL_MS);
  return { token: record.token, expires_at: new Date(record.expiresAt).toISOString() };
}

/** A date of birth that says the customer is under 18 (or over 120), as an issue beside the contract's. */
function ageIssues(raw: unknown, today: string): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const dob = (raw as { date_of_birth?: unknown } | null)?.date_of_birth;
  if (typeof dob === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(dob)) collect(issues, () => assertAdult(dob, today, 400));
  return issues;
}

export function registerAppAccountRoutes(app: Hono<SandboxEnv>, deps: Deps): void {
  const { store, clock } = deps;

  app.post('/v1/app/accounts', async (c) => {
    const raw = await readJson(c);
    const body = parseBody('createAccount', raw, ageIssues(raw, clock.today()));
    const { preliminary_address: address, ...fields } = body;
    const account = store.createAccount({ ...fields, ...(address ? { preliminary_address: addressInputOf(address) } : {}) });
    c.set('subjectAccount', account);
    const token = issueAccountToken(deps, account);
    return c.json({ ...toAccount(account, store.app), account_token: token.token, account_token_expires_at: token.expires_at }, 201);
  });

  app.get('/v1/app/accounts', (c) => {
    const query = parseQuery('listAccounts', c, (q, issues) => q.cursor !== undefined && collect(issues, () => accountCursor(q.cursor!)));
    const page = store.listAccounts(query.limit ?? 25, query.cursor);
    return c.json({ data: page.data.map((a) => toAccount(a, store.app)), next_cursor: page.nextCursor });
  });

  app.get('/v1/app/accounts/:account_uuid', (c) => accountJson(c, deps, pathAccount(c, deps)));

  app.patch('/v1/app/accounts/:account_uuid', async (c) => {
    const account = pathAccount(c, deps);
    const raw = await readJson(c);
    const body = parseBody('updateAccount', raw, ageIssues(raw, clock.today()));
    if (!UPDATABLE.some((k) => body[k] !== undefined)) {
      throw fail.field('body', 'required', `Send at least one of: ${UPDATABLE.join(', ')}`);
    }
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
