import { expect, test } from '@playwright/test';
import { openFlowInModal } from './support/partner.js';
import { stepHeading } from './support/flow-steps.js';

for (const width of [375, 1280]) {
  for (const locale of ['en', 'es'] as const) {
    test(`shots ${width} ${locale}`, async ({ page }) => {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      const { frame } = await openFlowInModal(page, { scope: 'billing', accountState: 'active-with-invoices', locale });
      await expect(stepHeading(frame)).toBeVisible({ timeout: 20000 });
      await expect(frame.locator('li.invoice').first()).toBeVisible();
      await page.waitForTimeout(500);
      await page.screenshot({ path: `/tmp/billing-shots/${width}-${locale}-list.png` });
      await frame.locator('li.invoice').nth(11).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/billing-shots/${width}-${locale}-list-bottom.png` });
      await frame.locator('#change-address').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/billing-shots/${width}-${locale}-list-end.png` });
      await frame.locator('li.invoice').first().getByRole('button').click();
      await expect(frame.locator('table.sum')).toBeVisible();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `/tmp/billing-shots/${width}-${locale}-detail.png` });
      await frame.locator('table.sum').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/billing-shots/${width}-${locale}-detail-sum.png` });
      await frame.locator('button.start').click();
      await frame.locator('#change-address').click();
      await frame.locator('input[value="other"]').check();
      await frame.locator('button[type="submit"]').click();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `/tmp/billing-shots/${width}-${locale}-form.png` });
      if (width === 375) {
        const e = await openFlowInModal(page, { scope: 'billing', accountState: 'active-no-invoices', locale });
        await expect(e.frame.locator('.empty')).toBeVisible({ timeout: 20000 });
        await page.waitForTimeout(800);
        await page.screenshot({ path: `/tmp/billing-shots/${width}-${locale}-empty.png` });
      }
    });
  }
}
