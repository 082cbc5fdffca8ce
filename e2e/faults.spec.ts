/**
 * The happy path under injected faults (DESIGN §8, reliability): 5xx answers, a 429 burst with Retry-After, added
 * latency, and answers lost after their side effect happened (finalize, card sync). The customer walks the whole
 * enrollment as usual; the client's retries (same Idempotency-Key) and the service's idempotency must make every
 * side effect happen exactly once.
 */
import { test, expect, type FrameLocator, type Locator } from '@playwright/test';
import { openFlowInModal, waitForClose, messages } from './support/partner.js';
import { clearFaults, faults, getAccount, sandboxAccount, setFaults, type FaultRule } from './support/sandbox.js';
import {
  ADDRESSES,
  CARDS,
  DEFAULT_IDENTITY,
  acceptFirstPlan,
  addCard,
  completeAddress,
  completeEnrollment,
  fillIdentity,
  finalize,
  stepHeading,
  submitCredit,
} from './support/flow-steps.js';

type Counter = 'finalize_succeeded' | 'finalize_refused' | 'payment_methods_synced' | 'plans_accepted' | 'identity_updates' | 'credit_checks';
const counters = async (uuid: string) => (await sandboxAccount(uuid)).counters as Record<Counter, number>;

/** Every attempt (the first and the client's 3 retries) reaches the service and does its work; no answer comes back. */
const lose = (route: string) => setFaults({ route, error_rate: 1, error_status: 503, after: true, count: 4 });
/** The alert the customer then sees, with its "Try again". */
const serverTrouble = (frame: FrameLocator) =>
  frame.getByRole('alert').filter({ hasText: 'Something went wrong on our side. Nothing was lost: try again in a moment.' });

/** Empties a field and types `value` key by key, as a person does. */
async function retype(field: Locator, value: string): Promise<void> {
  await field.clear();
  await field.pressSequentially(value);
}

test.afterEach(async () => {
  await clearFaults();
});

test('the whole enrollment completes under 5xx, a 429 burst, latency and answers lost after the side effect', async ({ page }) => {
  // Rules are consulted in creation order and the first that ends a request wins, so the lost answers come first
  // (each fires on the first attempt of its call), then the burst, the latency and the random 5xx.
  const lostFinalize = await setFaults({ route: '/v1/account/enroll/finalize', method: 'POST', error_rate: 1, error_status: 503, after: true, count: 1 });
  // The card sync's connection drops after the card was saved: the browser sees a network error, not an answer.
  const lostCardSync = await setFaults({ route: '/v1/account/billing/ensure-payment-method-added', method: 'POST', drop_rate: 1, after: true, count: 1 });
  const burst = await setFaults({ route: '/v1/account', rate_limit_burst: 3, retry_after_seconds: 1 });
  await setFaults({ route: '/v1/account', latency_ms: 300 });
  const flaky = await setFaults({ route: '/v1/account', error_rate: 0.3, error_status: 503 });
  // '/v1/account' matches the flow's calls (/v1/account/…) only, not the partner's App calls (/v1/app/…).
  const { frame, accountUuid } = await openFlowInModal(page);

  const before = (await messages(page)).length;
  await completeEnrollment(frame, { address: ADDRESSES.routh, card: CARDS.visa });
  const close = await waitForClose(page, { reason: 'completed', after: before });
  expect(close.account_status).toBe('reviewing');
  // The walk above never met a "Try again" alert (a step would have stayed put): the client's retries absorbed
  // every fault. The host heard one close, the last message.
  const sent = await messages(page);
  expect(sent.filter((m) => m.type === 'service-flow-close')).toHaveLength(1);
  expect(sent.at(-1)?.type).toBe('service-flow-close');

  // Every fault really happened.
  const state = await faults();
  const rule = (r: FaultRule) => state.rules.find((x) => x.id === r.id)!;
  expect(rule(lostFinalize).affected, 'the first finalize answer was lost after finalizing').toBe(1);
  expect(rule(lostCardSync).affected, 'the first card sync answer was lost after syncing').toBe(1);
  expect(rule(burst).affected, 'the 429 burst was served').toBe(3);
  expect(rule(flaky).affected, 'some requests met a 503').toBeGreaterThan(0);
  expect(state.counters.delayed).toBeGreaterThan(10);
  test.info().annotations.push({ type: 'faults', description: JSON.stringify(state.counters) });

  // …and still every side effect happened exactly once.
  expect(await counters(accountUuid)).toMatchObject({
    finalize_succeeded: 1,
    finalize_refused: 0,
    payment_methods_synced: 1,
    plans_accepted: 1,
    identity_updates: 1,
    credit_checks: 1,
  });
  const account = await getAccount(accountUuid);
  expect(account.enrollment.is_enrollment_finalized).toBe(true);
  expect(account.enrollment.has_payment_method).toBe(true);
});

