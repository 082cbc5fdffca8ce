/**
 * Leaving after seeing plans (docs/architecture.md, "Root ↔ step details"): the confirmation view asks why before
 * anything is recorded; confirming records `enrollment_opt_out` with the reason, its label and the plans the
 * customer saw, then the host hears `service-flow-close` with reason `exited`. "Stay and continue" goes back to the
 * plans without recording anything.
 */
import type { FrameLocator } from '@playwright/test';
import { test, expect } from '@playwright/test';
import { openFlowInModal, waitForClose, messages } from './support/partner.js';
import { clearFaults, sandboxAccount, setFaults } from './support/sandbox.js';
import type { SandboxFunnelEvent } from '../src/api/types.js';
import { expectNoAxeViolations } from './support/axe.js';
import { ADDRESSES, CARDS, acceptFirstPlan, addCard, completeAddress, expectCardForm, expectStep, fillCard, fillIdentity, finalize, planCards, saveCard, submitCredit } from './support/flow-steps.js';
const SHOTS = '/tmp/e2e-shots2';

type FunnelEvent = Pick<SandboxFunnelEvent, 'event' | 'identity' | 'plan_uuids' | 'reason' | 'label'>;

/** The account's funnel events as the sandbox recorded them (GET /__sandbox/accounts/{uuid}; the contract types only its account and counters). */
async function funnel(accountUuid: string): Promise<FunnelEvent[]> {
  const inspection = (await sandboxAccount(accountUuid)) as unknown as { funnel_events: FunnelEvent[] };
  return inspection.funnel_events;
}

/** From the address step to the plans on screen; returns the plan ids the sandbox recorded as viewed. */
async function reachPlans(frame: FrameLocator, accountUuid: string): Promise<string[]> {
  await completeAddress(frame, ADDRESSES.routh);
  await expectStep(frame, 'plans');
  const cards = planCards(frame);
  await expect(cards.first()).toBeVisible();
  // plans_viewed is recorded once the list is actually in view.
  await expect.poll(async () => (await funnel(accountUuid)).filter((e) => e.event === 'plans_viewed').length).toBe(1);
  const viewed = (await funnel(accountUuid)).find((e) => e.event === 'plans_viewed')!;
  expect(viewed.plan_uuids.length).toBe(await cards.count());
  return viewed.plan_uuids;
}

const optOutHeading = (frame: FrameLocator) =>
  frame.getByRole('heading', { level: 1, name: 'Before you go, what made you decide not to continue?' });

