/**
 * What the partner demo says to a customer around the flow: the hosted link's "SMS", the return page (return.html,
 * client/return.ts, client/labels.ts) and the page's status line after a close. docs/integration.md, "The hosted link
 * and its return URL": treat `reason` "as a hint for what to say …, never as the outcome: anyone can type that URL";
 * and a flow link sent directly by text message: "say it works for one hour".
 */
import { expect, test } from '@playwright/test';
import { createHostedLink, openFlowInModal, waitForClose } from './support/partner.js';

for (const locale of ['en', 'es'] as const) {
  test(`(${locale}) a hosted documents link, finished with Done: the return page does not tell the customer an enrollment was submitted`, async ({ page, context }) => {
    const { loginLink } = await createHostedLink(page, { scope: 'documents', locale });
    const phone = await context.newPage();
    await phone.goto(loginLink);
    await expect(phone.getByRole('heading', { level: 1 })).toHaveText(locale === 'es' ? /documentos/i : 'Your plan documents', { timeout: 20_000 });
    await phone.getByRole('button', { name: locale === 'es' ? 'Listo' : 'Done', exact: true }).click();
    await phone.waitForURL((url) => url.pathname === '/return');
    expect(Object.fromEntries(new URL(phone.url()).searchParams)).toMatchObject({ reason: 'completed', locale });
    await expect(phone.locator('html')).toHaveAttribute('lang', locale);
    // The customer only looked at their plan documents: no enrollment was involved.
    await expect(phone.getByTestId('return-reason')).not.toContainText(locale === 'es' ? /inscripción/i : /enrollment/i);
  });
}

test('the return page opened by hand with ?reason=completed does not announce an outcome it cannot know', async ({ page }) => {
  // Nobody finished anything: anyone can type this address (the guide's words).
  await page.goto('/return?reason=completed&locale=en');
  await expect(page.getByTestId('return-reason')).not.toContainText(/submitted|takes 2 to 72 business hours/i);
});

test('after a documents flow closes "completed" in the modal, the page does not say an enrollment was submitted', async ({ page }) => {
  const { frame } = await openFlowInModal(page, { scope: 'documents' });
  await expect(frame.getByRole('heading', { level: 1 })).toHaveText('Your plan documents', { timeout: 20_000 });
  await frame.getByRole('button', { name: 'Done', exact: true }).click();
  await waitForClose(page, { reason: 'completed' });
  await expect(page.locator('#form-status')).not.toHaveText('');
  await expect(page.locator('#form-status')).not.toContainText(/enrollment is submitted/i);
});

test.describe('the hosted link "as if sent by SMS"', () => {
  test('the message itself says the link works for one hour', async ({ page }) => {
    await createHostedLink(page);
    // The customer reads the SMS, not the partner page's paragraph below it.
    await expect(page.locator('.sms__bubble')).toContainText(/hour/i);
  });
});
