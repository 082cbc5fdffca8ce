/** The account itself (GET /v1/account) and the sandbox group of account-token controls. */
import type { Hono } from 'hono';
import { STATUS_PAIRS, type StatusReason } from '../../../src/api/types.js';
import { readJson } from '../http/body.js';
import type { SandboxEnv } from '../http/env.js';
import { fail, type FieldIssue } from '../http/errors.js';
import { checkBody, parseBody } from '../http/contract.js';
import { removePaymentMethod } from '../state/enrollment.js';
import { accountJson, tokenAccount, type Deps } from './deps.js';

/** The cancelled reasons of a service that never started. */
const PRE_START = STATUS_PAIRS.cancelled.filter((r) => r !== 'cancelled_post_start').join(', ');
/** Statuses that only make sense for an account with a location (an accepted plan). */
const NEEDS_LOCATION = new Set<StatusReason>(['service_pending', 'utility_submitted', 'active', 'cancelled_post_start', 'utility_blocked']);

export function registerAccountRoutes(app: Hono<SandboxEnv>, deps: Deps): void {
  const { clock, progress } = deps;

  app.get('/v1/account', (c) => accountJson(c, deps, tokenAccount(c)));

  app.post('/v1/account/sandbox/status', async (c) => {
    const account = tokenAccount(c);
    const issues: FieldIssue[] = [];
    const body = checkBody('sandboxSetStatus', await readJson(c), issues);
    if (body && !STATUS_PAIRS[body.status].includes(body.status_reason)) {
      issues.push({
        field: 'status_reason',
        code: 'enum',
        message: `status_reason must be one of: ${STATUS_PAIRS[body.status].join(', ')} (for status ${body.status})`,
      });
    }
    if (!body || issues.length) throw fail.invalid(issues);
    if (NEEDS_LOCATION.has(body.status_reason) && !account.location) {
      throw fail.field('status', 'range', `${body.status}/${body.status_reason} needs an accepted plan (a location)`);
    }
    // Whether service had started decides what a cancellation does (a final invoice once it had): the reason must agree.
    const started = account.serviceActiveAt !== null;
    if (body.status === 'cancelled' && (body.status_reason === 'cancelled_post_start') !== started) {
      const message = started
        ? `${body.status_reason} is for a service that never started; this account's service started: use cancelled_post_start`
        : `cancelled_post_start needs a service that started (enrollment.is_service_active); this account's has not: use ${PRE_START}`;
      throw fail.field('status_reason', 'range', message);
    }
    progress.force(account, { status: body.status, status_reason: body.status_reason }, clock.nowMs());
    return accountJson(c, deps, account);
  });

  app.post('/v1/account/sandbox/remove-payment-method', (c) => {
    const account = tokenAccount(c);
    removePaymentMethod(account, clock.nowMs());
    return accountJson(c, deps, account);
  });

  app.post('/v1/account/sandbox/unfreeze-credit', (c) => {
    const account = tokenAccount(c);
    progress.unfreezeCredit(account, clock.nowMs());
    return accountJson(c, deps, account);
  });

  app.post('/v1/account/sandbox/advance', async (c) => {
    const account = tokenAccount(c);
    const body = parseBody('sandboxAdvance', await readJson(c));
    progress.advance(account, body.to);
    return accountJson(c, deps, account);
  });
}
