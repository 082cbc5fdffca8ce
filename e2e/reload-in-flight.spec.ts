/**
 * A reload of the flow's page while a write is on its way (slowed by the sandbox's latency fault): the service does
 * the write after the new page read the account. What the customer does next must not do it a second time, and the
 * host must hear what the service did.
 */
import { test, expect, type Locator, type Page } from '@playwright/test';
import { openFlowInModal } from './support/partner.js';
import { clearFaults, sandboxAccount, setFaults } from './support/sandbox.js';
import { expectStep, fillIdentity, submitCredit } from './support/flow-steps.js';

const CREDIT = '/v1/account/enroll/credit-check';

async function reloadFlow(iframe: Locator): Promise<void> {
  await (await (await iframe.elementHandle())!.contentFrame())!.evaluate(() => location.reload());
}

/** The request to `path` has left the page (a POST; its answer is still to come). */
const sent = (page: Page, path: string) => page.waitForRequest((r) => new URL(r.url()).pathname === path && r.method() === 'POST');

test.afterEach(async () => {
  await clearFaults();
});

test('a credit check on its way when the page reloads, sent again after it: one inquiry on the credit file, and the flow goes on', async ({ page }) => {
  const { frame, iframe, accountUuid } = await openFlowInModal(page, { accountState: 'applying-missing-identity' });
  await fillIdentity(frame);
  await expectStep(frame, 'credit');
  await setFaults({ route: CREDIT, method: 'POST', latency_ms: 4000, count: 1 });
  const first = sent(page, CREDIT);
  await submitCredit(frame);
  await first;
  await reloadFlow(iframe);
  // The reloaded page read the account before the service ran the check: the form is asked again.
  await expectStep(frame, 'credit');
  await expect.poll(async () => (await sandboxAccount(accountUuid)).counters?.credit_checks, { timeout: 15_000 }).toBe(1);
  await submitCredit(frame);
  await expectStep(frame, 'payment');
  expect((await sandboxAccount(accountUuid)).counters?.credit_checks, 'no second inquiry').toBe(1);
});
