/**
 * Finalize attempted while a prerequisite is missing (docs/api-decisions.md, "Enrollment"): the card on file
 * disappears behind the flow's back after the review step loaded, so "Submit enrollment" meets the service's 422.
 * The flow names what is missing (the card), offers to add it, and once a card is added the enrollment finalizes,
 * exactly once.
 */
import { test, expect } from '@playwright/test';
import { openFlowInModal, waitForClose, messages } from './support/partner.js';
import { accountToken, getAccount, removePaymentMethod, sandboxAccount } from './support/sandbox.js';
import { expectNoAxeViolations } from './support/axe.js';
import {
  ADDRESSES,
  CARDS,
  acceptFirstPlan,
  addCard,
  completeAddress,
  expectFocused,
  expectStep,
  fillIdentity,
  finishDone,
  stepHeading,
  submitCredit,
  text,
} from './support/flow-steps.js';

const SHOTS = '/tmp/e2e-shots2';

type Counter = 'finalize_succeeded' | 'finalize_refused' | 'payment_methods_synced';
/** The side-effect counters of GET /__sandbox/accounts/{uuid}. */
const counters = async (uuid: string) => (await sandboxAccount(uuid)).counters as Record<Counter, number>;
const t = text();

test('a card removed before "Submit enrollment": the flow says the card is missing, lets the customer add one, then finalizes once', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const { frame, accountUuid } = await openFlowInModal(page);
  await completeAddress(frame, ADDRESSES.routh);
  await acceptFirstPlan(frame);
  await fillIdentity(frame);
  await submitCredit(frame);
  await addCard(frame, CARDS.visa);
  await expectStep(frame, 'review');
  const submit = frame.getByRole('button', { name: t.submitEnrollment, exact: true });
  await expect(submit).toBeEnabled();

  // Behind the flow's back: the card goes away (as if removed in another session).
  const { token } = await accountToken(accountUuid);
  const removed = await removePaymentMethod(token);
  expect(removed.enrollment.has_payment_method).toBe(false);
  expect(removed.enrollment.can_finalize_enrollment).toBe(false);

  await submit.click();

  // What is missing, in words, announced, with the way to fix it.
  const missingHeading = frame.getByRole('heading', { level: 2, name: 'We could not submit your enrollment yet' });
  const missing = frame.getByRole('alert').filter({ has: missingHeading });
  await expect(missing).toBeVisible();
  // The pressed button is gone: focus moves to the explanation, which scrolls into view with its button.
  await expectFocused(missingHeading, 'the heading of what is missing');
  await expect(missing).toContainText('No card is saved for auto-pay.');
  const addCardButton = missing.getByRole('button', { name: 'Add a card', exact: true });
  await expect(addCardButton).toBeInViewport();
  // Only the card is missing, and Submit is no longer offered.
  await expect(missing.getByRole('listitem')).toHaveCount(1);
  await expect(submit).toHaveCount(0);
  await expect(stepHeading(frame)).toHaveText(t.headings.review);
  // No generic failure on top of it, and the host heard nothing yet.
  await expect(frame.getByText('Something went wrong')).toHaveCount(0);
  expect((await messages(page)).filter((m) => m.type === 'service-flow-close')).toHaveLength(0);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/review-missing-card-375.png` });

  expect(await counters(accountUuid)).toMatchObject({ finalize_refused: 1, finalize_succeeded: 0 });

  await addCardButton.click();
  await addCard(frame, CARDS.visa);
  await expectStep(frame, 'review');
  await expect(frame.getByText('No card is saved for auto-pay.')).toHaveCount(0);
  const before = (await messages(page)).length;
  await frame.getByRole('button', { name: t.submitEnrollment, exact: true }).click();
  await finishDone(frame);
  const close = await waitForClose(page, { reason: 'completed', after: before });
  expect(close.account_status).toBe('reviewing');

  // One refused attempt, one successful finalize; the first card and the one added after the removal.
  expect(await counters(accountUuid)).toMatchObject({ finalize_succeeded: 1, finalize_refused: 1, payment_methods_synced: 2 });
  const account = await getAccount(accountUuid);
  expect(account.enrollment.is_enrollment_finalized).toBe(true);
  expect(account.enrollment.has_payment_method).toBe(true);
});
