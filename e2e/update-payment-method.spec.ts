/**
 * The update-payment-method scope in the partner demo's modal, against the sandbox: the card on file, a declined
 * card then a good one through the enrollment card step, the new card on the last screen, one sync, and the host
 * told `completed`; an account without a card goes straight to the card form; keyboard only, axe, Spanish.
 */
import { test, expect, type FrameLocator, type Page } from '@playwright/test';
import { openFlowInModal, waitForClose } from './support/partner.js';
import { getAccount, sandboxAccount } from './support/sandbox.js';
import { expectNoAxeViolations } from './support/axe.js';
import {
  CARDS,
  TEXT,
  answer3ds,
  cardError,
  expectCardForm,
  expectFocused,
  fillCard,
  saveCard,
  stepHeading,
  tabTo,
  type Drive,
} from './support/flow-steps.js';

const SCOPE = 'update-payment-method';

const HEADINGS = {
  en: { cardOnFile: 'Your payment method', newCard: 'Enter your new card', updated: 'Your card is updated', keep: 'Keep this card', replace: 'Replace' },
  es: { cardOnFile: 'Su método de pago', newCard: 'Escriba los datos de su nueva tarjeta', updated: 'Su tarjeta está actualizada', keep: 'Conservar esta tarjeta', replace: 'Reemplazar' },
} as const;

const synced = async (uuid: string) => (await sandboxAccount(uuid)).counters?.payment_methods_synced ?? 0;

async function expectView(frame: FrameLocator, heading: string): Promise<void> {
  const h1 = stepHeading(frame);
  await expect(h1).toHaveText(heading, { timeout: 20_000 });
  await expectFocused(h1, `the heading "${heading}"`);
}

async function press(page: Page, frame: FrameLocator, name: string, drive: Drive): Promise<void> {
  const button = frame.getByRole('button', { name, exact: true });
  if (drive.keyboard) {
    await tabTo(frame, button, name);
    await page.keyboard.press('Enter');
  } else {
    await button.click();
  }
}

