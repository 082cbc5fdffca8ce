/**
 * Moving back and forth inside the flow (issue #3, "Root element and router"): Back returns to the previous step
 * with what the customer typed, the SSN is the one thing never kept, and in an iframe the flow adds nothing to the
 * host page's history (the partner's Back button still leaves the partner's page, not a step of ours).
 */
import { test, expect } from '@playwright/test';
import { openFlowInModal } from './support/partner.js';
import { ADDRESSES, TEXT, acceptFirstPlan, completeAddress, expectStep, fillIdentity, submitCredit } from './support/flow-steps.js';
import { sandboxAccount } from './support/sandbox.js';

const t = TEXT.en;

test('Back keeps what was typed, never the SSN, and the host page\'s history does not grow', async ({ page }) => {
  const { frame } = await openFlowInModal(page);
  const historyLength = await page.evaluate(() => history.length);

  await completeAddress(frame, ADDRESSES.routh);
  await acceptFirstPlan(frame);
  await fillIdentity(frame, { lastName: 'Garza-Treviño' });
  await expectStep(frame, 'credit');
  await frame.getByLabel(t.ssn, { exact: true }).fill('123-45-6789');

  await frame.locator('sf-step-credit').getByRole('button', { name: t.back, exact: true }).click();
  await expectStep(frame, 'identity');
  await expect(frame.getByLabel(t.lastName, { exact: true })).toHaveValue('Garza-Treviño');
  await expect(frame.getByLabel(t.phone, { exact: true })).toHaveValue('(512) 555-0100');
  await expect(frame.getByLabel(t.year, { exact: true })).toHaveValue('1985');

  await frame.locator('sf-step-identity').getByRole('button', { name: t.continue, exact: true }).click();
  await expectStep(frame, 'credit');
  await expect(frame.getByLabel(t.ssn, { exact: true }), 'the SSN is not kept once the step is left').toHaveValue('');

  expect(await page.evaluate(() => history.length)).toBe(historyLength);
});

test('Back from the card step to identity and Continue, nothing changed: on to the card, never a second credit check', async ({ page }) => {
  const { frame, accountUuid } = await openFlowInModal(page);
  await completeAddress(frame, ADDRESSES.routh);
  await acceptFirstPlan(frame);
  await fillIdentity(frame);
  await submitCredit(frame);
  await expectStep(frame, 'payment');

  await frame.locator('sf-step-payment').getByRole('button', { name: t.back, exact: true }).click();
  await expectStep(frame, 'credit');
  // The check is done: nothing to type or agree to again.
  await expect(frame.getByText('Your credit check is submitted. It is not run again.')).toBeVisible();
  await expect(frame.getByLabel(t.ssn, { exact: true })).toHaveCount(0);
  await frame.locator('sf-step-credit').getByRole('button', { name: t.back, exact: true }).click();
  await expectStep(frame, 'identity');
  await frame.locator('sf-step-identity').getByRole('button', { name: t.continue, exact: true }).click();
  // The identity saved again answers the account as it is now (the check submitted): past the credit step.
  await expectStep(frame, 'payment');
  expect((await sandboxAccount(accountUuid)).counters?.credit_checks ?? 0, 'one credit inquiry').toBe(1);
});
