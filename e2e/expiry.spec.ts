/**
 * The login link's token ends while the customer is in the flow (links last one hour: docs/messages.md, "Good to
 * know"): the sandbox forces the expiry, the next request gets 401, and the flow says so in plain words (the link
 * expired, ask for a new one, nothing saved is lost) and tells the host `service-flow-close` with reason `expired`.
 * A link that is garbage, or has no token at all, gets a screen that says what to do, never a blank page.
 */
import type { Page, Route } from '@playwright/test';
import { test, expect } from '@playwright/test';
import { E2E } from '../playwright.config.js';
import { openFlowInModal, waitForClose, waitForMessage, messages } from './support/partner.js';
import { advanceClock, clock, createAccount, createPresetAccount, expireTokens, flowLink, rawRequest, request, sandboxAccount } from './support/sandbox.js';
import type { Location } from '../src/api/types.js';
import { expectNoAxeViolations } from './support/axe.js';
import { ADDRESSES, acceptFirstPlan, completeAddress, expectStep, fillIdentity, stepHeading, text, type FlowScope } from './support/flow-steps.js';

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

// The hour's end against the browser's clock (Playwright's page.clock, installed at the sandbox's now) and the service's.
const MINUTE = 60_000;

const closeReasons = async (page: Page) =>
  (await messages(page)).filter((m) => m.type === 'service-flow-close').map((m) => (m as { reason: string }).reason);

async function chooseFirstRenewalPlan(frame: FlowScope) {
  await expect(stepHeading(frame)).toHaveText('Renew your electricity plan', { timeout: 20_000 });
  await frame.getByRole('button', { name: 'See renewal plans' }).click();
  await expect(stepHeading(frame)).toHaveText('Choose your renewal plan', { timeout: 20_000 });
  await frame.locator('sf-plan-card').first().getByRole('button', { name: 'Choose this plan' }).click();
  const accept = frame.locator('sf-plan-accept');
  await accept.getByRole('checkbox').check();
  return accept;
}

async function queuedContract(accountUuid: string, token: string): Promise<Location['queued_contract']> {
  const { location_uuid } = await request<{ location_uuid: string }>('GET', `/v1/app/accounts/${accountUuid}`);
  return (await request<Location>('GET', `/v1/account/locations/${location_uuid}`, { token })).queued_contract;
}

/** Date.now() in the flow's document (the modal's iframe). */
async function frameNow(page: Page): Promise<number> {
  const frame = page.frames().find((f) => f.url().startsWith(E2E.flowUrl));
  if (!frame) throw new Error('no flow frame');
  return frame.evaluate(() => Date.now());
}

/** Installs the browser's clock at the sandbox's now plus `aheadMs` (a phone whose clock is that far off). */
async function browserClockAt(page: Page, aheadMs = 0): Promise<void> {
  const now = Date.parse((await clock()).now);
  await page.clock.install({ time: now + aheadMs });
}

