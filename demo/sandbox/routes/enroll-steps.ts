/** The remaining enrollment steps with an account token: identity, credit check and finalize. */
import type { Hono } from 'hono';
import { readJson } from '../http/body.js';
import type { SandboxEnv } from '../http/env.js';
import { ApiError, fail } from '../http/errors.js';
import { parseBody } from '../http/contract.js';
import { finalizeEnrollment, recordCreditCheck, recordIdentity, startDateAtFinalize } from '../state/enrollment.js';
import { missingForFinalize } from '../state/status.js';
import { accountJson, tokenAccount, type Deps } from './deps.js';
import { assertAdult } from './schemas.js';

const FLAG_MESSAGES: Record<string, string> = {
  'enrollment.is_enrollment_finalized': 'The enrollment is already finalized',
  'enrollment.has_accepted_plan': 'No plan has been accepted',
  'enrollment.is_identity_verified': 'Identity information is missing',
  'enrollment.has_payment_method': 'No payment method is on file',
};

export function registerEnrollStepRoutes(app: Hono<SandboxEnv>, deps: Deps): void {
  const { store, clock, progress } = deps;

  app.patch('/v1/account/enroll/identity', async (c) => {
    const account = tokenAccount(c);
    const body = parseBody('updateIdentity', await readJson(c));
    // A PATCH: the fields given change, the others stay (is_identity_verified once all five are on the account).
    if (body.date_of_birth !== undefined) assertAdult(body.date_of_birth, clock.today(), 422);
    // Enrolled: the details are the enrollment's (verified, on the contract). An enrollment link left in a browser's
    // history, within its hour, must not rewrite an enrolled customer's name or email.
    if (account.finalizedAt !== null) {
      throw fail.unprocessable('enrollment.is_enrollment_finalized', 'range', 'The enrollment is already finalized: its identity details cannot be changed');
    }
    recordIdentity(store, account, body);
    return accountJson(c, deps, account);
  });

  app.post('/v1/account/enroll/credit-check', async (c) => {
    const account = tokenAccount(c);
    // The parsed SSN lives only in this scope: it is reduced to the trigger's outcome and never stored or echoed.
    const body = parseBody('submitCreditCheck', await readJson(c));
    if (!body.consent) throw fail.unprocessable('consent', 'must_be_true', 'consent must be true: the customer must agree to the credit check terms');
    const stage = account.pipeline?.stage;
    if (account.finalizedAt !== null && stage !== 'verification' && stage !== 'credit') {
      throw fail.unprocessable('ssn', 'range', 'The credit check of this enrollment has already been processed');
    }
    recordCreditCheck(account, body.ssn, clock.nowMs());
    return accountJson(c, deps, account);
  });

  app.post('/v1/account/enroll/finalize', async (c) => {
    const account = tokenAccount(c);
    const body = parseBody('finalizeEnrollment', await readJson(c));
    const missing = missingForFinalize(account);
    if (missing.length) {
      account.counters.finalize_refused += 1;
      const fields = missing.map((field) => ({
        field,
        code: field === 'enrollment.is_enrollment_finalized' ? 'range' : 'must_be_true',
        message: FLAG_MESSAGES[field] ?? field,
      }));
      throw new ApiError(422, 'cannot_finalize_enrollment', 'Cannot finalize enrollment', fields);
    }
    if (account.forced?.status === 'cancelled') throw fail.unprocessable('status', 'range', 'The account is cancelled');
    if (account.clientAgentEnrollment && body.is_client_agent_enrollment !== true) {
      throw fail.unprocessable(
        'is_client_agent_enrollment',
        'must_be_true',
        'The plan was accepted on the customer\'s behalf: finalize with is_client_agent_enrollment true',
      );
    }
    if (!account.clientAgentEnrollment && body.is_client_agent_enrollment === true) {
      throw fail.unprocessable('is_client_agent_enrollment', 'range', 'The plan was accepted by the customer, not by a client agent');
    }
    const now = clock.nowMs();
    // A start date that has come moves to the earliest possible day (finalizeEnrollment); past the plan's window, the
    // customer chooses a plan again.
    if (startDateAtFinalize(account, now) === null) {
      throw fail.unprocessable(
        'start_date',
        'range',
        `The plan could start no later than ${account.location!.contract.plan.latest_start_date}, and that day has passed: choose a plan again`,
      );
    }
    finalizeEnrollment(store, progress, account, now);
    return c.json({});
  });
}
