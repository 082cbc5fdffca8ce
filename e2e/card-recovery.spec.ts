/**
 * The card step against the real sandbox and its Stripe.js emulator when answers are lost, the customer changes the
 * card, or the language switches mid-confirmation: the card saved is always the one the customer last gave, and what
 * is said fits what happened. The enrollment tests open on the card step (the preset `applying-missing-payment-method`:
 * plan, identity and credit check done).
 */
import { test, expect, type FrameLocator, type Locator, type Page, type Route } from '@playwright/test';
import { openFlowInModal, waitForClose } from './support/partner.js';
import { accountToken, clearFaults, getAccount, request, sandboxAccount, setFaults } from './support/sandbox.js';
import { CARDS, TEXT, cardError, expectStep, fillCard, saveCard, stepHeading } from './support/flow-steps.js';

const AT_CARD = { accountState: 'applying-missing-payment-method' } as const;
const MASTERCARD = '5555 5555 5555 4444';
const CONFIRM = '**/__sandbox/processor/setup_intents/*/confirm';
const SYNC = '/v1/account/billing/ensure-payment-method-added';

const synced = async (uuid: string) => (await sandboxAccount(uuid)).counters?.payment_methods_synced ?? 0;

/** The card on file as the service has it (brand and last four). */
async function cardOnFile(uuid: string): Promise<string> {
  const { token } = await accountToken(uuid);
  const card = await request<{ card_brand: string; card_last4: string }>('GET', '/v1/account/billing/payment-method', { token });
  return `${card.card_brand} ${card.card_last4}`;
}

const summary = (frame: FrameLocator) => frame.locator('sf-step-review dl.summary');

/** Only the POST of the card processor's confirmation (a CORS preflight goes on untouched). */
async function onConfirm(page: Page, handle: (route: Route) => Promise<void>): Promise<void> {
  await page.context().route(CONFIRM, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    await handle(route);
  });
}

/**
 * The Visa typed and saved while every answer to its sync is lost (the first attempt and the client's retries),
 * `after` the service did it or before it got there; "Try again" on screen, then the faults cleared.
 */
async function saveWithAnswersLost(frame: FrameLocator, { after }: { after: boolean }): Promise<void> {
  await setFaults({ route: SYNC, method: 'POST', error_rate: 1, error_status: 503, after, count: 4 });
  await fillCard(frame, CARDS.visa);
  await saveCard(frame);
  await expect(frame.getByRole('alert').filter({ hasText: 'Something went wrong on our side' })).toBeVisible({ timeout: 20_000 });
  await clearFaults();
}

/** The flow's page reloaded inside the partner's iframe (as the customer's reload of a hosted tab would). */
async function reloadFlow(iframe: Locator): Promise<void> {
  await (await (await iframe.elementHandle())!.contentFrame())!.evaluate(() => location.reload());
}

/** update-payment-method's last screen with the Visa, as the service has it; Close there says completed. */
async function expectUpdatedThenClose(page: Page, frame: FrameLocator, accountUuid: string): Promise<void> {
  await expect(stepHeading(frame)).toHaveText('Your card is updated', { timeout: 20_000 });
  await expect(frame.locator('sf-step-card-updated .card')).toContainText('Visa ending in 4242');
  expect(await cardOnFile(accountUuid)).toBe('visa 4242');
  await frame.getByRole('button', { name: TEXT.en.close, exact: true }).click();
  await waitForClose(page, { reason: 'completed' });
}

test.afterEach(async ({ page }) => {
  await page.context().unrouteAll({ behavior: 'ignoreErrors' });
  await clearFaults();
});