test('answers lost after the side effect, beyond the retries: a clear message, and sending again does not repeat it', async ({ page }) => {
  const { frame, accountUuid } = await openFlowInModal(page);
  const trouble = serverTrouble(frame);

  await completeAddress(frame, ADDRESSES.routh);
  // Plans: the customer presses "Accept plan" again.
  await lose('/v1/account/enroll/plans/accept');
  await acceptFirstPlan(frame);
  await expect(trouble).toBeVisible({ timeout: 20_000 });
  await expect(trouble.getByRole('button', { name: 'Try again' })).toBeEnabled();
  expect((await counters(accountUuid)).plans_accepted).toBe(1);
  await frame.getByRole('button', { name: 'Accept plan', exact: true }).click();
  await expect(stepHeading(frame)).toHaveText('Tell us about yourself');
  expect((await counters(accountUuid)).plans_accepted, 'the same plan accepted again is the same acceptance').toBe(1);

  // Identity: the customer presses the alert's "Try again".
  await lose('/v1/account/enroll/identity');
  await fillIdentity(frame);
  await expect(trouble).toBeVisible({ timeout: 20_000 });
  expect((await counters(accountUuid)).identity_updates).toBe(1);
  await trouble.getByRole('button', { name: 'Try again' }).click();
  await expect(stepHeading(frame)).toHaveText('Credit check');
  expect((await counters(accountUuid)).identity_updates, '"Try again" replays the saved update').toBe(1);

  // Credit check: the customer presses "Submit credit check" again (a second inquiry would be a real harm).
  await lose('/v1/account/enroll/credit-check');
  await submitCredit(frame);
  await expect(trouble).toBeVisible({ timeout: 20_000 });
  expect((await counters(accountUuid)).credit_checks).toBe(1);
  await frame.getByRole('button', { name: 'Submit credit check', exact: true }).click();
  await expect(stepHeading(frame)).toHaveText('Add a card for auto-pay');
  expect((await counters(accountUuid)).credit_checks, 'the same number sent again is the same credit check').toBe(1);
});

test('answers lost after the side effect, then entered again as a person would: every side effect still happens once', async ({ page }) => {
  const { frame, accountUuid } = await openFlowInModal(page);
  const trouble = serverTrouble(frame);
  const field = (label: string) => frame.getByLabel(label, { exact: true });

  await completeAddress(frame, ADDRESSES.routh);
  // Plans: the customer unticks and ticks the terms, then accepts the same plan again.
  await lose('/v1/account/enroll/plans/accept');
  await acceptFirstPlan(frame);
  await expect(trouble).toBeVisible({ timeout: 20_000 });
  const terms = frame.getByRole('checkbox', { name: /^I have read and agree/ });
  await terms.uncheck();
  await terms.check();
  await frame.getByRole('button', { name: 'Accept plan', exact: true }).click();
  await expect(stepHeading(frame)).toHaveText('Tell us about yourself');
  expect((await counters(accountUuid)).plans_accepted, 'the same plan and date accepted again').toBe(1);

  // Identity: the customer types a name again, the same one, and continues.
  await lose('/v1/account/enroll/identity');
  await fillIdentity(frame);
  await expect(trouble).toBeVisible({ timeout: 20_000 });
  await retype(field('First name'), DEFAULT_IDENTITY.firstName);
  await frame.locator('sf-step-identity').getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(stepHeading(frame)).toHaveText('Credit check');
  expect((await counters(accountUuid)).identity_updates, 'the same details typed again are the same update').toBe(1);

  // Credit check: the customer clears the number, types the same one again and submits (consent stays given).
  await lose('/v1/account/enroll/credit-check');
  await submitCredit(frame, '123-45-6789');
  await expect(trouble).toBeVisible({ timeout: 20_000 });
  expect((await counters(accountUuid)).credit_checks).toBe(1);
  await retype(field('Social Security number'), '123456789');
  await expect(field('Social Security number')).toHaveValue('123-45-6789');
  await frame.getByRole('button', { name: 'Submit credit check', exact: true }).click();
  await expect(stepHeading(frame)).toHaveText('Add a card for auto-pay');
  expect((await counters(accountUuid)).credit_checks, 'the same number typed again is the same credit check, not a second inquiry').toBe(1);

  // Card: the card was saved but the answer never came; the customer presses "Save card" again.
  await lose('/v1/account/billing/ensure-payment-method-added');
  await addCard(frame, CARDS.visa);
  await expect(trouble).toBeVisible({ timeout: 20_000 });
  expect((await counters(accountUuid)).payment_methods_synced).toBe(1);
  await frame.getByRole('button', { name: 'Save card', exact: true }).click();
  await expect(stepHeading(frame)).toHaveText('Review and submit');
  expect((await counters(accountUuid)).payment_methods_synced, 'the same card saved again is the same sync').toBe(1);

  // Finalize: the enrollment was submitted but the answer never came; the customer presses "Submit enrollment" again.
  await lose('/v1/account/enroll/finalize');
  await finalize(frame);
  await expect(trouble).toBeVisible({ timeout: 20_000 });
  expect((await counters(accountUuid)).finalize_succeeded).toBe(1);
  await frame.getByRole('button', { name: 'Submit enrollment', exact: true }).click();
  await expect(stepHeading(frame)).toHaveText("You're all set");

  expect(await counters(accountUuid)).toMatchObject({
    finalize_succeeded: 1,
    finalize_refused: 0,
    payment_methods_synced: 1,
    plans_accepted: 1,
    identity_updates: 1,
    credit_checks: 1,
  });
});
