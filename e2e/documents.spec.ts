/**
 * The documents scope in the partner demo's cross-origin modal: every active document is a PDF link that loads, a
 * renewal's queued documents appear only among all documents (the second tab, reached with the keyboard), the view is
 * axe clean, Done closes `completed`; an account without a plan yet is told so and closes; Spanish headings; and
 * screenshots at 375 px and desktop in both languages (into /tmp/e2e-shots/, for people to look at).
 */
import { mkdirSync } from 'node:fs';
import { test, expect, type Page } from '@playwright/test';
import { openFlowInModal, waitForClose } from './support/partner.js';
import { expectNoAxeViolations } from './support/axe.js';
import { expectFocused, stepHeading, tabTo, type FlowScope } from './support/flow-steps.js';

const SHOTS = '/tmp/e2e-shots';

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** The links of a tab's panel (inside the document list's shadow root, which Playwright's locators pierce). */
const panelLinks = (frame: FlowScope, panel: 'active' | 'all') => frame.locator(`#panel-${panel} sf-document-list a`);

test.describe('documents', () => {
  test('active documents are PDFs that load; a queued one appears only among all documents', async ({ page }) => {
    const { frame } = await openFlowInModal(page, { scope: 'documents', accountState: 'active-renewal-queued' });
    const heading = stepHeading(frame);
    await expect(heading).toHaveText('Your plan documents', { timeout: 20_000 });
    await expectFocused(heading, 'the documents heading');

    const active = panelLinks(frame, 'active');
    await expect(active).toHaveCount(3);
    const kinds = await active.allTextContents();
    expect(kinds.map((k) => k.replace(/\s+/g, ' ').trim())).toEqual([
      'Electricity Facts Label (PDF, opens in a new tab)',
      'Terms of Service (PDF, opens in a new tab)',
      'Your Rights as a Customer (PDF, opens in a new tab)',
    ]);
    for (const link of await active.all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      const href = (await link.getAttribute('href'))!;
      const res = await page.request.get(href);
      expect(res.status(), href).toBe(200);
      expect(res.headers()['content-type']).toContain('application/pdf');
      expect((await res.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
    await expect(frame.locator('#panel-active')).toContainText('Active: in effect now');
    await expect(frame.locator('#panel-active')).not.toContainText('Queued');
    await expectNoAxeViolations(page);
    await shoot(page, 'documents-active-desktop-en');

    // The tab pattern with the keyboard alone: Tab to the selected tab, an arrow to the other one.
    const current = frame.getByRole('tab', { name: 'Current documents' });
    const all = frame.getByRole('tab', { name: 'All documents' });
    await tabTo(frame, current, 'the current documents tab');
    await page.keyboard.press('ArrowRight');
    await expect(all).toHaveAttribute('aria-selected', 'true');
    await expectFocused(all, 'the all documents tab');
    const allPanel = frame.locator('#panel-all');
    await expect(allPanel).toBeVisible();
    await expect(frame.locator('#panel-active')).toBeHidden();
    await expect(allPanel.getByText(/^Queued: takes effect on /)).toHaveCount(3);
    await expect(allPanel.getByText('Historical: no longer in effect').first()).toBeVisible();
    expect(await panelLinks(frame, 'all').count()).toBeGreaterThan(6);
    await expectNoAxeViolations(page);
    await shoot(page, 'documents-all-desktop-en');

    // The customer's account status is on this last screen; Done closes `completed`.
    await expect(frame.locator('sf-account-status')).toContainText('Your service is active');
    await tabTo(frame, frame.getByRole('button', { name: 'Done' }), 'Done');
    await page.keyboard.press('Enter');
    await waitForClose(page, { reason: 'completed' });
  });

  test('an account without a plan yet is told so, and closes cleanly', async ({ page }) => {
    const { frame } = await openFlowInModal(page, { scope: 'documents', accountState: 'new' });
    await expect(stepHeading(frame)).toHaveText('You have no plan documents yet', { timeout: 20_000 });
    await expect(frame.locator('main')).toContainText('once you have chosen a plan and enrolled');
    await expectNoAxeViolations(page);
    await frame.getByRole('button', { name: 'Close', exact: true }).first().click();
    await waitForClose(page, { reason: 'exited' });
  });

  test('in Spanish, at 375 px', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const { frame } = await openFlowInModal(page, { scope: 'documents', accountState: 'active-renewal-queued', locale: 'es' });
    await expect(stepHeading(frame)).toHaveText('Los documentos de su plan', { timeout: 20_000 });
    await expect(panelLinks(frame, 'active').first()).toContainText('Etiqueta de Datos de Electricidad');
    await expect(panelLinks(frame, 'active').first()).toHaveAttribute('href', /[?&]locale=es$/);
    await expect(frame.locator('#panel-active h2')).toHaveText('Documentos en vigor ahora');
    // The two tabs on one row (their Spanish names wrap inside them, not the second tab under the first).
    const tops = await frame.getByRole('tab').evaluateAll((tabs) => tabs.map((t) => Math.round(t.getBoundingClientRect().top)));
    expect(tops).toHaveLength(2);
    expect(tops[1]).toBe(tops[0]);
    await shoot(page, 'documents-active-375-es');
    await frame.getByRole('tab', { name: 'Todos los documentos' }).click();
    await expect(frame.locator('#panel-all h2')).toHaveText('Todos los documentos: vigentes, próximos y anteriores');
    await expect(frame.locator('#panel-all').getByText(/^Programado: entra en vigor el /)).toHaveCount(3);
    await expectNoAxeViolations(page);
    await shoot(page, 'documents-all-375-es');
    // Nothing wider than the phone.
    const overflow = await frame.locator(':root').evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('at 375 px in English', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const { frame } = await openFlowInModal(page, { scope: 'documents', accountState: 'active-renewal-queued' });
    await expect(panelLinks(frame, 'active')).toHaveCount(3, { timeout: 20_000 });
    await shoot(page, 'documents-active-375-en');
  });
});
