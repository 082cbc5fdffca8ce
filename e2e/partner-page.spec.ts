/**
 * The partner demo's page (demo/partner/client, public/index.html) as a person uses it: no personal data in the
 * address bar before its script is wired, no control sent that the page disabled, the page kept where the person is
 * working while messages arrive, and Spanish names around a Spanish flow marked as Spanish.
 */
import { expect, test, type Page } from '@playwright/test';
import { messages, openFlowInWebView, waitForMessage } from './support/partner.js';
import { createAccount, getAccount } from './support/sandbox.js';

// The page's own scrollIntoView of the WebView section is then instant, so positions can be compared.
test.use({ reducedMotion: 'reduce' });

const PERSONAL = { email: 'ana.garcia@example.com', first: 'Ana' };

async function fillPersonalData(page: Page): Promise<void> {
  await page.getByLabel('Email (optional)', { exact: true }).fill(PERSONAL.email);
  await page.getByLabel('First name (optional)', { exact: true }).fill(PERSONAL.first);
}

test.describe('the form before its script has wired it', () => {
  test('settings that fail to load: pressing "Open in a modal" must not put the customer\'s email and name in the address bar', async ({ page }) => {
    await page.route('**/api/config', (route) => route.fulfill({ status: 503, contentType: 'text/plain', body: 'unavailable' }));
    await page.goto('/');
    await expect(page.locator('#form-error')).toContainText("The demo's settings could not be loaded");
    await fillPersonalData(page);
    // force: a fixed page may rightly keep the button disabled here; pressing it must then do nothing.
    await page.getByRole('button', { name: 'Open in a modal', exact: true }).click({ force: true });
    await page.waitForTimeout(1_000);
    const url = new URL(page.url());
    expect(url.search, 'the form was submitted natively (GET) with personal data in the URL').not.toContain('example.com');
    expect(url.searchParams.get('first_name')).toBeNull();
  });

  test('settings that are slow to load: a quick Enter must not submit the form natively with personal data in the URL', async ({ page }) => {
    await page.route('**/api/config', async (route) => {
      await new Promise((done) => setTimeout(done, 3_000));
      await route.continue();
    });
    await page.goto('/');
    await fillPersonalData(page);
    await page.getByLabel('Email (optional)', { exact: true }).press('Enter');
    await page.waitForTimeout(1_000);
    expect(new URL(page.url()).search, 'the form was submitted natively (GET) with personal data in the URL').not.toContain('example.com');
  });
});

test('a disabled "Client agent enrollment" box is not sent: an existing account gets no power of attorney recorded', async ({ page }) => {
  const { account_uuid } = await createAccount();
  await page.goto('/');
  const clientAgent = page.getByLabel('Client agent enrollment', { exact: true });
  await clientAgent.check();
  await page.getByLabel('Existing account (a fresh link for the same account)', { exact: true }).check();
  // The page greys it out: it does not apply, and the person can no longer untick it.
  await expect(clientAgent).toBeDisabled();
  await page.getByLabel('Account UUID', { exact: true }).fill(account_uuid);
  const request = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/flow-link');
  await page.getByRole('button', { name: 'Open in a modal', exact: true }).click();
  const sent = (await request).postDataJSON() as Record<string, unknown>;
  await expect(page.getByTestId('flow-frame')).toBeAttached();
  expect(sent.client_agent, `the page sent ${JSON.stringify(sent)}`).not.toBe(true);
  expect((await getAccount(account_uuid)).client_agent_accepted, 'power of attorney recorded on the existing account').toBe(false);
});

for (const viewport of [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 900 },
]) {
  test(`${viewport.name} (${viewport.width} px): a message from the flow does not scroll the page away from the WebView the person is using`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const { iframe } = await openFlowInWebView(page);
    await waitForMessage(page, { type: 'service-flow-ready' });
    await page.waitForTimeout(1_000);
    // The person looks at the phone: its screen at the top of the window.
    await iframe.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    const top = () => iframe.evaluate((el) => Math.round(el.getBoundingClientRect().top) || 0);
    expect(await top()).toBe(0);
    // Keyboard only, inside the flow (focus is already there: the page focused the iframe, the flow its heading):
    // the street, Tab, Tab, the ZIP code, Enter. Every focused field is on screen, so nothing of this scrolls.
    const before = (await messages(page)).length;
    await iframe.evaluate((el) => (el as HTMLIFrameElement).focus());
    await page.keyboard.press('Tab');
    await page.keyboard.type('3005 Routh St');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.type('75201');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await messages(page)).length, { message: 'the flow posted something' }).toBeGreaterThan(before);
    await page.waitForTimeout(500);
    expect(await top(), 'the phone moved: the page scrolled itself to the event log').toBe(0);
  });
}

test.describe('an English page around a Spanish flow: the Spanish names are marked as Spanish (WCAG 3.1.2)', () => {
  test('the simulated WebView\'s iframe, named "Facturas de la electricidad"', async ({ page }) => {
    const { iframe } = await openFlowInWebView(page, { locale: 'es', scope: 'billing' });
    await expect(iframe).toHaveAttribute('title', 'Facturas de la electricidad');
    expect(await iframe.evaluate((el) => el.closest('[lang]')?.getAttribute('lang'))).toBe('es');
  });
});
