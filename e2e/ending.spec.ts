/**
 * The ending: the last screen reads the account's status and reason and says, in plain words, where the account
 * stands and what happens next. A fresh enrollment link for an account that finalized its enrollment opens on that
 * screen, so each status family is reached from a sandbox account preset in the partner demo's iframe; an account
 * still applying ends another scope (its card added through update-payment-method).
 */
import { test, expect } from '@playwright/test';
import { openFlowInModal, waitForClose } from './support/partner.js';
import { expectNoAxeViolations } from './support/axe.js';
import { createPresetAccount } from './support/sandbox.js';
import { CARDS, fillCard, saveCard, stepHeading } from './support/flow-steps.js';

const CASES = [
  {
    family: 'reviewing (just finalized)',
    preset: 'reviewing-verification-pending',
    heading: 'We are verifying your enrollment',
    says: 'You do not need to do anything',
  },
  {
    family: 'needs_attention',
    preset: 'needs-attention-credit-check-frozen',
    heading: 'We need your help to continue',
    says: 'Your credit file is frozen',
  },
  {
    family: 'needs_attention, a hold by another provider',
    preset: 'needs-attention-enrollment-blocked-switch-hold',
    heading: 'We need your help to continue',
    says: 'placed a hold on your address',
  },
  { family: 'active', preset: 'active-with-invoices', heading: 'Your service is active', says: 'You do not need to do anything else' },
  { family: 'cancelled after service started', preset: 'cancelled-post-start', heading: 'Your service was cancelled', says: 'has ended' },
  { family: 'cancelled before the credit was verified', preset: 'cancelled-enrollment-blocked-verification-hold', heading: 'Your enrollment was cancelled', says: 'could not verify your credit in time' },
] as const;

test.describe('the ending says where the account stands', () => {
  for (const c of CASES) {
    test(`${c.family}: ${c.heading}`, async ({ page }) => {
      const { uuid } = await createPresetAccount(c.preset);
      const { frame } = await openFlowInModal(page, { accountUuid: uuid });
      // An enrollment that ended is not said to be received; the confirmation email is news only while it goes ahead.
      await expect(frame.getByRole('heading', { level: 1, name: c.preset.startsWith('cancelled') ? 'Your enrollment' : 'Enrollment received', exact: true })).toBeVisible();
      await expect(frame.getByText('A confirmation is on its way')).toHaveCount(c.preset.startsWith('reviewing') ? 1 : 0);
      const status = frame.getByRole('region', { name: c.heading });
      await expect(status).toBeVisible();
      await expect(status).toContainText(c.says);
      // The switch to the utility is told only while it is ahead.
      await expect(frame.getByText('2 to 72 business hours')).toHaveCount(c.preset.startsWith('reviewing') ? 1 : 0);
      if (c.preset === 'needs-attention-credit-check-frozen') await expectNoAxeViolations(page);
      await frame.getByRole('button', { name: 'Done', exact: true }).click();
      await waitForClose(page, { reason: 'completed' });
    });
  }

  test('applying: a card added to an unfinished enrollment says what is left to do', async ({ page }) => {
    const { frame } = await openFlowInModal(page, { scope: 'update-payment-method', accountState: 'applying-missing-payment-method' });
    await fillCard(frame, CARDS.visa);
    await saveCard(frame);
    await expect(stepHeading(frame)).toHaveText('Your card is updated', { timeout: 20_000 });
    // The card was what was missing: now only submitting the enrollment is.
    const status = frame.getByRole('region', { name: 'Your enrollment is not finished' });
    await expect(status).toContainText('Review and submit your enrollment to finish it.');
    await frame.getByRole('button', { name: 'Done', exact: true }).click();
    await waitForClose(page, { reason: 'completed' });
  });

  test('in Spanish', async ({ page }) => {
    const { uuid } = await createPresetAccount('needs-attention-credit-check-frozen', 'es');
    const { frame } = await openFlowInModal(page, { accountUuid: uuid, locale: 'es' });
    await expect(frame.getByRole('heading', { level: 1, name: 'Inscripción recibida' })).toBeVisible();
    await expect(frame.getByRole('region', { name: 'Necesitamos su ayuda para continuar' })).toContainText('congelado');
  });
});
