/**
 * The client agent variant (`ready/enrollment_pending_client_agent`, demo/sandbox/README.md): the partner holds the
 * customer's power of attorney and completed the preapproval (identity, credit check, card) before opening the flow,
 * so the flow asks only for the address confirmation and the plan, offers start dates 7 to 30 days out, accepts on
 * the customer's behalf, and finalizes with is_client_agent_enrollment: true (the sandbox refuses a finalize that
 * does not say so).
 */
import { test, expect } from '@playwright/test';
import { createHostedLink } from './support/partner.js';
import { ADDRESSES, acceptPlan, confirmAddress, finalize, finishDone } from './support/flow-steps.js';
import { clock, getAccount, preapprove, sandboxAccount } from './support/sandbox.js';

/**
 * YYYY-MM-DD of the sandbox's "today" in Texas, plus `days` calendar days, as the sandbox counts them: not `days` times
 * 24 hours, which lands on another day near a daylight-saving change (a night hour in the month before one).
 */
function chicagoDate(ms: number, days: number): string {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date(ms)).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

test('a client agent enrollment: address and plan only, a start 7 to 30 days out, finalized on the customer\'s behalf', async ({ page, context }) => {
  const { loginLink, accountUuid } = await createHostedLink(page, { clientAgent: true, address: ADDRESSES.routh.street });
  const ready = await preapprove(accountUuid);
  expect([ready.status, ready.status_reason]).toEqual(['ready', 'enrollment_pending_client_agent']);

  const phone = await context.newPage();
  await phone.setViewportSize({ width: 375, height: 812 });
  await phone.goto(loginLink);

  // The partner's address is searched at once and, as the only match, shown for confirmation; the progress bar
  // counts the three steps this flow has.
  await confirmAddress(phone, ADDRESSES.routh.esiId);
  const now = Date.parse((await clock()).now);
  await acceptPlan(phone, {}, {
    onStep: async (view) => {
      if (view === 'plans') await expect(phone.locator('.progress')).toContainText('Step 2 of 3');
      if (view !== 'plans-accept') return;
      const accept = phone.locator('sf-plan-accept');
      await expect(accept).toContainText('7 to 30 days');
      await expect(accept.locator('#start')).toHaveAttribute('min', chicagoDate(now, 7));
      await expect(accept.locator('#start')).toHaveAttribute('max', chicagoDate(now, 30));
    },
  });

  // Identity, credit check and card were done by the partner: straight to the review.
  await finalize(phone);
  await finishDone(phone);

  expect((await getAccount(accountUuid)).enrollment.is_enrollment_finalized).toBe(true);
  expect((await sandboxAccount(accountUuid)).counters?.finalize_succeeded).toBe(1);
});
