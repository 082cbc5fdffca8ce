/** What route handlers share: the sandbox's state and services. */
import type { Context } from 'hono';
import type { PaymentProcessor } from '../adapters/processor.js';
import type { Clock } from '../clock.js';
import type { ResolvedConfig } from '../config.js';
import type { SandboxEnv } from '../http/env.js';
import { fail } from '../http/errors.js';
import { validPathParameter } from '../http/contract.js';
import type { Progress } from '../state/pipeline.js';
import type { Store } from '../store/store.js';
import type { AccountRecord } from '../store/types.js';
import { toAccount } from '../views/account.js';

export interface Deps {
  store: Store;
  clock: Clock;
  config: ResolvedConfig;
  progress: Progress;
  processor: PaymentProcessor;
}

export type Ctx = Context<SandboxEnv>;

/** The account of an account-token request. */
export function tokenAccount(c: Ctx): AccountRecord {
  const auth = c.get('auth');
  if (auth.kind !== 'account') throw fail.unauthorized();
  return auth.account;
}

/**
 * The `{account_uuid}` of an App route. A path that names no account of the App is 404, malformed or not: the
 * contract documents 404 (not 400) for these paths, as a path is an address, not an input field.
 */
export function pathAccount(c: Ctx, deps: Deps, param = 'account_uuid'): AccountRecord {
  const raw = c.req.param(param) ?? '';
  if (!validPathParameter('AccountUuid', raw)) throw fail.notFound(`No account ${raw}`);
  const account = deps.store.requireAccount(raw);
  c.set('subjectAccount', account);
  return account;
}

export function accountJson(c: Ctx, deps: Deps, account: AccountRecord, status: 200 | 201 = 200): Response {
  return c.json(toAccount(account, deps.store.app), status);
}
