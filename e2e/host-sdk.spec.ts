/**
 * The host SDK (src/host, `service-flow/host`) on a partner's page, with the production flow, the real sandbox and a
 * real link: open → ready → a whole enrollment → `onClose` with `completed` → nothing left behind (iframe, dialog,
 * message listener), focus back on the opener, page scroll restored; on a desktop (a centred dialog) and on a 375 px
 * phone (full screen). And messages from another origin, or from another window claiming to be the flow, are ignored.
 *
 * The page is the partner demo's (an allowed parent origin of the App, with a strict CSP), with the SDK as built by
 * `npm run build:host` (dist/host, which the e2e setup builds before starting the partner demo, served at /sdk/): the ES module on the desktop, the script-tag
 * build on the phone.
 */
import { expect, test, type Page } from '@playwright/test';
import { E2E } from '../playwright.config.js';
import type { FlowMessage } from '../src/bridge/messages.js';
import { completeEnrollment, expectStep } from './support/flow-steps.js';
import { createAccount, flowLink } from './support/sandbox.js';

declare global {
  interface Window {
    __link: string;
    __handle?: { close(): void; destroy(): void };
    __events: FlowMessage[];
    __closes: Array<FlowMessage | null>;
    __ready: number;
    __markers: string[];
    __messageListeners(): number;
  }
}

/**
 * The partner demo's own page (its strict CSP: scripts from its origin only, no inline style or script) becomes the
 * partner's page: long and scrolled down, a fixed "Enroll" button, every `message` listener counted, and the SDK
 * loaded from the partner's origin (/sdk/, the dist/host build) either as an ES module or by a script tag.
 */
async function preparePage(page: Page, load: 'module' | 'script'): Promise<void> {
  const account = await createAccount();
  const { login_link } = await flowLink(account.account_uuid, 'enrollment');
  await page.goto('/');
  await page.evaluate(() => {
    // Every 'message' listener on the window, added and not removed: the SDK must leave none.
    const live = new Set<unknown>();
    const add = window.addEventListener;
    const remove = window.removeEventListener;
    window.addEventListener = function (this: Window, ...args: Parameters<Window['addEventListener']>) {
      if (args[0] === 'message') live.add(args[1]);
      return add.apply(this, args);
    } as Window['addEventListener'];
    window.removeEventListener = function (this: Window, ...args: Parameters<Window['removeEventListener']>) {
      if (args[0] === 'message') live.delete(args[1]);
      return remove.apply(this, args);
    } as Window['removeEventListener'];
    window.__messageListeners = () => live.size;
    window.__events = [];
    window.__closes = [];
    window.__ready = 0;
    window.__markers = [];
    // The test's own listener: markers a forging frame posts after its forged messages (delivered in order).
    window.addEventListener('message', (event) => {
      const marker = (event.data as { marker?: string } | null)?.marker;
      if (marker) window.__markers.push(marker);
    });
    const tall = document.createElement('div');
    tall.style.height = '3000px';
    document.body.append(tall);
    const button = document.createElement('button');
    button.type = 'button';
    button.id = 'open';
    button.textContent = 'Enroll';
    Object.assign(button.style, { position: 'fixed', top: '8px', left: '8px', zIndex: '10' });
    document.body.append(button);
  });
  if (load === 'module') {
    // A string, so that the test's own transpiler leaves the page's dynamic import alone.
    await page.evaluate("import('/sdk/service-flow.js').then((m) => { window.ServiceFlow = m.ServiceFlow; })");
  } else {
    await page.addScriptTag({ url: '/sdk/service-flow.iife.js' });
  }
  await page.evaluate((link) => {
    document.getElementById('open')!.addEventListener('click', () => {
      window.__handle = window.ServiceFlow.open({
        loginLink: link,
        title: 'Electricity enrollment',
        testIds: { dialog: 'sdk-modal', frame: 'sdk-frame' },
        onReady: () => {
          window.__ready += 1;
        },
        onEvent: (m) => {
          window.__events.push(m);
        },
        onClose: (m) => {
          window.__closes.push(m ?? null);
        },
      });
    });
    window.scrollTo(0, 600);
  }, login_link);
  expect(await page.evaluate(() => window.scrollY)).toBe(600);
}

const listeners = (page: Page) => page.evaluate(() => window.__messageListeners());

