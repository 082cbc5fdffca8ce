/**
 * Connecting a battery end to end against the sandbox: in the partner demo's cross-origin iframe (the maker's page
 * in a popup, Allow and Deny), and at top level as a hosted link (a popup, and the redirect there and back when no
 * popup can open); a reload while the maker's page is open; the not-active explanation (and the cancelled one);
 * keyboard only and axe on the maker choice; Spanish headings.
 */
import { test, expect, type FrameLocator, type Page } from '@playwright/test';
import { openFlowInModal, waitForClose } from './support/partner.js';
import { createPresetAccount, flowLink } from './support/sandbox.js';
import { expectNoAxeViolations } from './support/axe.js';
import { E2E } from '../playwright.config.js';

type Scope = FrameLocator | Page;

const heading = (scope: Scope) => scope.locator('#step-heading');

/** Chooses the maker by its radio and goes on (with the mouse; the keyboard test does it with keys). */
async function chooseMaker(scope: Scope, maker = 'Tesla'): Promise<void> {
  await expect(heading(scope)).toHaveText('Which battery do you have?');
  await scope.getByRole('radio', { name: new RegExp(maker) }).check();
  await scope.getByRole('button', { name: 'Continue', exact: true }).click();
}

/** Presses the button that opens the maker's page and answers there; resolves once the popup closed itself. */
async function answerInPopup(page: Page, scope: Scope, button: RegExp, decision: 'Allow' | 'Deny'): Promise<void> {
  const opened = page.waitForEvent('popup');
  await scope.getByRole('button', { name: button }).click();
  const popup = await opened;
  await expect(popup.getByRole('heading', { level: 1 })).toContainText('Tesla');
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: decision, exact: true }).click();
  await closed;
}

async function expectDevice(scope: Scope): Promise<void> {
  await expect(heading(scope)).toHaveText('Your battery is connected');
  const main = scope.locator('sf-step-battery-device');
  await expect(main).toContainText('Powerwall 3');
  await expect(main).toContainText('13.5 kWh');
  await expect(main).toContainText(/Ending in [0-9A-Z]{4}/);
  await expect(main).toContainText('Your service is active');
}

