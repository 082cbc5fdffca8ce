/**
 * The enrollment flow end to end, in the partner demo's cross-origin iframe modal, against the sandbox over HTTP:
 * the happy path from a typed address to Done, an address with two meters, and the ESI ID fallback when the address
 * search finds nothing.
 */
import { test, expect } from '@playwright/test';
import { createHostedLink, openFlowInModal, waitForClose, messages } from './support/partner.js';
import { fixtures, getAccount, sandboxAccount } from './support/sandbox.js';
import type { AddressSearchResult } from '../src/api/types.js';
import {
  ADDRESSES,
  CARDS,
  acceptPlan,
  addCard,
  chooseMeter,
  completeAddress,
  confirmAddress,
  expectFocused,
  expectStep,
  fillIdentity,
  finalize,
  finishDone,
  planCards,
  searchAddress,
  searchByEsiId,
  submitCredit,
  TEXT,
} from './support/flow-steps.js';

test.describe('enrollment', () => {
  test('happy path: typed address to Done, finalized once at the sandbox', async ({ page }) => {
    const { frame, accountUuid } = await openFlowInModal(page);

    // The sandbox's own record of the test address: the confirmation must show exactly its ESI ID.
    const { addresses } = await fixtures<{ addresses: AddressSearchResult[] }>();
    const premise = addresses.find((a) => a.address_1 === ADDRESSES.routh.street && a.postal_code === ADDRESSES.routh.zip);
    expect(premise, 'the sandbox knows 3005 Routh St').toBeDefined();

    const shown = await completeAddress(frame, { street: premise!.address_1, zip: premise!.postal_code, esiId: premise!.esi_id });
    expect(shown).toBe(premise!.esi_id);

    // Plans: the EFL of the first plan is a real PDF the customer can open.
    await expectStep(frame, 'plans');
    const firstCard = planCards(frame).first();
    await expect(firstCard).toBeVisible();
    const efl = firstCard.getByRole('link', { name: TEXT.en.efl });
    await expect(efl).toHaveAttribute('target', '_blank');
    const href = await efl.getAttribute('href');
    expect(href).toBeTruthy();
    const pdf = await page.request.get(href!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // A start date other than the prefilled earliest one, inside the plan's window.
    const plan = await acceptPlan(frame, { index: 0, startDate: { daysAfterEarliest: 2 } });
    expect(plan.name).not.toBe('');

    await fillIdentity(frame);
    await submitCredit(frame, '123-45-6789');
    await addCard(frame, CARDS.visa);

    // The review shows what was chosen, without sensitive data.
    await expectStep(frame, 'review');
    const summary = frame.locator('sf-step-review dl.summary');
    await expect(summary).toContainText(premise!.esi_id);
    await expect(summary).toContainText(plan.name);
    await expect(summary).toContainText('Maria Garza');
    await expect(summary).toContainText('Visa ending in 4242');
    await expect(summary).not.toContainText('6789');

    const before = (await messages(page)).length;
    await finalize(frame);
    await expectStep(frame, 'done');
    await expect(frame.locator('sf-step-done')).toContainText('2 to 72 business hours');
    await finishDone(frame);

    const close = await waitForClose(page, { reason: 'completed', after: before });
    expect(close.reason).toBe('completed');

    const account = await getAccount(accountUuid);
    expect(account.enrollment.is_enrollment_finalized).toBe(true);
    expect(account.service_address?.esi_id).toBe(premise!.esi_id);
    const inspection = await sandboxAccount(accountUuid);
    expect(inspection.counters?.finalize_succeeded).toBe(1);
    expect(inspection.counters?.finalize_refused ?? 0).toBe(0);
    expect(inspection.counters?.credit_checks).toBe(1);
    expect(inspection.counters?.payment_methods_synced).toBe(1);
  });

  test('an address with two meters asks which one; the confirmation shows the chosen ESI ID', async ({ page }) => {
    const { frame, accountUuid } = await openFlowInModal(page);
    const [first, second] = ADDRESSES.welch.esiIds;
    await searchAddress(frame, { street: ADDRESSES.welch.street, zip: ADDRESSES.welch.zip });
    await chooseMeter(frame, second, {}, [first, second]);
    await confirmAddress(frame, second);
    await expectStep(frame, 'plans');
    await expect(frame.getByText(`ESI ID ${second}`)).toBeVisible();
    // The plans were requested for the chosen meter.
    await expect.poll(async () => (await getAccount(accountUuid)).service_address?.esi_id).toBe(second);
  });

  test('no address match falls back to the ESI ID search and reaches the confirmation', async ({ page }) => {
    const { frame, accountUuid } = await openFlowInModal(page);
    // A street number the utility does not have: the full search finds nothing.
    await searchAddress(frame, { street: '98765 Routh St', zip: ADDRESSES.routh.zip });
    // The type-ahead starts from what was typed and says at once that nothing matches it either.
    await expect(frame.locator('sf-address-lookup').getByRole('status')).toHaveText(
      'No addresses match. Check the spelling, type less of it, or search by ESI ID.',
    );
    await searchByEsiId(frame, ADDRESSES.routh.esiId);
    await expect(frame.getByText(ADDRESSES.routh.street)).toBeVisible();
    await confirmAddress(frame, ADDRESSES.routh.esiId);
    await expectStep(frame, 'plans');
    await expect.poll(async () => (await getAccount(accountUuid)).service_address?.esi_id).toBe(ADDRESSES.routh.esiId);
  });
  test('on a touch screen, a tap on Continue just after leaving a field with a problem goes through', async ({ page, browser }) => {
    const { loginLink } = await createHostedLink(page, { firstName: 'Pat', lastName: 'Doe' });
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });
    const phone = await context.newPage();
    await phone.goto(loginLink);
    await completeAddress(phone, { street: ADDRESSES.routh.street, zip: ADDRESSES.routh.zip });
    await acceptPlan(phone, { index: 0 });
    await expectStep(phone, 'identity');
    const step = phone.locator('sf-step-identity');
    const email = step.getByLabel('Email address', { exact: true });
    await email.fill('pat@');
    const next = step.getByRole('button', { name: 'Continue', exact: true });
    await next.evaluate((button) => button.scrollIntoView({ block: 'end' }));
    await email.evaluate((input) => (input as HTMLInputElement).focus({ preventScroll: true }));
    // Near the button's top edge: were the email's message to appear as the finger lands, the button would move
    // down from under it and the tap would be lost.
    const box = (await next.boundingBox())!;
    await phone.touchscreen.tap(box.x + box.width / 2, box.y + 3);
    // The tap checked the whole form: the first field with a problem (the empty phone) has the focus.
    await expectFocused(step.getByLabel('Mobile phone number', { exact: true }), 'the phone, the first field with a problem');
    await expect(step.locator('#email-error')).toHaveText(/name@example\.com/);
    await context.close();
  });
});