test.describe('a side effect on its way when the hour ends: what the service did is what the customer and the host hear', () => {
  test('a finalize accepted in the hour\'s last second, its account re-read refused: the done screen, never "expired"', async ({ page }) => {
    const preset = await createPresetAccount('applying-enrollment-not-finalized');
    // At top level (the link opened as a page, no host to remove it): what the customer reads stays on screen.
    const link = await flowLink(preset.uuid, 'enrollment');
    await page.goto(link.login_link);
    await expect(stepHeading(page)).toHaveText('Review and submit', { timeout: 20_000 });

    // The service finalizes, then the link's hour is over before the answer reaches the browser (clocks in sync:
    // the service accepted the request in the last second of the hour).
    await page.route('**/v1/account/enroll/finalize', async (route: Route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      const response = await route.fetch();
      await expireTokens(preset.uuid);
      await route.fulfill({ response });
    });
    await page.getByRole('button', { name: 'Submit enrollment' }).click();
    await expect.poll(async () => ((await sandboxAccount(preset.uuid)).counters as Record<string, number>).finalize_succeeded).toBe(1);

    // The review step says a failed re-read is no reason to hide a successful finalize (review.ts): the done screen,
    // or the flow closed as completed ("You are all set"), never "This link has expired … with a new link you continue".
    await expect(stepHeading(page), 'the customer whose enrollment was submitted is told the link expired').toHaveText(
      /^(Enrollment received|You are all set)$/,
      { timeout: 10_000 },
    );
  });

  test('a renewal the service queued while its answer was on its way past the hour: the host hears completed', async ({ page }) => {
    await browserClockAt(page);
    const { frame, accountUuid, expiresAt } = await openFlowInModal(page, { scope: 'renewal', accountState: 'active-contract-ending-soon' });
    const accept = await chooseFirstRenewalPlan(frame);

    // Both clocks move to ten seconds before the link's end (the customer took their time choosing).
    const browserNow = await page.evaluate(() => Date.now());
    const toLastSeconds = Date.parse(expiresAt) - 10_000 - browserNow;
    await advanceClock({ advance_seconds: Math.floor(toLastSeconds / 1000) });
    await page.clock.fastForward(toLastSeconds);

    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let accepted = false;
    await page.route('**/renewal/accept', async (route: Route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      const response = await route.fetch(); // the service queues the renewal now, ten seconds before the end
      accepted = true;
      await gate; // …and its answer is slow (a phone on a poor network): it arrives after the end
      await route.fulfill({ response });
    });
    await accept.getByRole('button', { name: 'Renew with this plan' }).click();
    await expect.poll(() => accepted).toBe(true);

    // The hour ends: the browser's session clock fires while the answer is still on its way, and the service's
    // token ends with it (clocks in sync).
    await page.clock.fastForward(11_000);
    await page.waitForTimeout(1000);
    const closedEarly = await closeReasons(page);
    await expireTokens(accountUuid);
    release();

    const { token } = await request<{ token: string }>('POST', `/v1/app/accounts/${accountUuid}/token`);
    expect(await queuedContract(accountUuid, token), 'the service queued the renewal').not.toBeNull();
    await waitForMessage(page, { type: 'service-flow-close' });
    await page.waitForTimeout(1000);
    expect(
      await closeReasons(page),
      `the partner is told to get a new link "to continue" a renewal that was done (closed while the acceptance was on its way: ${JSON.stringify(closedEarly)})`,
    ).toEqual(['completed']);
  });
});

test.describe('the hour ends on a done screen', () => {
  test('the renewal is confirmed on screen when the hour ends: the host hears completed, as Close there would say', async ({ page }) => {
    await browserClockAt(page);
    const { frame, accountUuid } = await openFlowInModal(page, { scope: 'renewal', accountState: 'active-contract-ending-soon' });
    const accept = await chooseFirstRenewalPlan(frame);
    await accept.getByRole('button', { name: 'Renew with this plan' }).click();
    await expect(stepHeading(frame)).toHaveText('Your renewal is confirmed', { timeout: 20_000 });
    await expect(frame.locator('sf-document-list a').first()).toBeVisible();
    // The customer reads the confirmation; the hour ends (both clocks).
    await page.clock.fastForward(61 * MINUTE);
    await expireTokens(accountUuid);
    await waitForMessage(page, { type: 'service-flow-close' });
    // Closing this screen says completed (docs/messages.md: "closing there says completed").
    expect(await closeReasons(page)).toEqual(['completed']);
  });
});

test.describe("the browser's clock far from the service's: the session counts the service's expires_in", () => {
  test('a phone an hour fast: a fresh link works, not closed as expired at once', async ({ page }) => {
    await browserClockAt(page, 61 * MINUTE);
    await openFlowInModal(page);
    await waitForMessage(page, { type: 'service-flow-ready' });
    expect((await page.evaluate(() => Date.now())) - Date.parse((await clock()).now), "the phone's clock").toBeGreaterThan(60 * MINUTE);
    await page.waitForTimeout(3000);
    // The service accepted the token (it answered the session and the account): the link works for its hour.
    expect(await closeReasons(page), 'the host hears the fresh link expired').toEqual([]);
  });

  test('a phone two hours slow: warned within the link\'s last five minutes', async ({ page }) => {
    await browserClockAt(page, -120 * MINUTE);
    await openFlowInModal(page);
    await waitForMessage(page, { type: 'service-flow-ready' });
    expect(Date.parse((await clock()).now) - (await frameNow(page)), 'the flow runs on the phone\'s clock').toBeGreaterThan(110 * MINUTE);
    // 56 minutes pass for both.
    await advanceClock({ advance_seconds: 56 * 60 });
    await page.clock.fastForward(56 * MINUTE);
    await page.waitForTimeout(1000);
    // Four minutes before the service ends the link, the partner and the customer have been warned (docs/messages.md).
    expect((await messages(page)).map((m) => m.type), 'no service-flow-session-expiring within the link\'s last five minutes').toContain(
      'service-flow-session-expiring',
    );
  });
});

