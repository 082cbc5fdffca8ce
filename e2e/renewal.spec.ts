/**
 * The renewal scope in the partner demo's cross-origin modal: with a contract ending soon, the customer sees the
 * current plan and its end, chooses a renewal plan with the keyboard alone (axe clean on the plan list), accepts it,
 * and the done screen says it is queued; the sandbox's Location shows `queued_contract`, and a documents link for
 * the same account lists its documents as queued among all documents. Guards: too early, already renewed (also when
 * an acceptance's answer was lost and another plan is then chosen: the plan queued is named). Spanish
 * headings, and screenshots at 375 px and desktop (into /tmp/e2e-shots/). A reload on the done screen comes back to it.
 */
import { mkdirSync } from 'node:fs';
import { test, expect, type Page } from '@playwright/test';
import { openFlowInModal, waitForClose } from './support/partner.js';
import { accountToken, clearFaults, flowLink, request, setFaults } from './support/sandbox.js';
import { expectNoAxeViolations } from './support/axe.js';
import { expectFocused, stepHeading, tabTo, type FlowScope } from './support/flow-steps.js';
import type { Location } from '../src/api/types.js';

const SHOTS = '/tmp/e2e-shots';

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function expectHeading(frame: FlowScope, name: string): Promise<void> {
  const heading = stepHeading(frame);
  await expect(heading).toHaveText(name, { timeout: 20_000 });
  await expectFocused(heading, `the heading "${name}"`);
}

async function locationOf(accountUuid: string, locationUuid: string): Promise<Location> {
  const { token } = await accountToken(accountUuid);
  return request<Location>('GET', `/v1/account/locations/${locationUuid}`, { token });
}

/** From the first step: the plans, the first one chosen, its terms ticked; the acceptance form, ready to send. */
async function chooseFirstPlan(frame: FlowScope) {
  await expectHeading(frame, 'Renew your electricity plan');
  await frame.getByRole('button', { name: 'See renewal plans' }).click();
  await expectHeading(frame, 'Choose your renewal plan');
  await frame.locator('sf-plan-card').first().getByRole('button', { name: 'Choose this plan' }).click();
  const accept = frame.locator('sf-plan-accept');
  await accept.getByRole('checkbox').check();
  return accept;
}