test.describe('update-payment-method', () => {
  test('shows the card on file, refuses a declined card, saves a good one once, and closes completed', async ({ page }) => {
    const { frame, accountUuid } = await openFlowInModal(page, { scope: SCOPE });
    const t = HEADINGS.en;

    await expectView(frame, t.cardOnFile);
    await expect(frame.locator('sf-current-card')).toContainText('Mastercard ending in 4444');
    await expect(frame.locator('sf-current-card')).toContainText(/Expires \d\d\/\d{4}/);
    const before = await synced(accountUuid);

    await frame.getByRole('button', { name: t.replace, exact: true }).click();
    await expectView(frame, t.newCard);

    await fillCard(frame, CARDS.declined);
    await saveCard(frame);
    const alert = cardError(frame);
    await expect(alert).toContainText('Your card was declined.');
    await expect(alert).toContainText('Use another card');
    await expect(stepHeading(frame)).toHaveText(t.newCard);
    expect(await synced(accountUuid)).toBe(before);

    await fillCard(frame, CARDS.visa);
    await saveCard(frame);
    await expectView(frame, t.updated);
    await expect(frame.locator('sf-step-card-updated .card')).toContainText('Visa ending in 4242');
    expect(await synced(accountUuid)).toBe(before + 1);
    expect((await getAccount(accountUuid)).enrollment.has_payment_method).toBe(true);
    await expect(frame.locator('sf-account-status')).toContainText('Your service is active');

    await frame.getByRole('button', { name: TEXT.en.done, exact: true }).click();
    const close = await waitForClose(page, { reason: 'completed' });
    expect(close.scope).toBe(SCOPE);
    expect(await synced(accountUuid)).toBe(before + 1);
  });

  test('a card that needs 3-D Secure is saved once the bank challenge is completed', async ({ page }) => {
    const { frame, accountUuid } = await openFlowInModal(page, { scope: SCOPE });
    await expectView(frame, HEADINGS.en.cardOnFile);
    const before = await synced(accountUuid);
    await frame.getByRole('button', { name: HEADINGS.en.replace, exact: true }).click();
    await fillCard(frame, CARDS.threeDSecure);
    await saveCard(frame);
    await answer3ds(frame, 'complete');
    await expectView(frame, HEADINGS.en.updated);
    await expect(frame.locator('sf-step-card-updated .card')).toContainText('ending in 3155');
    expect(await synced(accountUuid)).toBe(before + 1);
  });

  test('closing before a new card is saved exits and changes nothing; Back returns to the card on file', async ({ page }) => {
    const { frame, accountUuid } = await openFlowInModal(page, { scope: SCOPE });
    await expectView(frame, HEADINGS.en.cardOnFile);
    const before = await synced(accountUuid);
    await frame.getByRole('button', { name: HEADINGS.en.replace, exact: true }).click();
    await expectCardForm(frame);
    await frame.getByRole('button', { name: TEXT.en.back, exact: true }).click();
    await expectView(frame, HEADINGS.en.cardOnFile);
    await expect(frame.locator('sf-current-card')).toContainText('Mastercard ending in 4444');

    await frame.getByRole('button', { name: TEXT.en.close, exact: true }).click();
    await waitForClose(page, { reason: 'exited' });
    expect(await synced(accountUuid)).toBe(before);
  });

  test('"Keep this card" leaves with nothing changed', async ({ page }) => {
    const { frame, accountUuid } = await openFlowInModal(page, { scope: SCOPE });
    await expectView(frame, HEADINGS.en.cardOnFile);
    const before = await synced(accountUuid);
    await frame.getByRole('button', { name: HEADINGS.en.keep, exact: true }).click();
    await waitForClose(page, { reason: 'exited' });
    expect(await synced(accountUuid)).toBe(before);
  });

  test('an account without a card goes straight to the card form', async ({ page }) => {
    const { frame, accountUuid } = await openFlowInModal(page, { scope: SCOPE, accountState: 'active-no-card' });
    await expectView(frame, TEXT.en.headings.payment);
    await expectCardForm(frame);
    await expect(frame.locator('sf-current-card')).toHaveCount(0);
    // The card form is the first step: nothing to go back to.
    await expect(frame.getByRole('button', { name: TEXT.en.back, exact: true })).toHaveCount(0);

    await fillCard(frame, CARDS.visa);
    await saveCard(frame);
    await expectView(frame, HEADINGS.en.updated);
    await expect(frame.locator('sf-step-card-updated .card')).toContainText('Visa ending in 4242');
    expect((await getAccount(accountUuid)).enrollment.has_payment_method).toBe(true);
  });

  test('keyboard only, and no axe violations on the card on file', async ({ page }) => {
    const drive: Drive = { keyboard: true };
    const { frame, accountUuid } = await openFlowInModal(page, { scope: SCOPE });
    await expectView(frame, HEADINGS.en.cardOnFile);
    await expect(frame.locator('sf-current-card')).toContainText('Mastercard ending in 4444');
    await expectNoAxeViolations(page);

    await press(page, frame, HEADINGS.en.replace, drive);
    await expectView(frame, HEADINGS.en.newCard);
    await fillCard(frame, CARDS.visa, drive);
    await saveCard(frame, drive);
    await expectView(frame, HEADINGS.en.updated);
    await expectNoAxeViolations(page);
    await press(page, frame, TEXT.en.done, drive);
    await waitForClose(page, { reason: 'completed' });
    expect((await sandboxAccount(accountUuid)).counters?.payment_methods_synced ?? 0).toBeGreaterThan(0);
  });

  test('in Spanish', async ({ page }) => {
    const drive: Drive = { locale: 'es' };
    const t = HEADINGS.es;
    const { frame } = await openFlowInModal(page, { scope: SCOPE, locale: 'es' });
    await expectView(frame, t.cardOnFile);
    await expect(frame.locator('sf-current-card')).toContainText('Mastercard terminada en 4444');
    await expect(frame.locator('sf-current-card')).toContainText(/Vence \d\d\/\d{4}/);
    await frame.getByRole('button', { name: t.replace, exact: true }).click();
    await expectView(frame, t.newCard);
    await fillCard(frame, CARDS.visa, drive);
    await saveCard(frame, drive);
    await expectView(frame, t.updated);
    await expect(frame.locator('sf-step-card-updated .card')).toContainText('Visa terminada en 4242');
    await expectNoAxeViolations(page);
  });

  test('the language switched on the card form: the card fields follow, what was typed stays', async ({ page }) => {
    const { frame } = await openFlowInModal(page, { scope: SCOPE });
    await expectView(frame, HEADINGS.en.cardOnFile);
    await frame.getByRole('button', { name: HEADINGS.en.replace, exact: true }).click();
    await expectView(frame, HEADINGS.en.newCard);
    await expectCardForm(frame);
    await frame.getByLabel(TEXT.en.cardNumber, { exact: true }).fill(CARDS.visa);
    await frame.getByRole('button', { name: 'Español', exact: true }).click();
    await expect(stepHeading(frame)).toHaveText(HEADINGS.es.newCard);
    // The processor's fields too: their labels in Spanish, the number kept.
    await expect(frame.getByLabel(TEXT.es.cardNumber, { exact: true })).toHaveValue(/4242 4242 4242 4242/);
    await expect(frame.getByLabel(TEXT.en.cardNumber, { exact: true })).toHaveCount(0);
    const es: Drive = { locale: 'es' };
    await frame.getByLabel(TEXT.es.cardExpiry, { exact: true }).fill('12 / 34');
    await frame.getByLabel(TEXT.es.cardCvc, { exact: true }).fill('123');
    await frame.getByLabel(TEXT.es.cardZip, { exact: true }).fill('77002');
    await saveCard(frame, es);
    await expect(stepHeading(frame)).toHaveText(HEADINGS.es.updated, { timeout: 20_000 });
  });
});

test.describe('update-payment-method for an account that will never be billed', () => {
  test('an enrollment cancelled before service started gets no card form, says why, and closes exited', async ({ page }) => {
    const { frame, accountUuid } = await openFlowInModal(page, { scope: SCOPE, accountState: 'cancelled-pre-start' });
    await expectView(frame, 'No card is needed');
    await expect(frame.locator('sf-account-status')).toContainText('Your enrollment was cancelled');
    await expect(frame.getByLabel(TEXT.en.cardNumber, { exact: true })).toHaveCount(0);
    await expectNoAxeViolations(page);
    const before = await synced(accountUuid);
    await frame.locator('sf-step-card-not-needed').getByRole('button', { name: TEXT.en.close, exact: true }).click();
    await waitForClose(page, { reason: 'exited' });
    expect(await synced(accountUuid)).toBe(before);
  });
});
