/**
 * The card step through the real @stripe/stripe-js code path against the sandbox's Stripe.js emulator: a declined
 * card says so clearly and a second card is saved; a card that needs 3-D Secure is saved once the customer
 * completes the bank's challenge.
 */
import type { FrameLocator } from '@playwright/test';
import { test, expect } from '@playwright/test';
import { openFlowInModal } from './support/partner.js';
import { getAccount, sandboxAccount } from './support/sandbox.js';
import {
  ADDRESSES,
  CARDS,
  TEXT,
  acceptFirstPlan,
  answer3ds,
  cardError,
  completeAddress,
  expectFocused,
  expectStep,
  fillCard,
  fillIdentity,
  saveCard,
  submitCredit,
  threeDSecure,
} from './support/flow-steps.js';

/** Address, plan, identity and credit check through the UI, up to the card step. */
async function walkToCard(frame: FrameLocator): Promise<void> {
  await completeAddress(frame, ADDRESSES.routh);
  await acceptFirstPlan(frame);
  await fillIdentity(frame);
  await submitCredit(frame);
  await expectStep(frame, 'payment');
}

test.describe('card step', () => {
  test('a declined card is refused with a clear message; a second card is saved', async ({ page }) => {
    const { frame, accountUuid } = await openFlowInModal(page);
    await walkToCard(frame);

    await fillCard(frame, CARDS.declined);
    await saveCard(frame);
    const alert = cardError(frame);
    await expect(alert).toBeVisible();
    // What happened (not saved) and why (the processor's words), and what to do next.
    await expect(alert).toContainText('Your card was not saved.');
    await expect(alert).toContainText('Your card was declined.');
    await expect(alert).toContainText('Use another card');
    // Still on the card step, the form ready for another number, focus back in the card form.
    await expect(frame.locator('h1#step-heading')).toHaveText(TEXT.en.headings.payment);
    const number = frame.getByLabel(TEXT.en.cardNumber, { exact: true });
    await expectFocused(number, 'the card number after the decline');
    expect((await getAccount(accountUuid)).enrollment.has_payment_method).toBe(false);
    expect((await sandboxAccount(accountUuid)).counters?.payment_methods_synced ?? 0).toBe(0);

    await fillCard(frame, CARDS.visa);
    await saveCard(frame);
    await expectStep(frame, 'review');
    await expect(frame.locator('sf-step-review dl.summary')).toContainText('Visa ending in 4242');
    expect((await getAccount(accountUuid)).enrollment.has_payment_method).toBe(true);
    expect((await sandboxAccount(accountUuid)).counters?.payment_methods_synced).toBe(1);
  });

  test('a card that needs 3-D Secure is saved after the customer completes the challenge', async ({ page }) => {
    const { frame, accountUuid } = await openFlowInModal(page);
    await walkToCard(frame);

    await fillCard(frame, CARDS.threeDSecure);
    await saveCard(frame);
    const { dialog } = threeDSecure(frame);
    await expect(dialog).toBeVisible();
    // Nothing is saved before the customer answers the bank.
    expect((await getAccount(accountUuid)).enrollment.has_payment_method).toBe(false);
    await answer3ds(frame, 'complete');

    await expectStep(frame, 'review');
    await expect(frame.locator('sf-step-review dl.summary')).toContainText('Visa ending in 3155');
    expect((await getAccount(accountUuid)).enrollment.has_payment_method).toBe(true);
    expect((await sandboxAccount(accountUuid)).counters?.payment_methods_synced).toBe(1);
  });
});
