/**
 * Issue #10, tests 4 and 5: framing checked per App, and a clean console.
 * 4. The partner demo opened on an origin the sandbox App does not allow (http://127.0.0.1:<port>, while the App
 *    allows http://localhost:<port>; the flow's hosting lets it frame, as a hosting shared by every App would) frames a
 *    valid link: the flow says it cannot be shown there, reads nothing but the flow session, and posts nothing.
 * 5. A whole enrollment in the partner demo's iframe and another at top level (a hosted link): no console warning or
 *    error in any frame, no CSP violation, no page error.
 * Chromium always names the parent's origin (`location.ancestorOrigins`, which a page cannot redefine), so the path
 * of browsers without it (the host's `service-flow-init`, else each allowed origin) is tested with fake windows in
 * test/bridge/channels.test.ts.
 */
import { test, expect, type Page } from '@playwright/test';
import { E2E } from '../playwright.config.js';
import { createHostedLink, openFlowInModal, waitForClose } from './support/partner.js';
import { sandboxAccount } from './support/sandbox.js';
import { completeEnrollment, expectStep } from './support/flow-steps.js';

declare global {
  interface Window {
    __seen?: Array<{ origin: string; data: unknown }>;
  }
}

/** Every message event the top page receives, from anyone (the partner page's own log keeps only what it accepts). */
async function recordAllMessages(page: Page): Promise<void> {
  await page.addInitScript(() => {
    if (window.top !== window) return;
    window.__seen = [];
    window.addEventListener('message', (e) => window.__seen!.push({ origin: e.origin, data: e.data }), true);
  });
}

interface Noise {
  console: string[];
  violations: string[];
  errors: string[];
}

/**
 * Console warnings and errors from every frame, CSP violations reported in any frame (each frame's
 * `securitypolicyviolation` event, logged by an init script every frame runs), and uncaught page errors.
 */
async function collectNoise(page: Page): Promise<Noise> {
  const noise: Noise = { console: [], violations: [], errors: [] };
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.info(`__csp_violation__ ${location.origin} ${e.effectiveDirective} ${e.blockedURI}`);
    });
  });
  page.on('console', (m) => {
    const where = m.location().url;
    if (m.text().startsWith('__csp_violation__')) noise.violations.push(m.text());
    // The one exception: the browser's own line for a 429 from the sandbox's per-account rate limit (10 requests a
    // second), which a test driving at machine speed can meet around the done step; the flow waits and retries as
    // the answer's Retry-After says (the enrollment still completes), and no person clicks that fast.
    else if (m.type() === 'error' && /^Failed to load resource: the server responded with a status of 429 /.test(m.text()) && where.startsWith(E2E.sandboxUrl)) return;
    else if (m.type() === 'warning' || m.type() === 'error') noise.console.push(`${m.type()} ${m.text()} (${where})`);
  });
  page.on('pageerror', (e) => noise.errors.push(String(e)));
  return noise;
}

test.describe('framing checked per App', () => {
  test('a page on an origin the App does not allow frames a valid link: the flow refuses, loads nothing else, posts nothing', async ({ page }) => {
    await recordAllMessages(page);
    const sandboxCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith(E2E.sandboxUrl) && r.frame().url().startsWith(E2E.flowUrl)) sandboxCalls.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    const flowChunks: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith(`${E2E.flowUrl}/assets/`)) flowChunks.push(new URL(r.url()).pathname);
    });

    await page.goto(`${E2E.otherPartnerUrl}/`);
    const { frame, accountUuid } = await openFlowInModal(page, { goto: false });

    await expect(frame.getByRole('heading', { level: 1 })).toHaveText('This page cannot be shown here');
    await expect(frame.locator('sf-status-screen')).toHaveAttribute('kind', 'framed');
    // Time for anything that would still go out (a late message, the account read, a step's chunk).
    await page.waitForTimeout(1500);

    // The sandbox saw the flow session read, nothing else, for this account.
    const inspection = (await sandboxAccount(accountUuid)) as unknown as { requests_by_route: Record<string, number> };
    const flowRoutes = Object.keys(inspection.requests_by_route).filter((k) => k.includes('/v1/account'));
    expect(flowRoutes).toEqual(['GET /v1/account/flow']);
    expect(sandboxCalls.filter((c) => !c.startsWith('OPTIONS'))).toEqual(['GET /v1/account/flow']);
    // No step's code: only the page's early requests, the first screen's core, the host link with the status screens
    // (session) and the runtime; no step is rendered.
    expect(flowChunks.length).toBeGreaterThan(0);
    for (const chunk of flowChunks) expect(chunk, flowChunks.join(', ')).toMatch(/^\/assets\/(early|core|session|rolldown-runtime)-[\w-]+\.(js|css)$/);
    await expect(frame.locator('sf-step-address')).toHaveCount(0);

    const seen = await page.evaluate(() => window.__seen ?? []);
    expect(seen.filter((m) => m.origin === E2E.flowUrl)).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __flowMessages?: unknown[] }).__flowMessages ?? [])).toEqual([]);
  });

  test('the same link on the allowed origin runs (the refusal is per App, not per link)', async ({ page }) => {
    const { frame } = await openFlowInModal(page);
    await expectStep(frame, 'address');
  });
});

test.describe('no console noise in the happy path', () => {
  test('a whole enrollment in the partner iframe: no warning, error or CSP violation in any frame', async ({ page }) => {
    await recordAllMessages(page);
    const noise = await collectNoise(page);
    const { frame } = await openFlowInModal(page);
    await completeEnrollment(frame);
    await waitForClose(page, { reason: 'completed' });
    expect(noise).toEqual({ console: [], violations: [], errors: [] });
    // One target per message: every message the page received from the flow came once, from the flow's origin.
    const fromFlow = (await page.evaluate(() => window.__seen ?? [])).filter((m) => m.origin === E2E.flowUrl);
    expect(fromFlow.length).toBeGreaterThan(5);
  });

  test('a whole enrollment at top level (a hosted link): no warning, error or CSP violation', async ({ page, context }) => {
    const { loginLink } = await createHostedLink(page);
    const phone = await context.newPage();
    const noise = await collectNoise(phone);
    await phone.goto(loginLink);
    await completeEnrollment(phone, { stayOnDone: true });
    expect(noise).toEqual({ console: [], violations: [], errors: [] });
  });
});