test.describe('the card step when answers are lost or the card changes', () => {
  test('the network lost on the confirmation\'s way back (the card saved at the processor): the step asks where it stands and saves it', async ({ page }) => {
    const { frame, accountUuid } = await openFlowInModal(page, AT_CARD);
    await expectStep(frame, 'payment');
    let lost = false;
    // The confirmation reaches the processor and succeeds; its answer is lost (a connection reset on the way back).
    await onConfirm(page, async (route) => {
      if (lost) return route.fallback();
      lost = true;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await fillCard(frame, CARDS.visa);
    await saveCard(frame);
    // Not "We could not reach the payment processor", then "already succeeded" on every later try.
    await expect(stepHeading(frame)).toHaveText(TEXT.en.headings.review, { timeout: 15_000 });
    expect(lost).toBe(true);
    expect(await synced(accountUuid)).toBe(1);
  });

  test('Back from the review, a new card typed on the card step is the card saved (not the first one, silently)', async ({ page }) => {
    const { frame, accountUuid } = await openFlowInModal(page, AT_CARD);
    await expectStep(frame, 'payment');
    await fillCard(frame, CARDS.visa);
    await saveCard(frame);
    await expectStep(frame, 'review');
    await expect(summary(frame)).toContainText('Visa ending in 4242');

    // The customer wants another card after all: the step shows the card saved, to keep or replace.
    await frame.getByRole('button', { name: TEXT.en.back, exact: true }).click();
    await expectStep(frame, 'payment');
    await expect(frame.locator('sf-current-card')).toContainText('Visa ending in 4242');
    await frame.locator('sf-current-card').getByRole('button', { name: 'Replace', exact: true }).click();
    await fillCard(frame, MASTERCARD);
    await saveCard(frame);
    await expectStep(frame, 'review');
    await expect(summary(frame), 'the card the customer just typed').toContainText('Mastercard ending in 4444');
    expect(await cardOnFile(accountUuid)).toBe('mastercard 4444');
  });

  test('after a lost card sync, the confirmed card cannot be changed in place: Save card sends the card shown', async ({ page }) => {
    const { frame, accountUuid } = await openFlowInModal(page, AT_CARD);
    await expectStep(frame, 'payment');
    // The service is down for the first sync and the client's three retries (nothing synced).
    await setFaults({ route: SYNC, method: 'POST', error_rate: 1, error_status: 503, count: 4 });
    await fillCard(frame, CARDS.visa);
    await saveCard(frame);
    await expect(frame.getByRole('alert').filter({ hasText: 'Something went wrong on our side' })).toBeVisible({ timeout: 20_000 });
    // The processor confirmed this card: the fields are read-only, so no other card can seem to be the one saved.
    await expect(frame.getByLabel(TEXT.en.cardNumber, { exact: true })).not.toBeEditable();
    await saveCard(frame);
    await expectStep(frame, 'review');
    await expect(summary(frame)).toContainText('Visa ending in 4242');
    expect(await cardOnFile(accountUuid)).toBe('visa 4242');
  });

  test('a language switch while the card is being confirmed: the decline is not said in English on a Spanish page', async ({ page }) => {
    const { frame } = await openFlowInModal(page, AT_CARD);
    await expectStep(frame, 'payment');
    // The processor takes two seconds to answer (a slow network).
    await onConfirm(page, async (route) => {
      await new Promise((r) => setTimeout(r, 2000));
      await route.fallback();
    });
    await fillCard(frame, CARDS.declined);
    await saveCard(frame);
    await frame.getByRole('button', { name: 'Español', exact: true }).click();
    await expect(stepHeading(frame)).toHaveText(TEXT.es.headings.payment);
    const alert = cardError(frame, { locale: 'es' });
    await expect(alert).toBeVisible({ timeout: 15_000 });
    await expect(alert).not.toContainText('Your card was declined.');
  });

  test('processing_error (4000 0000 0000 0119) is the processor\'s hiccup: the customer is not sent to the bank', async ({ page }) => {
    const { frame } = await openFlowInModal(page, AT_CARD);
    await expectStep(frame, 'payment');
    await fillCard(frame, '4000 0000 0000 0119');
    await saveCard(frame);
    const alert = cardError(frame);
    await expect(alert).toContainText('Try again in a moment, or use another card.');
    await expect(alert).not.toContainText('Your bank did not accept this card');
  });
});

test.describe('update-payment-method when answers are lost', () => {
  test('the new card synced but its answer lost, then Back: the service has the new card, so the update is done and the host hears completed', async ({ page }) => {
    const { frame, accountUuid } = await openFlowInModal(page, { scope: 'update-payment-method' });
    await expect(stepHeading(frame)).toHaveText('Your payment method', { timeout: 20_000 });
    await expect(frame.locator('sf-current-card')).toContainText('Mastercard ending in 4444');
    await frame.getByRole('button', { name: 'Replace', exact: true }).click();
    // The sync happens, every answer to it is lost (the first attempt and the client's three retries).
    await setFaults({ route: SYNC, method: 'POST', error_rate: 1, error_status: 503, after: true, count: 4 });
    await fillCard(frame, CARDS.visa);
    await saveCard(frame);
    await expect(frame.getByRole('alert').filter({ hasText: 'Something went wrong on our side' })).toBeVisible({ timeout: 20_000 });
    expect(await cardOnFile(accountUuid), 'the service replaced the card').toBe('visa 4242');

    await frame.getByRole('button', { name: TEXT.en.back, exact: true }).click();
    // The card on file read again is the new one: not "Keep this card" (which would close as if nothing changed).
    await expect(stepHeading(frame)).toHaveText('Your card is updated');
    await expect(frame.locator('sf-step-card-updated .card'), 'the card on file, as the service has it now').toContainText('Visa ending in 4242');
    await frame.getByRole('button', { name: TEXT.en.close, exact: true }).click();
    await waitForClose(page, { reason: 'completed' });
  });

  test('the new card synced but its answer lost, then a reload: the same card is sent again, not offered as the card to keep, and the host hears completed', async ({ page }) => {
    const { frame, iframe, accountUuid } = await openFlowInModal(page, { scope: 'update-payment-method' });
    await expect(frame.locator('sf-current-card')).toContainText('Mastercard ending in 4444', { timeout: 20_000 });
    await frame.getByRole('button', { name: 'Replace', exact: true }).click();
    await saveWithAnswersLost(frame, { after: true });
    expect(await cardOnFile(accountUuid), 'the service replaced the card').toBe('visa 4242');
    await reloadFlow(iframe);
    // Not "Your payment method: Visa ending in 4242" with "Keep this card", which closes as if nothing changed.
    await expectUpdatedThenClose(page, frame, accountUuid);
  });

  test('an account without a card: a save that never reached the service, then a reload, saves the card confirmed, without asking for it again', async ({ page }) => {
    const { frame, iframe, accountUuid } = await openFlowInModal(page, { scope: 'update-payment-method', accountState: 'active-no-card' });
    await expect(stepHeading(frame)).toHaveText(TEXT.en.headings.payment, { timeout: 20_000 });
    await saveWithAnswersLost(frame, { after: false });
    expect((await getAccount(accountUuid)).enrollment.has_payment_method, 'nothing reached the service').toBe(false);
    await reloadFlow(iframe);
    await expectUpdatedThenClose(page, frame, accountUuid);
  });
});

test.describe('enrollment when the card\'s answer is lost', () => {
  test('a save that never reached the service, then a reload: the card confirmed is saved and the review follows; Back there shows it on file', async ({ page }) => {
    const { frame, iframe, accountUuid } = await openFlowInModal(page, AT_CARD);
    await expectStep(frame, 'payment');
    await saveWithAnswersLost(frame, { after: false });
    await reloadFlow(iframe);
    await expectStep(frame, 'review');
    await expect(summary(frame)).toContainText('Visa ending in 4242');
    expect(await synced(accountUuid)).toBe(1);
    // Back: the card on file, to keep or replace (the save is not sent a second time).
    await frame.getByRole('button', { name: TEXT.en.back, exact: true }).click();
    await expectStep(frame, 'payment');
    await expect(frame.locator('sf-current-card')).toContainText('Visa ending in 4242');
    expect(await synced(accountUuid)).toBe(1);
  });
});