test.describe('renewal', () => {
  test('a contract ending soon is renewed with the keyboard; the renewal is queued and appears among all documents', async ({ page, browser }) => {
    const { frame, accountUuid } = await openFlowInModal(page, { scope: 'renewal', accountState: 'active-contract-ending-soon' });
    await expectHeading(frame, 'Renew your electricity plan');
    const main = frame.locator('main');
    await expect(main).toContainText(/Your contract ends on \w+ \d{1,2}, \d{4}\./);
    await expect(main).toContainText('Longhorn Lock 36');
    await expect(main).toContainText('You can renew now');
    await expectNoAxeViolations(page);
    await shoot(page, 'renewal-current-desktop-en');

    await tabTo(frame, frame.getByRole('button', { name: 'See renewal plans' }), 'See renewal plans');
    await page.keyboard.press('Enter');
    await expectHeading(frame, 'Choose your renewal plan');
    // Back to the current plan and forward again, by keyboard (Back is the renewal scope's own, not the root's).
    await tabTo(frame, frame.getByRole('button', { name: 'Back', exact: true }), 'Back');
    await page.keyboard.press('Enter');
    await expectHeading(frame, 'Renew your electricity plan');
    await expect(main).toContainText('You can renew now');
    await tabTo(frame, frame.getByRole('button', { name: 'See renewal plans' }), 'See renewal plans');
    await page.keyboard.press('Enter');
    await expectHeading(frame, 'Choose your renewal plan');
    const cards = frame.locator('sf-plan-card');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThan(1);
    // Each card links its EFL, TOS and YRAC.
    await expect(cards.first().getByRole('link')).toHaveCount(3);
    await expectNoAxeViolations(page);
    await shoot(page, 'renewal-plans-desktop-en');

    const name = (await cards.first().locator('h2').textContent())!.trim();
    await tabTo(frame, cards.first().getByRole('button', { name: 'Choose this plan' }), 'Choose this plan');
    await page.keyboard.press('Enter');
    const accept = frame.locator('sf-plan-accept');
    await expect(accept).toBeVisible();
    await expect(accept).toContainText(/Your new plan starts on .+, the day after your current contract ends\./);
    const terms = accept.getByRole('checkbox');
    await tabTo(frame, terms, 'the terms check box');
    await page.keyboard.press('Space');
    await expect(terms).toBeChecked();
    await expectNoAxeViolations(page);
    await tabTo(frame, accept.getByRole('button', { name: 'Renew with this plan' }), 'Renew with this plan');
    await page.keyboard.press('Enter');

    await expectHeading(frame, 'Your renewal is confirmed');
    await expect(main).toContainText(`${name} is queued: it starts on`);
    const queuedDocs = frame.locator('sf-document-list a');
    await expect(queuedDocs).toHaveCount(3);
    await expect(frame.locator('sf-document-list')).toContainText('Queued: takes effect on');
    await expect(frame.locator('sf-account-status')).toContainText('Your service is active');
    await expectNoAxeViolations(page);
    await shoot(page, 'renewal-done-desktop-en');

    // The service has it queued.
    const locationUuid = (await request<{ location_uuid: string }>('GET', `/v1/app/accounts/${accountUuid}`)).location_uuid;
    const location = await locationOf(accountUuid, locationUuid);
    expect(location.queued_contract).toMatchObject({ plan_name: name, status: 'queued' });
    expect(location.renewal?.eligibility).toBe('already_renewed');

    await tabTo(frame, frame.getByRole('button', { name: 'Done' }), 'Done');
    await page.keyboard.press('Enter');
    await waitForClose(page, { reason: 'completed' });

    // A documents link for the same account: the renewal's documents are among all documents, as queued, only there.
    const link = await flowLink(accountUuid, 'documents', { behavior: 'hosted' });
    const customer = await browser.newPage();
    await customer.goto(link.login_link);
    await expect(stepHeading(customer)).toHaveText('Your plan documents', { timeout: 20_000 });
    await expect(customer.locator('#panel-active sf-document-list a')).toHaveCount(3);
    await expect(customer.locator('#panel-active')).not.toContainText('Queued');
    await customer.getByRole('tab', { name: 'All documents' }).click();
    const queued = customer.locator('#panel-all li').filter({ hasText: 'Queued: takes effect on' });
    await expect(queued).toHaveCount(3);
    await expect(queued.first()).toContainText(name);
    await expect(queued.first()).toContainText(location.queued_contract!.start_date.slice(0, 4));
    await customer.close();
  });

  test('too early: a contract far from its end says from when renewal opens, and closes', async ({ page }) => {
    const { frame } = await openFlowInModal(page, { scope: 'renewal', accountState: 'active-with-invoices' });
    await expectHeading(frame, 'Renew your electricity plan');
    await expect(frame.locator('main')).toContainText('It is too early to renew');
    await expect(frame.locator('main')).toContainText(/Renewal plans are offered from \w+ \d{1,2}, \d{4}, 60 days before your contract ends/);
    await expect(frame.getByRole('button', { name: 'See renewal plans' })).toHaveCount(0);
    // One screen, and it closes: no "Step 1 of 2" above it promising a second.
    await expect(frame.locator('main')).not.toContainText(/Step \d of \d/);
    await expect(frame.getByRole('list', { name: 'Progress' })).toHaveCount(0);
    // This refusal is the flow's last screen: it says where the account stands.
    await expect(frame.locator('sf-account-status')).toContainText('Your service is active');
    await expectNoAxeViolations(page);
    await shoot(page, 'renewal-too-early-desktop-en');
    await frame.locator('main').getByRole('button', { name: 'Close', exact: true }).click();
    await waitForClose(page, { reason: 'exited' });
  });

  test('already renewed: shows the queued contract', async ({ page }) => {
    const { frame } = await openFlowInModal(page, { scope: 'renewal', accountState: 'active-renewal-queued' });
    await expectHeading(frame, 'Renew your electricity plan');
    await expect(frame.locator('main')).toContainText('You have already renewed');
    await expect(frame.locator('main')).toContainText(/Your new plan, .+, is queued: it starts on/);
    await expect(frame.locator('main')).not.toContainText(/Step \d of \d/);
  });

  test('an acceptance whose answer is lost, then another plan chosen: told the first is queued, by name; one renewal; closes completed', async ({ page }) => {
    const { frame, accountUuid } = await openFlowInModal(page, { scope: 'renewal', accountState: 'active-contract-ending-soon' });
    await expectHeading(frame, 'Renew your electricity plan');
    await frame.getByRole('button', { name: 'See renewal plans' }).click();
    await expectHeading(frame, 'Choose your renewal plan');
    const cards = frame.locator('sf-plan-card');
    const renew = async (index: number) => {
      await cards.nth(index).getByRole('button', { name: 'Choose this plan' }).click();
      const accept = frame.locator('sf-plan-accept');
      await accept.getByRole('checkbox').check();
      await accept.getByRole('button', { name: 'Renew with this plan' }).click();
    };
    const first = (await cards.first().locator('h2').textContent())!.trim();
    // Every attempt (the first and the client's retries) queues the renewal on the service; no answer comes back.
    await setFaults({ route: '/v1/account/locations/*/renewal/accept', method: 'POST', error_rate: 1, error_status: 503, after: true, count: 4 });
    try {
      await renew(0);
      await expect(frame.getByRole('alert').filter({ hasText: 'Something went wrong on our side.' })).toBeVisible({ timeout: 30_000 });
    } finally {
      await clearFaults();
    }
    // The customer, unsure, picks the second plan: the service refuses (a queued renewal is final), and the flow
    // says which plan the service has queued, not a generic refusal.
    await renew(1);
    const main = frame.locator('main');
    await expect(main).toContainText('You have already renewed');
    await expect(main).toContainText(`Your new plan, ${first}, is queued: it starts on`);
    await expectNoAxeViolations(page);
    const locationUuid = (await request<{ location_uuid: string }>('GET', `/v1/app/accounts/${accountUuid}`)).location_uuid;
    expect((await locationOf(accountUuid, locationUuid)).queued_contract).toMatchObject({ plan_name: first, status: 'queued' });
    // The renewal queued is the one this session accepted: the host hears that the customer completed it.
    await frame.locator('main').getByRole('button', { name: 'Close', exact: true }).click();
    await waitForClose(page, { reason: 'completed' });
  });

  test('Close while "Renewing…" waits for the answer: the renewal shows as done, and Close then says completed', async ({ page }) => {
    const { frame } = await openFlowInModal(page, { scope: 'renewal', accountState: 'active-contract-ending-soon' });
    const accept = await chooseFirstPlan(frame);
    // The service takes its time: the customer presses the header's Close while "Renewing…" is on screen.
    await setFaults({ route: '/v1/account/locations/*/renewal/accept', method: 'POST', latency_ms: 1500, count: 1 });
    try {
      await accept.getByRole('button', { name: 'Renew with this plan' }).click();
      await expect(accept.getByRole('button', { name: 'Renewing…' })).toBeVisible();
      await frame.getByRole('button', { name: 'Close', exact: true }).first().click();
      await expect(stepHeading(frame)).not.toHaveText('Choose your renewal plan', { timeout: 20_000 });
    } finally {
      await clearFaults();
    }
    await expect(frame.locator('sf-step-renewal-done')).toBeVisible();
    await frame.locator('header').getByRole('button', { name: 'Close', exact: true }).click();
    await waitForClose(page, { reason: 'completed' });
  });

  test('an acceptance whose answer is lost, then a reload of the page: the done screen, again after another reload, and Close there says completed', async ({ page }) => {
    const { frame, iframe } = await openFlowInModal(page, { scope: 'renewal', accountState: 'active-contract-ending-soon' });
    const accept = await chooseFirstPlan(frame);
    // The service queues the renewal; no answer comes back (the first attempt and the client's retries).
    await setFaults({ route: '/v1/account/locations/*/renewal/accept', method: 'POST', error_rate: 1, error_status: 503, after: true, count: 4 });
    try {
      await accept.getByRole('button', { name: 'Renew with this plan' }).click();
      await expect(frame.getByRole('alert').filter({ hasText: 'Something went wrong on our side.' })).toBeVisible({ timeout: 30_000 });
    } finally {
      await clearFaults();
    }
    const flowFrame = await (await iframe.elementHandle())!.contentFrame();
    // The renewal the service queued is the one this tab sent: the done screen, from what the service knows.
    await flowFrame!.evaluate(() => location.reload());
    await expectHeading(frame, 'Your renewal is confirmed');
    await expect(frame.locator('main')).toContainText('is queued: it starts on');
    // A reload on the done screen comes back to it.
    await flowFrame!.evaluate(() => location.reload());
    await expectHeading(frame, 'Your renewal is confirmed');
    await frame.locator('header').getByRole('button', { name: 'Close', exact: true }).click();
    await waitForClose(page, { reason: 'completed' });
  });

  test('Spanish headings at 375 px', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const { frame } = await openFlowInModal(page, { scope: 'renewal', accountState: 'active-contract-ending-soon', locale: 'es' });
    await expectHeading(frame, 'Renueve su plan de electricidad');
    await expect(frame.locator('main')).toContainText('Ya puede renovar');
    await shoot(page, 'renewal-current-375-es');
    await frame.getByRole('button', { name: 'Ver planes de renovación' }).click();
    await expectHeading(frame, 'Elija su plan de renovación');
    await frame.locator('sf-plan-card').first().getByRole('button', { name: 'Elegir este plan' }).click();
    await expect(frame.locator('sf-plan-accept')).toContainText('Su nuevo plan comienza el');
    await expectNoAxeViolations(page);
    await shoot(page, 'renewal-plans-375-es');
    const overflow = await frame.locator(':root').evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