test.describe('a reload after the hour', () => {
  test('a hosted tab reloaded after the hour (a phone that discarded the tab) says "This link has expired", not "incomplete"', async ({ page }) => {
    await browserClockAt(page);
    const account = await createAccount();
    const link = await flowLink(account.account_uuid, 'enrollment', { behavior: 'hosted' });
    await page.goto(link.login_link);
    await expect(stepHeading(page)).toHaveText('Where do you need electricity?', { timeout: 20_000 });
    expect(await page.evaluate(() => sessionStorage.getItem('sf.flow-session'))).not.toBeNull();

    // The tab is discarded in the background (the flow's page is gone, its clock with it) and the hour passes.
    await page.goto('about:blank');
    await expireTokens(account.account_uuid);
    await page.clock.fastForward(61 * MINUTE);
    // The browser reloads the tab: the address the flow left in the bar (the link without its token).
    await page.goto(`${E2E.flowUrl}/`);
    await expect(stepHeading(page)).toHaveText('This link has expired', { timeout: 20_000 });
  });
});

test.describe('the warning in Spanish', () => {
  test('a Spanish tab reloaded in its last five minutes, on a slow network: the warning is said in Spanish from the start', async ({ page }) => {
    await browserClockAt(page);
    const account = await createAccount();
    const link = await flowLink(account.account_uuid, 'enrollment', { behavior: 'hosted', locale: 'es' });
    await page.goto(link.login_link);
    await expect(stepHeading(page)).toHaveText('¿Dónde necesita electricidad?', { timeout: 20_000 });
    // 56 minutes pass for both clocks: the link has four minutes left.
    await advanceClock({ advance_seconds: 56 * 60 });
    await page.clock.fastForward(56 * MINUTE);
    await expect(page.locator('sf-expiry-notice [role="status"]')).toContainText('Este enlace vence', { timeout: 10_000 });

    // What the live region says first after the reload (shadow roots included), looked at every 10 ms.
    await page.addInitScript(() => {
      const w = window as unknown as { __firstNotice?: string };
      const find = (root: Document | ShadowRoot): Element | null => {
        for (const el of Array.from(root.querySelectorAll('*'))) {
          if (el.localName === 'sf-expiry-notice') return el.shadowRoot?.querySelector('[role="status"]') ?? null;
          const inner = el.shadowRoot && find(el.shadowRoot);
          if (inner) return inner;
        }
        return null;
      };
      const look = setInterval(() => {
        const said = find(document)?.textContent?.trim();
        if (said) {
          w.__firstNotice = said;
          clearInterval(look);
        }
      }, 10);
    });
    // A slow network: the strings beyond the first screen's (the later Spanish chunk) take three seconds.
    await page.route('**/assets/es-*.js', async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (body.includes('flow.expiring')) await new Promise((r) => setTimeout(r, 3000));
      await route.fulfill({ response, body });
    });
    await page.reload();
    await expect(stepHeading(page)).toHaveText('¿Dónde necesita electricidad?', { timeout: 20_000 });
    await expect.poll(() => page.evaluate(() => (window as unknown as { __firstNotice?: string }).__firstNotice ?? null), { timeout: 10_000 }).not.toBeNull();
    const first = await page.evaluate(() => (window as unknown as { __firstNotice?: string }).__firstNotice);
    expect(first, 'the Spanish-speaking customer hears the warning in English').toMatch(/^Este enlace vence/);
  });
});