test.describe('opt-out after seeing plans', () => {
  test('"Not now" asks why, records nothing until the customer confirms, then records the reason and closes as exited', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const accountReads: string[] = [];
    page.on('requestfinished', (r) => new URL(r.url()).pathname === '/v1/account' && r.method() === 'GET' && accountReads.push(r.url()));
    const { frame, accountUuid } = await openFlowInModal(page);
    const planUuids = await reachPlans(frame, accountUuid);

    await frame.getByRole('button', { name: 'Not now' }).click();
    await expect(optOutHeading(frame)).toBeVisible();
    await expect(optOutHeading(frame)).toBeFocused();
    // Asking for the plans made the meter the account's service address: the question reads the account again.
    await expect.poll(() => accountReads.length).toBe(2);
    const reason = frame.getByRole('radio', { name: 'The plans are too expensive' });
    await expect(reason).toBeVisible();
    await expect(frame.getByRole('button', { name: 'Leave' })).toBeEnabled();
    await expect(frame.getByRole('button', { name: 'Stay and continue' })).toBeVisible();

    // Opening the question records nothing, and tells the host nothing.
    let events = await funnel(accountUuid);
    expect(events.filter((e) => e.event === 'enrollment_opt_out')).toHaveLength(0);
    expect((await messages(page)).filter((m) => m.type === 'service-flow-close')).toHaveLength(0);

    await reason.check();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SHOTS}/opt-out-375.png` });

    const before = (await messages(page)).length;
    await frame.getByRole('button', { name: 'Leave' }).click();
    const close = await waitForClose(page, { after: before });
    expect(close.reason).toBe('exited');
    // Where the account stands now on the service, not where it stood when the flow opened (created, missing_address).
    expect(close).toMatchObject({ account_status: 'applying', status_reason: 'plan_not_accepted' });

    events = await funnel(accountUuid);
    expect(events.filter((e) => e.event === 'plans_viewed')).toHaveLength(1);
    const optOuts = events.filter((e) => e.event === 'enrollment_opt_out');
    expect(optOuts).toHaveLength(1);
    expect(optOuts[0]).toMatchObject({
      identity: 'account',
      reason: 'too_expensive',
      label: 'The plans are too expensive',
    });
    expect([...optOuts[0]!.plan_uuids].sort()).toEqual([...planUuids].sort());
    // The plans event came first.
    expect(events.findIndex((e) => e.event === 'plans_viewed')).toBeLessThan(events.findIndex((e) => e.event === 'enrollment_opt_out'));
    // Exactly one close message.
    expect((await messages(page)).filter((m) => m.type === 'service-flow-close')).toHaveLength(1);
  });

  test('the header close button asks too, and "Stay and continue" returns to the plans without recording anything', async ({ page }) => {
    const { frame, accountUuid } = await openFlowInModal(page);
    await reachPlans(frame, accountUuid);

    await frame.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(optOutHeading(frame)).toBeVisible();
    await expect(frame.getByRole('radio', { name: 'I am moving soon' })).toBeVisible();
    await frame.getByRole('button', { name: 'Stay and continue' }).click();

    await expect(frame.getByRole('heading', { level: 1, name: 'Choose your electricity plan' })).toBeVisible();
    await expect(frame.getByRole('heading', { level: 1, name: 'Choose your electricity plan' })).toBeFocused();
    await expect(planCards(frame).first()).toBeVisible();
    await expect(optOutHeading(frame)).toHaveCount(0);
    await expect(page.getByTestId('flow-frame')).toBeVisible();

    const events = await funnel(accountUuid);
    expect(events.filter((e) => e.event === 'enrollment_opt_out')).toHaveLength(0);
    // Coming back to the same plans is not a second view.
    expect(events.filter((e) => e.event === 'plans_viewed')).toHaveLength(1);
    expect((await messages(page)).filter((m) => m.type === 'service-flow-close')).toHaveLength(0);

    // Leaving later without choosing a reason still records the opt-out (reason optional) and closes as exited.
    await frame.getByRole('button', { name: 'Not now' }).click();
    await expect(optOutHeading(frame)).toBeVisible();
    const before = (await messages(page)).length;
    await frame.getByRole('button', { name: 'Leave' }).click();
    expect((await waitForClose(page, { after: before })).reason).toBe('exited');
    const optOuts = (await funnel(accountUuid)).filter((e) => e.event === 'enrollment_opt_out');
    expect(optOuts).toHaveLength(1);
    expect(optOuts[0]).toMatchObject({ reason: null, label: null });
  });

  test('"Stay and continue" on the card step brings back the card form as it was left: the card typed saves', async ({ page }) => {
    const { frame, accountUuid } = await openFlowInModal(page);
    await reachPlans(frame, accountUuid);
    await acceptFirstPlan(frame);
    await fillIdentity(frame);
    await submitCredit(frame);
    await expectCardForm(frame);
    await fillCard(frame, CARDS.visa);
    await frame.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(optOutHeading(frame)).toBeVisible();
    await frame.getByRole('button', { name: 'Stay and continue' }).click();
    // The step stayed on the page under the question: what was typed in the processor's frame is still there.
    await saveCard(frame);
    await expectStep(frame, 'review');
    expect((await funnel(accountUuid)).filter((e) => e.event === 'enrollment_opt_out')).toHaveLength(0);
  });

  test('the close button pressed again on the question leaves, with the reason chosen so far', async ({ page }) => {
    const { frame, accountUuid } = await openFlowInModal(page);
    const planUuids = await reachPlans(frame, accountUuid);

    const close = frame.getByRole('button', { name: 'Close', exact: true });
    await close.click();
    await expect(optOutHeading(frame)).toBeVisible();
    await frame.getByRole('radio', { name: 'I need more information first' }).check();
    const before = (await messages(page)).length;
    // The customer asked to close twice: the second time is "Leave", never a button that does nothing.
    await close.click();
    expect((await waitForClose(page, { after: before })).reason).toBe('exited');
    const optOuts = (await funnel(accountUuid)).filter((e) => e.event === 'enrollment_opt_out');
    expect(optOuts).toHaveLength(1);
    expect(optOuts[0]).toMatchObject({ reason: 'need_more_info', label: 'I need more information first' });
    expect([...optOuts[0]!.plan_uuids].sort()).toEqual([...planUuids].sort());
  });

  test('Close while the enrollment is being submitted waits for it: enrolled, the done screen shows, no question and no opt-out', async ({ page }) => {
    const { frame, accountUuid } = await openFlowInModal(page);
    await reachPlans(frame, accountUuid);
    await acceptFirstPlan(frame);
    await fillIdentity(frame);
    await submitCredit(frame);
    await addCard(frame);
    // The service takes its time to answer the submission: the customer presses Close meanwhile.
    await setFaults({ route: '/v1/account/enroll/finalize', method: 'POST', latency_ms: 1500, count: 1 });
    try {
      await finalize(frame);
      await frame.getByRole('button', { name: 'Close', exact: true }).click();
      await expectStep(frame, 'done');
      await expect(optOutHeading(frame)).toHaveCount(0);
    } finally {
      await clearFaults();
    }
    expect((await funnel(accountUuid)).filter((e) => e.event === 'enrollment_opt_out')).toHaveLength(0);
    expect((await messages(page)).filter((m) => m.type === 'service-flow-close')).toHaveLength(0);
  });
});
