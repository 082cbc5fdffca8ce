/**
 * A reload of the flow's page while a write is on its way (slowed by the sandbox's latency fault): the service does
 * the write after the new page read the account. What the customer does next must not do it a second time, and the
 * host must hear what the service did.
 */
import { test, expect, type Locator, type Page } from '@playwright/test';
import { openFlowInModal, waitForClose } from './support/partner.js';
import { accountToken, clearFaults, removePaymentMethod, sandboxAccount, setFaults } from './support/sandbox.js';
import { CARDS, acceptFirstPlan, acceptPlan, addCard, expectStep, fillIdentity, finalize, finishDone, stepHeading, submitCredit } from './support/flow-steps.js';

type Counter = 'credit_checks' | 'plans_accepted' | 'identity_updates' | 'finalize_succeeded' | 'finalize_refused';

/**
 * `act` sends the write to `route`, which the sandbox holds for 4 s: the flow's page is reloaded once the write has
 * left it, before its answer.
 */
async function reloadWhileOnItsWay(page: Page, iframe: Locator, route: string, method: string, act: () => Promise<unknown>): Promise<void> {
  await setFaults({ route, method, latency_ms: 4000, count: 1 });
  const sent = page.waitForRequest((r) => new URL(r.url()).pathname === route && r.method() === method);
  await act();
  await sent;
  await (await (await iframe.elementHandle())!.contentFrame())!.evaluate(() => location.reload());
}

/** How many times the service did the write (the sandbox's counter of it). */
const done = async (accountUuid: string, counter: Counter) => (await sandboxAccount(accountUuid)).counters?.[counter];

/** The write sent before the reload, done by the service after the reloaded page read the account. */
const doneOnceMeanwhile = (accountUuid: string, counter: Counter) => expect.poll(() => done(accountUuid, counter), { timeout: 15_000 }).toBe(1);

test.afterEach(async () => {
  await clearFaults();
});

test('a credit check on its way when the page reloads, sent again after it: one inquiry on the credit file, and the flow goes on', async ({ page }) => {
  const { frame, iframe, accountUuid } = await openFlowInModal(page, { accountState: 'applying-missing-identity' });
  await fillIdentity(frame);
  await expectStep(frame, 'credit');
  await reloadWhileOnItsWay(page, iframe, '/v1/account/enroll/credit-check', 'POST', () => submitCredit(frame));
  // The reloaded page read the account before the service ran the check: the form is asked again.
  await expectStep(frame, 'credit');
  await doneOnceMeanwhile(accountUuid, 'credit_checks');
  await submitCredit(frame);
  await expectStep(frame, 'payment');
  expect(await done(accountUuid, 'credit_checks'), 'no second inquiry').toBe(1);
});

test('the details on their way when the page reloads, the same details sent again after it: one update of the identity', async ({ page }) => {
  const { frame, iframe, accountUuid } = await openFlowInModal(page, { accountState: 'applying-missing-identity' });
  await reloadWhileOnItsWay(page, iframe, '/v1/account/enroll/identity', 'PATCH', () => fillIdentity(frame));
  await expectStep(frame, 'identity');
  await doneOnceMeanwhile(accountUuid, 'identity_updates');
  await fillIdentity(frame);
  await expectStep(frame, 'credit');
  expect(await done(accountUuid, 'identity_updates'), 'no second update').toBe(1);
});

test('a finalize on its way when the page reloads: sent again under its key without a second press, finalized once, and the host hears completed', async ({ page }) => {
  const { frame, iframe, accountUuid } = await openFlowInModal(page, { accountState: 'applying-enrollment-not-finalized' });
  await expectStep(frame, 'review');
  await reloadWhileOnItsWay(page, iframe, '/v1/account/enroll/finalize', 'POST', () => finalize(frame));
  // Not "Review and submit" asking for the press again, nor an exit question on Close: the enrollment is submitted.
  await expectStep(frame, 'done');
  expect(await done(accountUuid, 'finalize_succeeded')).toBe(1);
  await finishDone(frame);
  expect((await waitForClose(page)).reason).toBe('completed');
});

test('a credit check on its way when the page reloads, then Back, the details saved again and the same number: still one inquiry', async ({ page }) => {
  const { frame, iframe, accountUuid } = await openFlowInModal(page, { accountState: 'applying-missing-identity' });
  await fillIdentity(frame);
  await expectStep(frame, 'credit');
  await reloadWhileOnItsWay(page, iframe, '/v1/account/enroll/credit-check', 'POST', () => submitCredit(frame));
  await expectStep(frame, 'credit');
  await frame.getByRole('button', { name: 'Back', exact: true }).click();
  await fillIdentity(frame);
  await expectStep(frame, 'credit');
  await doneOnceMeanwhile(accountUuid, 'credit_checks');
  await submitCredit(frame);
  await expectStep(frame, 'payment');
  expect(await done(accountUuid, 'credit_checks'), 'no second inquiry').toBe(1);
});

test('a plan acceptance on its way when the page reloads, another plan accepted after it (all priced anew): the plan that stands is said, with Continue, and nothing is accepted twice', async ({ page }) => {
  const { frame, iframe, accountUuid } = await openFlowInModal(page, { accountState: 'applying-plan-not-accepted' });
  let first = '';
  await reloadWhileOnItsWay(page, iframe, '/v1/account/enroll/plans/accept', 'POST', async () => (first = (await acceptFirstPlan(frame)).name));
  await expectStep(frame, 'plans');
  await doneOnceMeanwhile(accountUuid, 'plans_accepted');
  const other = await acceptPlan(frame, { index: 1 });
  expect(other.name).not.toBe(first);
  const continueButton = frame.getByRole('button', { name: 'Continue', exact: true });
  await expect(frame.getByText(`You accepted ${first}.`)).toBeVisible();
  await expect(continueButton).toBeFocused();
  await page.screenshot({ path: '/tmp/e2e-shots2/reload-plans-other-plan.png' });
  expect(await done(accountUuid, 'plans_accepted'), 'the other plan is not accepted unasked').toBe(1);
  await continueButton.click();
  await expectStep(frame, 'identity');
});

test('a finalize on its way when the page reloads, refused for a card removed meanwhile: after the card is added, the review waits for the press', async ({ page }) => {
  const { frame, iframe, accountUuid } = await openFlowInModal(page, { accountState: 'applying-enrollment-not-finalized' });
  await expectStep(frame, 'review');
  await removePaymentMethod((await accountToken(accountUuid)).token);
  await reloadWhileOnItsWay(page, iframe, '/v1/account/enroll/finalize', 'POST', () => finalize(frame));
  await expectStep(frame, 'payment');
  await expect.poll(() => done(accountUuid, 'finalize_refused'), { timeout: 15_000 }).toBe(1);
  await addCard(frame, CARDS.visa);
  await expectStep(frame, 'review');
  await expect(frame.getByRole('button', { name: 'Submit enrollment', exact: true })).toBeEnabled();
  await page.waitForTimeout(1000);
  expect(await done(accountUuid, 'finalize_succeeded'), 'nothing submitted without the press').toBe(0);
  await expect(stepHeading(frame)).toHaveText('Review and submit');
  await finalize(frame);
  await expectStep(frame, 'done');
  expect(await done(accountUuid, 'finalize_succeeded')).toBe(1);
});
