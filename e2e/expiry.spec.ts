/**
 * The login link's token ends while the customer is in the flow (links last one hour: docs/messages.md, "Good to
 * know"): the sandbox forces the expiry, the next request gets 401, and the flow says so in plain words (the link
 * expired, ask for a new one, nothing saved is lost) and tells the host `service-flow-close` with reason `expired`.
 * A link that is garbage, or has no token at all, gets a screen that says what to do, never a blank page.
 */
import type { Page } from '@playwright/test';
import { test, expect } from '@playwright/test';
import { E2E } from '../playwright.config.js';
import { openFlowInModal, waitForClose, messages } from './support/partner.js';
import { createAccount, expireTokens, flowLink, rawRequest, sandboxAccount } from './support/sandbox.js';
import { expectNoAxeViolations } from './support/axe.js';
import { ADDRESSES, acceptFirstPlan, completeAddress, expectStep, fillIdentity, stepHeading, text } from './support/flow-steps.js';

const SHOTS = '/tmp/e2e-shots2';

/** What this spec reads of GET /__sandbox/accounts/{uuid} (the contract types only its account and counters). */
interface Inspection {
  counters: Record<'plans_accepted' | 'identity_updates', number>;
  tokens: Array<{ kind: 'account' | 'flow' | 'app_login'; expired: boolean }>;
}
const inspect = async (uuid: string) => (await sandboxAccount(uuid)) as unknown as Inspection;
const t = text();

/** The expired screen's words, as a customer reads them. */
async function expectExpiredScreen(scope: Page, invalid = false) {
  const heading = stepHeading(scope);
  // A token the service never issued is not "expired": the screen says the link does not work.
  await expect(heading).toHaveText(invalid ? 'This link does not work' : 'This link has expired');
  await expect(heading).toBeFocused();
  const main = scope.locator('sf-status-screen');
  await expect(main).toContainText(invalid ? 'may have expired or been copied incompletely' : 'these links work for one hour');
  await expect(main).toContainText('get a new link');
  await expect(main).toContainText('Nothing you already saved is lost');
  // Nothing left to do here: no form, no retry, no close button of a flow that is over.
  await expect(scope.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await expect(scope.getByRole('button', { name: t.close, exact: true })).toHaveCount(0);
  await expect(scope.getByRole('textbox')).toHaveCount(0);
}

test.describe('expired and invalid links', () => {
  test('the token expires on the identity step: the host hears "expired", nothing saved is lost, a fresh link resumes there', async ({ page }) => {
    const { frame, accountUuid } = await openFlowInModal(page);
    await completeAddress(frame, ADDRESSES.bissonnet);
    await acceptFirstPlan(frame);
    await expectStep(frame, 'identity');

    await expireTokens(accountUuid);
    const before = (await messages(page)).length;
    await fillIdentity(frame); // PATCH identity → 401 token_expired
    const close = await waitForClose(page, { reason: 'expired', after: before });
    expect(close).toMatchObject({ type: 'service-flow-close', reason: 'expired', scope: 'enrollment' });
    // One close, nothing after it.
    expect((await messages(page)).slice(before).filter((m) => m.type === 'service-flow-close')).toHaveLength(1);
    // The partner page tells its customer what happened.
    await expect(page.locator('#flow-status')).toHaveText('The login link expired.');

    const inspection = await inspect(accountUuid);
    expect(inspection.counters.plans_accepted).toBe(1);
    expect(inspection.counters.identity_updates).toBe(0);
    const flowTokens = inspection.tokens.filter((tk) => tk.kind === 'flow');
    expect(flowTokens.length).toBeGreaterThan(0);
    expect(flowTokens.every((tk) => tk.expired)).toBe(true);

    // A fresh link for the same account continues at the first unfinished step: the plan is kept.
    const again = await openFlowInModal(page, { accountUuid, goto: false });
    await expectStep(again.frame, 'identity');
    await fillIdentity(again.frame);
    await expectStep(again.frame, 'credit');
    expect((await inspect(accountUuid)).counters.identity_updates).toBe(1);
  });

  test('the expired screen, as a customer sees it on a 375 px phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const account = await createAccount();
    const link = await flowLink(account.account_uuid);
    await page.goto(link.login_link);
    await expectStep(page, 'address');
    // The token left the address bar at once.
    expect(page.url()).not.toContain('token=');

    await expireTokens(account.account_uuid);
    await page.getByLabel(t.street, { exact: true }).fill(ADDRESSES.routh.street);
    await page.getByLabel(t.zip, { exact: true }).fill(ADDRESSES.routh.zip);
    await page.getByRole('button', { name: t.findAddress, exact: true }).click();

    await expectExpiredScreen(page);
    await expectNoAxeViolations(page, null);
    await page.screenshot({ path: `${SHOTS}/expired-375.png` });
    // The token is forgotten: a reload of the tab does not come back to a flow that cannot work.
    expect(await page.evaluate(() => sessionStorage.getItem('sf.flow-session'))).toBeNull();
  });

  test('a garbage token gets a clear screen, never a blank page', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    // The service itself refuses it with 401.
    expect((await rawRequest('GET', '/v1/account/flow', { token: 'flow_not-a-real-token' })).status).toBe(401);

    await page.goto(`${E2E.flowUrl}/login?token=flow_not-a-real-token`);
    await expectExpiredScreen(page, true);
    expect(page.url()).not.toContain('token=');
    await page.screenshot({ path: `${SHOTS}/garbage-token-375.png` });
  });

  test('a link without its token says it is incomplete', async ({ page }) => {
    await page.goto(`${E2E.flowUrl}/login`);
    const heading = stepHeading(page);
    await expect(heading).toHaveText('This link is incomplete');
    await expect(page.locator('sf-status-screen')).toContainText('ask there for a new link');
  });
});
