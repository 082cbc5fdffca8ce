/**
 * The happy path under injected faults (demo/sandbox/README.md, "Faults"): 5xx answers, a 429 burst with
 * Retry-After, added latency, and answers lost after their side effect happened (finalize, card sync). The customer
 * walks the whole enrollment as usual; the client's retries (same Idempotency-Key) and the service's idempotency
 * must make every side effect happen exactly once.
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

/** One enrollment's side effects, each exactly once, none refused. */
async function expectEverySideEffectOnce(accountUuid: string): Promise<void> {
  expect(await counters(accountUuid)).toMatchObject({
    finalize_succeeded: 1,
    finalize_refused: 0,
    payment_methods_synced: 1,
    plans_accepted: 1,
    identity_updates: 1,
    credit_checks: 1,
  });
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
  await expectEverySideEffectOnce(accountUuid);
  const account = await getAccount(accountUuid);
  expect(account.enrollment.is_enrollment_finalized).toBe(true);
  expect(account.enrollment.has_payment_method).toBe(true);
});

interface LostAnswer {
  route: string;
  counter: Counter;
  /** What the customer does: the side effect happens, every answer to it is lost. */
  act(): Promise<unknown>;
  /** What the customer then does again, as a person would. */
  again(): Promise<unknown>;
  /** The heading of the step that follows once an answer comes back. */
  next: string;
  why: string;
}

/** The customer meets the alert after the side effect happened, tries again, moves on: it happened exactly once. */
async function onceDespiteLostAnswer(frame: FrameLocator, accountUuid: string, lost: LostAnswer): Promise<void> {
  const trouble = serverTrouble(frame);
  await lose(lost.route);
  await lost.act();
  await expect(trouble).toBeVisible({ timeout: 20_000 });
  await expect(trouble.getByRole('button', { name: 'Try again' })).toBeEnabled();
  expect((await counters(accountUuid))[lost.counter], `${lost.counter}: the first attempt did its work`).toBe(1);
  await lost.again();
  await expect(stepHeading(frame)).toHaveText(lost.next);
  expect((await counters(accountUuid))[lost.counter], lost.why).toBe(1);
}

const press = (frame: FrameLocator, name: string) => () => frame.getByRole('button', { name, exact: true }).click();

test('answers lost after the side effect, beyond the retries: a clear message, and sending again does not repeat it', async ({ page }) => {
  const { frame, accountUuid } = await openFlowInModal(page);
  await completeAddress(frame, ADDRESSES.routh);
  for (const lost of [
    // Plans: the customer presses "Accept plan" again.
    { route: '/v1/account/enroll/plans/accept', counter: 'plans_accepted', act: () => acceptFirstPlan(frame), again: press(frame, 'Accept plan'), next: 'Tell us about yourself', why: 'the same plan accepted again is the same acceptance' },
    // Identity: the customer presses the alert's "Try again".
    { route: '/v1/account/enroll/identity', counter: 'identity_updates', act: () => fillIdentity(frame), again: () => serverTrouble(frame).getByRole('button', { name: 'Try again' }).click(), next: 'Credit check', why: '"Try again" replays the saved update' },
    // Credit check: the customer presses "Submit credit check" again (a second inquiry would be a real harm).
    { route: '/v1/account/enroll/credit-check', counter: 'credit_checks', act: () => submitCredit(frame), again: press(frame, 'Submit credit check'), next: 'Add a card for auto-pay', why: 'the same number sent again is the same credit check' },
  ] satisfies LostAnswer[]) {
    await onceDespiteLostAnswer(frame, accountUuid, lost);
  }
});

test('answers lost after the side effect, then entered again as a person would: every side effect still happens once', async ({ page }) => {
  const { frame, accountUuid } = await openFlowInModal(page);
  const field = (label: string) => frame.getByLabel(label, { exact: true });
  await completeAddress(frame, ADDRESSES.routh);
  for (const lost of [
    // Plans: the customer unticks and ticks the terms, then accepts the same plan again.
    {
      route: '/v1/account/enroll/plans/accept',
      counter: 'plans_accepted',
      act: () => acceptFirstPlan(frame),
      again: async () => {
        const terms = frame.getByRole('checkbox', { name: /^I have read and agree/ });
        await terms.uncheck();
        await terms.check();
        await press(frame, 'Accept plan')();
      },
      next: 'Tell us about yourself',
      why: 'the same plan and date accepted again',
    },
    // Identity: the customer types a name again, the same one, and continues.
    {
      route: '/v1/account/enroll/identity',
      counter: 'identity_updates',
      act: () => fillIdentity(frame),
      again: async () => {
        await retype(field('First name'), DEFAULT_IDENTITY.firstName);
        await frame.locator('sf-step-identity').getByRole('button', { name: 'Continue', exact: true }).click();
      },
      next: 'Credit check',
      why: 'the same details typed again are the same update',
    },
    // Credit check: the customer clears the number, types the same one again and submits (consent stays given).
    {
      route: '/v1/account/enroll/credit-check',
      counter: 'credit_checks',
      act: () => submitCredit(frame, '123-45-6789'),
      again: async () => {
        await retype(field('Social Security number'), '123456789');
        await expect(field('Social Security number')).toHaveValue('123-45-6789');
        await press(frame, 'Submit credit check')();
      },
      next: 'Add a card for auto-pay',
      why: 'the same number typed again is the same credit check, not a second inquiry',
    },
    // Card: the card was saved but the answer never came; the customer presses "Save card" again.
    { route: '/v1/account/billing/ensure-payment-method-added', counter: 'payment_methods_synced', act: () => addCard(frame, CARDS.visa), again: press(frame, 'Save card'), next: 'Review and submit', why: 'the same card saved again is the same sync' },
    // Finalize: the enrollment was submitted but the answer never came; the customer presses "Submit enrollment" again.
    { route: '/v1/account/enroll/finalize', counter: 'finalize_succeeded', act: () => finalize(frame), again: press(frame, 'Submit enrollment'), next: 'Enrollment received', why: 'the same enrollment submitted again is submitted once' },
  ] satisfies LostAnswer[]) {
    await onceDespiteLostAnswer(frame, accountUuid, lost);
  }

  await expectEverySideEffectOnce(accountUuid);
});

test('the session cannot be read, in the partner modal: the flow says to close it from the page around it, whose close button does', async ({ page }) => {
  // The flow never learns the partner's origin, so its close reaches no page: it must not say "close this window".
  await setFaults({ route: '/v1/account/flow', method: 'GET', error_rate: 1, error_status: 503 });
  const { frame, dialog } = await openFlowInModal(page);
  await expect(frame.getByRole('heading', { level: 1 })).toHaveText('Something went wrong', { timeout: 30_000 });
  await frame.getByRole('button', { name: 'Close', exact: true }).first().click();
  await expect(frame.getByText('You can close this page from the app or website around it.')).toBeVisible();
  await expect(frame.getByText('You can close this window.')).toHaveCount(0);
  // The host SDK's own way out, shown because the flow never said it was ready.
  await dialog.getByRole('button', { name: /^Close/ }).click();
  await expect(dialog).toHaveCount(0);
});
