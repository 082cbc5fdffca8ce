/**
 * Resuming: the server is the source of truth, so a reload in the middle comes back to the same step, and a fresh
 * link for the same account opens at the first unfinished step with what was saved still there; two tabs of one
 * session acting at once make one side effect.
 */
import { test, expect } from '@playwright/test';
import { createHostedLink, openFlowInModal, waitForMessage, messages } from './support/partner.js';
import { createPresetAccount, flowLink, getAccount, request, sandboxAccount } from './support/sandbox.js';
import {
  ADDRESSES,
  DEFAULT_IDENTITY,
  TEXT,
  acceptFirstPlan,
  acceptPlan,
  addCard,
  completeAddress,
  expectStep,
  fillIdentity,
  finalize,
  press,
  stepHeading,
  submitCredit,
} from './support/flow-steps.js';

/** A YYYY-MM-DD date as the flow shows it in English (ui/format.ts formatDate: long, UTC). */
function longDate(ymd: string): string {
  return new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${ymd}T00:00:00Z`));
}

test.describe('resume', () => {
  test('reloading the iframe on the identity step comes back to the identity step', async ({ page }) => {
    const { frame, iframe, accountUuid } = await openFlowInModal(page);
    await completeAddress(frame, ADDRESSES.routh);
    await acceptFirstPlan(frame);
    await expectStep(frame, 'identity');
    // Something typed but not submitted is not saved anywhere (by design: nothing personal is stored locally).
    await frame.getByLabel(TEXT.en.firstName, { exact: true }).fill('Unsaved');

    const flowFrame = await (await iframe.elementHandle())!.contentFrame();
    expect(flowFrame, 'the flow iframe has a document').not.toBeNull();
    // The token left the address bar at load: the reload finds the session in this tab's sessionStorage.
    expect(new URL(flowFrame!.url()).search).toBe('');
    const before = (await messages(page)).length;
    await flowFrame!.evaluate(() => location.reload());
    await waitForMessage(page, { type: 'service-flow-step', step: 'identity' }, { after: before });

    await expectStep(frame, 'identity');
    await expect(frame.locator('.progress')).toContainText('Step 3 of 6');
    await expect(frame.getByLabel(TEXT.en.firstName, { exact: true })).toHaveValue('');
    const account = await getAccount(accountUuid);
    expect(account.enrollment.has_accepted_plan).toBe(true);
    expect(account.enrollment.is_identity_verified).toBe(false);

    // And the flow goes on from there.
    await fillIdentity(frame);
    await expectStep(frame, 'credit');
  });

  test('a hosted link reloaded with page.reload() resumes at the same step', async ({ page, context }) => {
    const { loginLink } = await createHostedLink(page);
    const phone = await context.newPage();
    await phone.setViewportSize({ width: 375, height: 812 });
    await phone.goto(loginLink);
    await completeAddress(phone, ADDRESSES.routh);
    await acceptFirstPlan(phone);
    await expectStep(phone, 'identity');
    expect(new URL(phone.url()).search, 'the token left the address bar').toBe('');

    await phone.reload();
    await expectStep(phone, 'identity');
  });

  test('a fresh link for the same account opens at the first unfinished step, with what was saved', async ({ page }) => {
    const first = await openFlowInModal(page);
    await completeAddress(first.frame, ADDRESSES.routh);
    const plan = await acceptFirstPlan(first.frame);
    await fillIdentity(first.frame);
    await expectStep(first.frame, 'credit');

    // The customer leaves; the partner sends a new link for the same account (a new page load, a new token).
    const second = await openFlowInModal(page, { accountUuid: first.accountUuid });
    expect(second.loginLink).not.toBe(first.loginLink);
    await waitForMessage(page, { type: 'service-flow-ready' });
    await expectStep(second.frame, 'credit');
    await expect(second.frame.locator('.progress')).toContainText('Step 4 of 6');

    // Back shows the details saved in the first session, as the service has them.
    await press(second.frame, second.frame.locator('sf-step-credit').getByRole('button', { name: TEXT.en.back, exact: true }));
    await expectStep(second.frame, 'identity');
    await expect(second.frame.getByLabel(TEXT.en.firstName, { exact: true })).toHaveValue(DEFAULT_IDENTITY.firstName);
    await expect(second.frame.getByLabel(TEXT.en.lastName, { exact: true })).toHaveValue(DEFAULT_IDENTITY.lastName);
    await expect(second.frame.getByLabel(TEXT.en.phone, { exact: true })).toHaveValue('(512) 555-0100');
    await expect(second.frame.getByLabel(TEXT.en.year, { exact: true })).toHaveValue(DEFAULT_IDENTITY.dob[2]);

    // Back again: the plans of the confirmed meter.
    await press(second.frame, second.frame.locator('sf-step-identity').getByRole('button', { name: TEXT.en.back, exact: true }));
    await expectStep(second.frame, 'plans');
    await expect(second.frame.getByText(`ESI ID ${ADDRESSES.routh.esiId}`)).toBeVisible();

    const account = await getAccount(first.accountUuid);
    expect(account.enrollment.has_accepted_plan).toBe(true);
    expect(account.enrollment.is_identity_verified).toBe(true);
    expect(account.first_name).toBe(DEFAULT_IDENTITY.firstName);
    expect(account.service_address?.esi_id).toBe(ADDRESSES.routh.esiId);
    expect(plan.name).not.toBe('');
  });

  test('after the credit check, a fresh link opens on the card step', async ({ page }) => {
    const first = await openFlowInModal(page);
    await completeAddress(first.frame, ADDRESSES.bissonnet);
    await acceptFirstPlan(first.frame);
    await fillIdentity(first.frame);
    await submitCredit(first.frame);
    await expectStep(first.frame, 'payment');

    const second = await openFlowInModal(page, { accountUuid: first.accountUuid });
    await expectStep(second.frame, 'payment');
    await expect(second.frame.locator('.progress')).toContainText('Step 5 of 6');
  });

  test('a fresh link at the review step names the plan and its start from the service, and so does the done screen', async ({ page }) => {
    const first = await openFlowInModal(page);
    await completeAddress(first.frame, ADDRESSES.routh);
    // Not the prefilled start date: the screens must show the one the service has, not a default.
    const plan = await acceptPlan(first.frame, { startDate: { daysAfterEarliest: 2 } });
    await fillIdentity(first.frame);
    await submitCredit(first.frame);
    await addCard(first.frame);
    await expectStep(first.frame, 'review');

    // A new link, a new page load: this tab remembers nothing of the plan accepted in the first session.
    const second = await openFlowInModal(page, { accountUuid: first.accountUuid });
    await expectStep(second.frame, 'review');
    const summary = second.frame.locator('sf-step-review dl.summary');
    await expect(summary).toContainText(plan.name);
    await expect(summary).toContainText(/¢\/kWh, fixed for \d+ months/);
    await expect(summary).toContainText(longDate(plan.startDate));
    await expect(summary).not.toContainText('Accepted');

    await finalize(second.frame);
    await expectStep(second.frame, 'done');
    await expect(second.frame.locator('sf-step-done')).toContainText(`Planned start date: ${longDate(plan.startDate)}.`);
    const account = await getAccount(first.accountUuid);
    expect(account.enrollment.is_enrollment_finalized).toBe(true);
  });
});

test.describe('two tabs of one session: one side effect', () => {
  test('double finalize from two tabs: one finalize, both tabs end on "Enrollment received"', async ({ browser }) => {
    const preset = await createPresetAccount('applying-enrollment-not-finalized');
    const link = (await flowLink(preset.uuid, 'enrollment', { behavior: 'hosted' })).login_link;
    const a = await browser.newPage();
    const b = await browser.newPage();
    await a.goto(link);
    await b.goto(link);
    await expect(stepHeading(a)).toHaveText('Review and submit', { timeout: 20_000 });
    await expect(stepHeading(b)).toHaveText('Review and submit', { timeout: 20_000 });
    await a.getByRole('button', { name: 'Submit enrollment' }).click();
    await expect(stepHeading(a)).toHaveText('Enrollment received', { timeout: 20_000 });
    await b.getByRole('button', { name: 'Submit enrollment' }).click();
    await expect(stepHeading(b)).toHaveText('Enrollment received', { timeout: 20_000 });
    const counters = (await sandboxAccount(preset.uuid)).counters as Record<string, number>;
    expect(counters.finalize_succeeded).toBe(1);
    await a.close();
    await b.close();
  });

  test('double renewal from two tabs: one renewal, the second tab says it is queued', async ({ browser }) => {
    const preset = await createPresetAccount('active-contract-ending-soon');
    const link = (await flowLink(preset.uuid, 'renewal', { behavior: 'hosted' })).login_link;
    const a = await browser.newPage();
    const b = await browser.newPage();
    for (const p of [a, b]) {
      await p.goto(link);
      await expect(stepHeading(p)).toHaveText('Renew your electricity plan', { timeout: 20_000 });
      await p.getByRole('button', { name: 'See renewal plans' }).click();
      await expect(stepHeading(p)).toHaveText('Choose your renewal plan', { timeout: 20_000 });
    }
    await a.locator('sf-plan-card').first().getByRole('button', { name: 'Choose this plan' }).click();
    await a.locator('sf-plan-accept').getByRole('checkbox').check();
    await a.locator('sf-plan-accept').getByRole('button', { name: 'Renew with this plan' }).click();
    await expect(stepHeading(a)).toHaveText('Your renewal is confirmed', { timeout: 20_000 });

    await b.locator('sf-plan-card').nth(1).getByRole('button', { name: 'Choose this plan' }).click();
    await b.locator('sf-plan-accept').getByRole('checkbox').check();
    await b.locator('sf-plan-accept').getByRole('button', { name: 'Renew with this plan' }).click();
    await expect(b.locator('main')).toContainText('already renewed', { timeout: 20_000 });
    const location = (await request<{ location_uuid: string }>('GET', `/v1/app/accounts/${preset.uuid}`)).location_uuid;
    const loc = await request<{ queued_contract: { plan_uuid: string } | null }>('GET', `/v1/account/locations/${location}`, { token: preset.account_token });
    expect(Boolean(loc.queued_contract)).toBe(true);
    await a.close();
    await b.close();
  });
});