test.describe('connect-battery', () => {
  test('in the partner iframe: choose with the keyboard, Allow in the popup, the battery is shown, Done completes', async ({ page }) => {
    const { frame } = await openFlowInModal(page, { scope: 'connect-battery' });
    await expect(heading(frame)).toHaveText('Which battery do you have?');
    await expect(frame.getByRole('radio')).toHaveCount(4);
    await expectNoAxeViolations(page);

    // Keyboard only: the heading has focus; Tab reaches the radio group, Space picks, Tab and Enter go on.
    await expect(heading(frame)).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(frame.getByRole('radio', { name: /Tesla/ })).toBeFocused();
    await page.keyboard.press('Space');
    await expect(frame.getByRole('radio', { name: /Tesla/ })).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(frame.getByRole('button', { name: 'Continue', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(heading(frame)).toHaveText('Allow access at Tesla');
    await expectNoAxeViolations(page);
    await answerInPopup(page, frame, /Continue to Tesla/, 'Allow');
    await expectDevice(frame);
    await expectNoAxeViolations(page);

    await frame.getByRole('button', { name: 'Done' }).click();
    await waitForClose(page, { reason: 'completed' });
  });

  test('Deny says plainly that nothing was connected, and a retry then connects', async ({ page }) => {
    const { frame } = await openFlowInModal(page, { scope: 'connect-battery' });
    await chooseMaker(frame);
    await answerInPopup(page, frame, /Continue to Tesla/, 'Deny');
    // Not an alert: focus goes to its heading, which reads the notice's sentence with it (once).
    const notice = frame.getByRole('heading', { name: 'No battery was connected' });
    await expect(notice).toBeFocused();
    await expect(notice).toHaveAccessibleDescription(/You chose not to allow access on Tesla's page/);
    await answerInPopup(page, frame, /Try again with Tesla/, 'Allow');
    await expectDevice(frame);
  });

  test('a popup closed without an answer lets the customer open it again', async ({ page }) => {
    const { frame } = await openFlowInModal(page, { scope: 'connect-battery' });
    await chooseMaker(frame);
    const opened = page.waitForEvent('popup');
    await frame.getByRole('button', { name: /Continue to Tesla/ }).click();
    const popup = await opened;
    await expect(frame.getByText("Waiting for your answer on Tesla's page")).toBeVisible();
    await popup.close();
    await expect(frame.getByRole('heading', { name: 'The window closed before you answered' })).toBeFocused();
    await answerInPopup(page, frame, /Try again with Tesla/, 'Allow');
    await expectDevice(frame);
  });

  test('at top level (a hosted link): the same success in a popup, then back to the partner', async ({ page }) => {
    const { uuid } = await createPresetAccount('active-with-invoices');
    const link = await flowLink(uuid, 'connect-battery', { behavior: 'hosted' });
    await page.goto(link.login_link);
    await chooseMaker(page);
    await answerInPopup(page, page, /Continue to Tesla/, 'Allow');
    await expectDevice(page);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.waitForURL(`${E2E.partnerUrl}/return**`);

    // Another visit: the maker is marked connected, and choosing it shows the battery without asking again.
    const again = await flowLink(uuid, 'connect-battery', { behavior: 'hosted' });
    await page.goto(again.login_link);
    await expect(page.getByRole('radio', { name: /Tesla/ })).toBeVisible();
    await expect(page.locator('sf-step-battery-maker')).toContainText('Already connected: Powerwall 3');
    await chooseMaker(page);
    await expect(heading(page)).toHaveText('Your Tesla battery is already connected');
    await expect(page.locator('sf-step-battery-device')).toContainText('Powerwall 3');
  });

  test("a reload while the maker's page is open comes back to that request, and Allow on the page left open connects", async ({ page }) => {
    const { uuid } = await createPresetAccount('active-with-invoices');
    const link = await flowLink(uuid, 'connect-battery', { behavior: 'hosted' });
    await page.goto(link.login_link);
    await chooseMaker(page);
    const opened = page.waitForEvent('popup');
    await page.getByRole('button', { name: /Continue to Tesla/ }).click();
    const popup = await opened;
    await expect(popup.getByRole('heading', { level: 1 })).toContainText('Tesla');
    await page.reload();
    // Not the maker choice, nor a second request to allow: the one open on the maker's page, offered again.
    await expect(heading(page)).toHaveText('Allow access at Tesla');
    await expect(page.getByRole('button', { name: /Continue to Tesla/ })).toBeVisible();
    await expect(page.getByText('You came back before answering')).toHaveCount(0);
    const closed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: 'Allow', exact: true }).click();
    await closed;
    await expectDevice(page);
  });

  test('at top level with no popup possible: to the maker page and back, the address bar cleaned', async ({ page }) => {
    // A WebView, or a browser that blocks the popup: window.open gives nothing.
    await page.addInitScript(() => {
      window.open = () => null;
    });
    const { uuid } = await createPresetAccount('active-with-invoices');
    const link = await flowLink(uuid, 'connect-battery', { behavior: 'hosted' });
    await page.goto(link.login_link);
    await chooseMaker(page);
    await page.getByRole('button', { name: /Continue to Tesla/ }).click();
    await page.waitForURL(`${E2E.sandboxUrl}/__sandbox/battery/authorize/**`);
    await page.getByRole('button', { name: 'Deny', exact: true }).click();
    await page.waitForURL(`${E2E.flowUrl}/`);
    await expect(page.getByRole('heading', { name: 'No battery was connected' })).toBeFocused();
    expect(page.url()).toBe(`${E2E.flowUrl}/`);

    await page.getByRole('button', { name: /Try again with Tesla/ }).click();
    await page.waitForURL(`${E2E.sandboxUrl}/__sandbox/battery/authorize/**`);
    await page.getByRole('button', { name: 'Allow', exact: true }).click();
    await page.waitForURL(`${E2E.flowUrl}/`);
    await expectDevice(page);
  });

  test('an account whose service is not active is told so and leaves cleanly', async ({ page }) => {
    const { frame } = await openFlowInModal(page, { scope: 'connect-battery', accountState: 'applying-missing-identity' });
    await expect(heading(frame)).toHaveText('You can connect a battery once your service is active');
    await expect(frame.locator('sf-step-battery-inactive')).toContainText('Your enrollment is not finished');
    await expectNoAxeViolations(page);
    await frame.locator('sf-step-battery-inactive').getByRole('button', { name: 'Close', exact: true }).click();
    await waitForClose(page, { reason: 'exited' });
  });

  test('a cancelled account is not told to come back: there is no service to connect a battery to', async ({ page }) => {
    const { frame } = await openFlowInModal(page, { scope: 'connect-battery', accountState: 'cancelled-post-start' });
    await expect(heading(frame)).toHaveText('There is no service to connect a battery to');
    await expect(frame.locator('sf-step-battery-inactive')).not.toContainText('Come back');
    await expectNoAxeViolations(page);
  });

  test('in Spanish', async ({ page }) => {
    const { frame } = await openFlowInModal(page, { scope: 'connect-battery', locale: 'es' });
    await expect(heading(frame)).toHaveText('¿Qué batería tiene?');
    await expectNoAxeViolations(page);
    await frame.getByRole('radio', { name: /Tesla/ }).check();
    await frame.getByRole('button', { name: 'Continuar', exact: true }).click();
    await expect(heading(frame)).toHaveText('Permita el acceso en Tesla');
  });
});
