/**
 * The partner demo's modal is the host SDK (`ServiceFlow.open`, loaded by the page from its own /sdk/service-flow.js,
 * the dist/host build), not a copy of it: partners see the SDK at work. Its dialog keeps the demo's test ids through
 * the SDK's `testIds` option, every message reaches the event log, and a close gives focus back to the button that
 * opened it and the page its scroll.
 */
import { expect, test } from '@playwright/test';
import { eventLog, messages, openFlowInModal, waitForClose, waitForMessage } from './support/partner.js';
import { E2E } from '../playwright.config.js';
import { clearFaults, setFaults } from './support/sandbox.js';

test('the modal is the host SDK\'s dialog; the event log hears it; a close restores focus and scroll', async ({ page }) => {
  const sdk = page.waitForResponse((r) => new URL(r.url()).pathname === '/sdk/service-flow.js');
  await page.goto('/');
  expect((await sdk).status()).toBe(200);

  const { dialog, iframe } = await openFlowInModal(page, { goto: false });
  // The SDK's own dialog (it marks it data-service-flow), with the demo's test id and the scope's title.
  await expect(dialog).toHaveAttribute('data-service-flow', '');
  await expect(dialog).toHaveAttribute('aria-label', 'Electricity enrollment');
  await expect(iframe).toHaveAttribute('allow', `payment ${E2E.flowUrl}`);
  await expect(page.locator('dialog')).toHaveCount(1);
  await waitForMessage(page, { type: 'service-flow-ready' });
  expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('hidden');
  await expect(eventLog(page).filter({ hasText: 'service-flow-ready' })).toHaveCount(1);
  await expect(eventLog(page).first()).toHaveAttribute('data-surface', 'modal');

  // The flow's own header close button (the flow draws it; the SDK adds none once the flow is ready).
  await expect(dialog.getByRole('button')).toHaveCount(0);
  await page.frameLocator('[data-testid="flow-frame"]').getByRole('button', { name: 'Close', exact: true }).first().click();
  const close = await waitForClose(page);
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Open in a modal', exact: true })).toBeFocused();
  expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('');
  await expect(eventLog(page).last()).toHaveAttribute('data-reason', close.reason);
  expect((await messages(page)).at(-1)?.type).toBe('service-flow-close');
});

test('in Spanish, the names around the flow are Spanish too, and marked so: the dialog, the frame', async ({ page }) => {
  const { dialog, iframe, frame } = await openFlowInModal(page, { locale: 'es', scope: 'billing' });
  // A screen reader says them just before the flow's own Spanish.
  await expect(dialog).toHaveAttribute('aria-label', 'Facturas de la electricidad');
  await expect(iframe).toHaveAttribute('title', 'Facturas de la electricidad');
  // …and marked Spanish (WCAG 3.1.2), on an English page: the SDK's `lang` option.
  await expect(dialog).toHaveAttribute('lang', 'es');
  await expect(frame.getByRole('heading', { level: 1 })).toHaveText('Sus facturas');
});

test('Close pressed while the session loads: the modal is told once the session is known, and removed', async ({ page }) => {
  // The flow's own request for its session (the first one) takes 6 s: a slow network. (Long enough for a cold, busy
  // machine to boot the flow and press Close while it runs.)
  await setFaults({ route: '/v1/account/flow', method: 'GET', latency_ms: 6000, count: 1 });
  try {
    const { frame } = await openFlowInModal(page);
    await frame.getByRole('button', { name: 'Close', exact: true }).click({ timeout: 4500 });
    await expect(frame.getByRole('heading', { name: 'You have left this page' })).toBeVisible({ timeout: 10_000 });
    // Once the session answers, and before the SDK's own fallback Close (readyTimeout, 12 s).
    await expect.poll(async () => (await messages(page)).filter((m) => m.type === 'service-flow-close').length, { timeout: 10_000 }).toBe(1);
    await expect(page.getByTestId('flow-frame')).toHaveCount(0);
  } finally {
    await clearFaults();
  }
});

test('a link that no longer works: the modal offers its own Close once the flow has said nothing for 4 s, long before readyTimeout', async ({ page }) => {
  // The partner's backend hands out a link cut short, as a copy that lost its end would be.
  await page.route('**/api/flow-link', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { login_link: string };
    // The token is base64url (it may hold `-`): cut it by position, not by a pattern of word characters.
    const link = new URL(body.login_link);
    const token = link.searchParams.get('token') ?? '';
    expect(token.length, 'the link carries its token in ?token=').toBeGreaterThan(12);
    link.searchParams.set('token', token.slice(0, 11));
    await route.fulfill({ response, json: { ...body, login_link: link.href } });
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'Open in a modal', exact: true }).click();
  const frame = page.frameLocator('[data-testid="flow-frame"]');
  await expect(frame.getByRole('heading', { level: 1 })).toHaveText('This link does not work');
  const opened = Date.now();
  // The SDK's button, above the flow (the flow's screen has none: it cannot tell a page it does not know yet).
  const close = page.getByTestId('flow-modal').getByRole('button', { name: 'Close electricity enrollment', exact: true });
  await expect(close).toBeVisible({ timeout: 8000 });
  expect(Date.now() - opened, 'well before the demo\'s readyTimeout of 12 s').toBeLessThan(8000);
  await close.click();
  await expect(page.getByTestId('flow-frame')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Open in a modal', exact: true })).toBeFocused();
});
