/**
 * The billing scope end to end: the production bundle in the partner demo's cross-origin modal iframe, against the
 * sandbox's preset accounts (`active-with-invoices`: about 30 invoices, paid, voided and reissued, one past due and
 * the latest due; `active-no-invoices`: active five days, no bill yet).
 */
import { expect, test, type FrameLocator, type Locator } from '@playwright/test';
import { openFlowInModal, waitForClose } from './support/partner.js';
import { accountToken, request } from './support/sandbox.js';
import { expectFocused, stepHeading, tabTo } from './support/flow-steps.js';
import { expectNoAxeViolations } from './support/axe.js';
import type { InvoiceList } from '../src/api/types.js';

const PAGE = 12;

/** "$1,234.56" → 123456. */
function cents(money: string): number {
  const m = /\$([\d,]+)\.(\d{2})/.exec(money);
  if (!m) throw new Error(`not an amount: ${money}`);
  return Number(m[1]!.replace(/,/g, '')) * 100 + Number(m[2]);
}

/** Every invoice of the account as the service lists it (the account's own token, all pages). */
async function serviceInvoices(accountUuid: string): Promise<InvoiceList['data']> {
  const { token } = await accountToken(accountUuid);
  const all: InvoiceList['data'] = [];
  let cursor: string | null = null;
  do {
    const query: string = `limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const page: InvoiceList = await request<InvoiceList>('GET', `/v1/account/billing/invoices?${query}`, { token });
    all.push(...page.data);
    cursor = page.next_cursor;
  } while (cursor);
  return all;
}

const cards = (frame: FrameLocator): Locator => frame.locator('li.invoice');
const shownNumbers = (frame: FrameLocator) => frame.locator('li.invoice button[data-invoice]').evaluateAll((els) => els.map((e) => e.getAttribute('data-invoice')));

async function openBilling(page: import('@playwright/test').Page, opts: { preset?: string; locale?: 'en' | 'es'; accountUuid?: string } = {}) {
  const opened = await openFlowInModal(page, {
    scope: 'billing',
    ...(opts.accountUuid ? { accountUuid: opts.accountUuid } : { accountState: opts.preset ?? 'active-with-invoices' }),
    ...(opts.locale ? { locale: opts.locale } : {}),
  });
  await expect(stepHeading(opened.frame)).toHaveText(opts.locale === 'es' ? 'Sus facturas' : 'Your bills', { timeout: 20_000 });
  return opened;
}

test.describe('billing', () => {
  test('invoices most recent first across pages, one of each status in words, a detail that adds up, its PDF', async ({ page }) => {
    const { frame, accountUuid } = await openBilling(page);
    const expected = await serviceInvoices(accountUuid);
    expect(expected.length, 'the preset has more invoices than one page').toBeGreaterThan(PAGE);
    // Most recent first, as the service lists them.
    const dates = expected.map((i) => i.invoice_date);
    expect([...dates].sort().reverse()).toEqual(dates);

    await expect(cards(frame)).toHaveCount(PAGE);
    await expect(frame.getByText(`Showing the ${PAGE} most recent invoices.`)).toBeVisible();
    const more = frame.getByRole('button', { name: 'Show older invoices' });
    let pages = 1;
    while (await more.isVisible()) {
      const before = await cards(frame).count();
      await more.click();
      await expect(cards(frame)).toHaveCount(Math.min(before + PAGE, expected.length));
      // Focus goes to the first invoice just added.
      await expectFocused(cards(frame).nth(before).locator('h3'), 'the first invoice of the new page');
      pages += 1;
    }
    expect(pages).toBeGreaterThan(1);
    await expect(frame.getByText(`Showing all ${expected.length} invoices.`)).toBeVisible();
    expect(await shownNumbers(frame)).toEqual(expected.map((i) => i.number));

    // Each status, in words (the badge's text), at least once; and each agrees with the service's own.
    const words = { paid: 'Paid', voided: 'Voided', due: 'Due', past_due: 'Past due' } as const;
    for (const [status, word] of Object.entries(words)) {
      const badge = frame.locator(`li.invoice .status[data-status="${status}"]`);
      expect(await badge.count(), `at least one ${status} invoice`).toBeGreaterThan(0);
      await expect(badge.first()).toHaveText(new RegExp(`^\\W*${word}$`));
    }
    const shownStatuses = await frame.locator('li.invoice .status').evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));
    expect(shownStatuses).toEqual(expected.map((i) => i.status));
    await expectNoAxeViolations(page);

    // A paid invoice's detail: the charge groups add up to its total.
    const paid = expected.find((i) => i.status === 'paid')!;
    const card = frame.locator('li.invoice', { has: frame.locator(`button[data-invoice="${paid.number}"]`) });
    const listedTotal = cents((await card.locator('dd.total').textContent()) ?? '');
    expect(listedTotal).toBe(paid.total_cents);
    await card.getByRole('button', { name: 'Charges and PDF' }).click();
    await expect(stepHeading(frame)).toHaveText(/^Invoice of /);
    await expectFocused(stepHeading(frame), 'the detail heading');
    const sum = frame.locator('table.sum');
    const groupTotals = await sum.locator('tbody td.amount').allTextContents();
    expect(groupTotals.length).toBe(3);
    const shownSum = cents((await sum.locator('tfoot td.amount').textContent()) ?? '');
    expect(groupTotals.map(cents).reduce((a, b) => a + b, 0)).toBe(shownSum);
    expect(shownSum).toBe(listedTotal);
    // Every group's charges add up to its subtotal.
    for (const table of await frame.locator('table:not(.sum)').all()) {
      const amounts = (await table.locator('tbody td.amount').allTextContents()).map(cents);
      const subtotal = cents((await table.locator('tfoot td.amount').textContent()) ?? '');
      expect(amounts.reduce((a, b) => a + b, 0)).toBe(subtotal);
    }
    await expect(frame.locator('.alert.warning')).toHaveCount(0);
    const pdf = frame.getByRole('link', { name: /Download the invoice.*PDF/ });
    await expect(pdf).toHaveAttribute('target', '_blank');
    const href = (await pdf.getAttribute('href'))!;
    const response = await page.request.get(href);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/pdf');
    expect((await response.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await expectNoAxeViolations(page);

    // Back to the list: the pages stay, focus returns to the invoice's button.
    await frame.getByRole('button', { name: 'Back to invoices' }).click();
    await expect(stepHeading(frame)).toHaveText('Your bills');
    await expect(cards(frame)).toHaveCount(expected.length);
    await expectFocused(card.getByRole('button', { name: 'Charges and PDF' }), "the opened invoice's button");

    // Done closes the flow as completed, after saying where the account stands.
    await expect(frame.locator('sf-account-status')).toContainText('active', { ignoreCase: true });
    await frame.getByRole('button', { name: 'Done' }).click();
    const close = await waitForClose(page, { reason: 'completed' });
    expect(close.account_status).toBe('active');
  });

  test('the billing address: checked in plain words, saved on the server, still there on a fresh link', async ({ page }) => {
    const { frame, accountUuid } = await openBilling(page);
    const section = frame.locator('section', { has: frame.getByRole('heading', { name: 'Billing address' }) });
    await expect(section.getByText('Same as your service address')).toBeVisible();
    await section.getByRole('button', { name: 'Change billing address' }).click();
    await expect(stepHeading(frame)).toHaveText('Billing address');
    await frame.getByLabel('A different address').check();
    await frame.getByLabel('ZIP code').fill('7870');
    await frame.getByRole('button', { name: 'Save billing address' }).click();
    await expect(frame.getByText('Enter the street address, for example 1200 Main St.')).toBeVisible();
    await expect(frame.getByText('Enter a ZIP code of 5 digits, for example 77002.')).toBeVisible();
    await expectFocused(frame.getByLabel('Street address'), 'the first field with a problem');
    await expectNoAxeViolations(page);

    await frame.getByLabel('Street address').fill('4807 Caswell Ave');
    await frame.getByLabel('City').fill('Austin');
    await frame.getByLabel('State').selectOption('TX');
    await frame.getByLabel('ZIP code').fill('78751');
    await frame.getByRole('button', { name: 'Save billing address' }).click();
    await expect(stepHeading(frame)).toHaveText('Your bills');
    await expect(frame.getByText('Your billing address is saved.')).toBeVisible();
    await expect(section.locator('.address')).toContainText('4807 Caswell Ave');
    await expect(section.getByText('Same as your service address')).toHaveCount(0);
    await expectFocused(section.getByRole('button', { name: 'Change billing address' }), 'Change billing address');

    // The service has it: a fresh link for the same account, in a new iframe, shows it.
    const again = await openBilling(page, { accountUuid });
    const section2 = again.frame.locator('section', { has: again.frame.getByRole('heading', { name: 'Billing address' }) });
    await expect(section2.locator('.address')).toContainText('4807 Caswell Ave');
    await expect(section2.locator('.address')).toContainText('Austin, TX 78751');
  });

  test('no invoices yet: when the first bill comes; keyboard only; Done completes', async ({ page }) => {
    const { frame } = await openBilling(page, { preset: 'active-no-invoices' });
    await expect(frame.getByRole('heading', { name: 'No bills yet' })).toBeVisible();
    await expect(frame.getByText(/Your service started on .+\. Your first bill comes about a month after that, around .+\./)).toBeVisible();
    await expect(cards(frame)).toHaveCount(0);
    await expectNoAxeViolations(page);
    const done = frame.getByRole('button', { name: 'Done' });
    await tabTo(frame, done, 'Done');
    await page.keyboard.press('Enter');
    await waitForClose(page, { reason: 'completed' });
  });

  test('not enrolled: nothing to bill yet, no billing call made, and Close exits (the scope does not fit yet)', async ({ page }) => {
    const billingCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/v1/account/billing/')) billingCalls.push(r.url());
    });
    const { frame } = await openBilling(page, { preset: 'created-missing-address' });
    await expect(frame.getByRole('heading', { name: 'There is nothing to bill yet' })).toBeVisible();
    await expect(cards(frame)).toHaveCount(0);
    await expectNoAxeViolations(page);
    expect(billingCalls).toEqual([]);
    // The screen's own Close (the header's × is named Close too).
    await frame.locator('sf-step-invoices').getByRole('button', { name: 'Close', exact: true }).click();
    await waitForClose(page, { reason: 'exited' });
  });

  test('keyboard only on the list: older invoices, a detail and back', async ({ page }) => {
    const { frame } = await openBilling(page);
    await expect(cards(frame)).toHaveCount(PAGE);
    await tabTo(frame, frame.getByRole('button', { name: 'Show older invoices' }), 'Show older invoices');
    await page.keyboard.press('Enter');
    await expect(cards(frame)).toHaveCount(2 * PAGE);
    await expectFocused(cards(frame).nth(PAGE).locator('h3'), 'the first invoice of the new page');
    // Tab goes on from there: the next control is that invoice's button.
    await page.keyboard.press('Tab');
    const button = cards(frame).nth(PAGE).getByRole('button', { name: 'Charges and PDF' });
    await expectFocused(button, "the new invoice's button");
    await page.keyboard.press('Enter');
    await expect(stepHeading(frame)).toHaveText(/^Invoice of /);
    await tabTo(frame, frame.getByRole('button', { name: 'Back to invoices' }), 'Back to invoices');
    await page.keyboard.press('Enter');
    await expectFocused(button, "the opened invoice's button");
  });

  test('in Spanish: headings and status words', async ({ page }) => {
    const { frame } = await openBilling(page, { locale: 'es' });
    await expect(frame.getByRole('heading', { level: 2, name: 'Facturas' })).toBeVisible();
    await expect(frame.getByRole('heading', { level: 2, name: 'Dirección de facturación' })).toBeVisible();
    const more = frame.getByRole('button', { name: 'Ver facturas anteriores' });
    while (await more.isVisible()) {
      const before = await cards(frame).count();
      await more.click();
      await expect(cards(frame)).not.toHaveCount(before);
    }
    const words = { paid: 'Pagada', voided: 'Anulada', due: 'Pendiente', past_due: 'Vencida' } as const;
    for (const [status, word] of Object.entries(words)) {
      await expect(frame.locator(`li.invoice .status[data-status="${status}"]`).first()).toHaveText(new RegExp(`^\\W*${word}$`));
    }
    await expectNoAxeViolations(page);
    await frame.locator('li.invoice').first().getByRole('button').click();
    await expect(stepHeading(frame)).toHaveText(/^Factura del /);
    await expect(frame.getByRole('heading', { level: 2, name: 'Cargos' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