/** Opens with a click (focus on the opener) and waits for `onReady`; checks what is true while open. */
async function openAndWaitReady(page: Page): Promise<void> {
  const baseline = await listeners(page);
  await page.getByRole('button', { name: 'Enroll', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Electricity enrollment' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  await expect(page.getByTestId('sdk-modal')).toHaveCount(1);
  const iframe = page.getByTestId('sdk-frame');
  await expect(iframe).toHaveAttribute('allow', `payment ${E2E.flowUrl}`);
  await expect(iframe).toHaveAttribute('title', 'Electricity enrollment');
  await page.waitForFunction(() => window.__ready === 1);
  expect(await listeners(page)).toBe(baseline + 1);
  // Focus is in the flow; the page behind cannot scroll and keeps its position.
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('IFRAME');
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
  await page.mouse.wheel(0, 800);
  await page.waitForTimeout(200);
  expect(await page.evaluate(() => window.scrollY)).toBe(600);
  // Nothing of the page is drawn over the flow: the dialog is in the top layer, and the element at its centre is it.
  const onTop = await page.evaluate(() => {
    const d = document.querySelector('[data-service-flow]')!;
    const r = d.getBoundingClientRect();
    return d.matches(':modal') && document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)?.tagName === 'IFRAME';
  });
  expect(onTop).toBe(true);
}

/** Completes the enrollment in the SDK's iframe and checks that the SDK closed and left nothing behind. */
async function enrollAndExpectCleanClose(page: Page, baseline: number): Promise<void> {
  const frame = page.frameLocator('[data-testid="sdk-frame"]');
  await completeEnrollment(frame);
  await page.waitForFunction(() => window.__closes.length > 0);
  const closes = await page.evaluate(() => window.__closes);
  expect(closes).toHaveLength(1);
  expect(closes[0]).toMatchObject({ type: 'service-flow-close', version: 1, scope: 'enrollment', reason: 'completed' });
  const events = await page.evaluate(() => window.__events.map((m) => m.type));
  expect(events.filter((t) => t === 'service-flow-ready')).toHaveLength(1);
  expect(events.at(-1)).toBe('service-flow-close');
  expect(events).toContain('service-flow-step');
  await expect(page.locator('iframe')).toHaveCount(0);
  await expect(page.locator('[data-service-flow]')).toHaveCount(0);
  expect(await listeners(page)).toBe(baseline);
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('open');
  expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('');
  await page.mouse.wheel(0, 300);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(900);
  // onClose is called once: nothing else arrives later.
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => window.__closes.length)).toBe(1);
}

test.describe('Host SDK', () => {
  test('desktop: open → ready → enrollment → onClose(completed), a centred dialog, nothing left behind', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await preparePage(page, 'module');
    const baseline = await listeners(page);
    await openAndWaitReady(page);
    const box = (await page.getByTestId('sdk-modal').boundingBox())!;
    expect(box.width).toBe(480);
    expect(box.height).toBeGreaterThanOrEqual(320);
    expect(box.height).toBeLessThanOrEqual(800 - 32);
    expect(Math.abs(box.x + box.width / 2 - 640)).toBeLessThanOrEqual(1);
    expect(Math.abs(box.y + box.height / 2 - 400)).toBeLessThanOrEqual(1);
    await enrollAndExpectCleanClose(page, baseline);
  });

  test('phone (375 px, script-tag build): full screen, then the same clean close', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await preparePage(page, 'script');
    const baseline = await listeners(page);
    await openAndWaitReady(page);
    expect(await page.getByTestId('sdk-modal').boundingBox()).toEqual({ x: 0, y: 0, width: 375, height: 812 });
    await enrollAndExpectCleanClose(page, baseline);
  });

  test('a close claimed from another origin, or by another window of the flow origin, or by the page itself, is ignored', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await preparePage(page, 'module');
    const baseline = await listeners(page);
    await openAndWaitReady(page);
    await expectStep(page.frameLocator('[data-testid="sdk-frame"]'), 'address');
    const forged = { type: 'service-flow-close', version: 1, scope: 'enrollment', reason: 'completed', status_reason: 'forged' };

    // Another window on the flow's own origin (a second frame of the flow's host): the right origin, the wrong source.
    await page.evaluate((src) => {
      const other = document.createElement('iframe');
      other.name = 'other-window';
      other.src = src;
      document.body.append(other);
    }, `${E2E.flowUrl}/robots.txt`);
    await expect.poll(() => page.frame({ name: 'other-window' })?.url() ?? '').toContain('/robots.txt');
    const other = page.frame({ name: 'other-window' })!;
    await other.evaluate(({ message, target }) => {
      parent.postMessage(message, target);
      parent.postMessage({ marker: 'other-window' }, target);
    }, { message: forged, target: E2E.partnerUrl });
    await page.waitForFunction(() => window.__markers.includes('other-window'));

    // A window on another origin (the page's CSP lets no other origin into a frame): a popup the page opened.
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.evaluate((url) => void window.open(url, 'other-origin'), `${E2E.sandboxUrl}/__sandbox/health`),
    ]);
    await popup.waitForLoadState();
    await popup.evaluate(({ message, target }) => {
      opener.postMessage(message, target);
      opener.postMessage({ marker: 'other-origin' }, target);
    }, { message: forged, target: E2E.partnerUrl });
    await page.waitForFunction(() => window.__markers.includes('other-origin'));
    await popup.close();

    // And the partner page itself posting to itself.
    await page.evaluate((message) => {
      window.postMessage(message, location.origin);
      window.postMessage({ marker: 'self' }, location.origin);
    }, forged);
    await page.waitForFunction(() => window.__markers.includes('self'));

    await expect(page.getByTestId('sdk-modal')).toBeVisible();
    await expect(page.getByTestId('sdk-frame')).toHaveCount(1);
    expect(await page.evaluate(() => window.__closes)).toEqual([]);
    expect(await page.evaluate(() => window.__events.filter((m) => 'status_reason' in m && m.status_reason === 'forged'))).toEqual([]);
    expect(await page.evaluate(() => window.__events.map((m) => m.type))).not.toContain('service-flow-close');

    // destroy() removes everything and calls nothing.
    await page.evaluate(() => window.__handle!.destroy());
    await expect(page.locator('[data-service-flow]')).toHaveCount(0);
    await expect(page.getByTestId('sdk-frame')).toHaveCount(0);
    expect(await listeners(page)).toBe(baseline);
    expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('');
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.__closes)).toEqual([]);
  });
});
