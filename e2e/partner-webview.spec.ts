/**
 * The partner demo's WebView page shows what native code would receive (issue #10): the phone is an iframe (a page
 * cannot inject a native bridge into the flow's cross-origin document), and beside it each message the flow sent, as
 * the chosen platform's native handler receives it: React Native's `event.nativeEvent.data` and Android's
 * `postMessage(json: String)` the JSON string the flow gives those bridges, iOS's `message.body` the dictionary WebKit
 * makes of the object. Through a whole enrollment, by keyboard, on a phone and a desktop, with no axe violation.
 */
import { expect, test, type Page } from '@playwright/test';
import type { FlowMessage } from '../src/bridge/messages.js';
import { expectNoAxeViolations } from './support/axe.js';
import { completeEnrollment } from './support/flow-steps.js';
import { messages, openFlowInWebView, waitForClose, waitForMessage } from './support/partner.js';

const PLATFORMS = { 'react-native': 'React Native', ios: 'iOS', android: 'Android' } as const;
type Platform = keyof typeof PLATFORMS;

/** What each platform's handler holds for `m`, written independently of the page's own code. */
function expected(platform: Platform, m: FlowMessage): string {
  // The flow sends React Native and Android `JSON.stringify(message)` (src/bridge/deliver.ts): exactly this string.
  if (platform !== 'ios') return JSON.stringify(m);
  // WebKit hands Swift a [String: Any] of the object; the messages are flat (strings and numbers).
  const entries = Object.entries(m as unknown as Record<string, string | number>);
  return `[${entries.map(([k, v]) => `"${k}": ${typeof v === 'string' ? JSON.stringify(v) : String(v)}`).join(', ')}]`;
}

async function shownValues(page: Page): Promise<string[]> {
  return page.getByTestId('native-log').getByTestId('native-value').allTextContents();
}

/** The panel against the messages the page received from index `from` on, both read again until they agree (more may arrive). */
async function expectPanelFor(page: Page, platform: Platform, from = 0): Promise<void> {
  await expect
    .poll(async () => {
      const shown = await shownValues(page);
      const want = (await messages(page)).slice(from).map((m) => expected(platform, m));
      return shown.length > 0 && JSON.stringify(shown) === JSON.stringify(want) ? 'agree' : { shown, want };
    })
    .toBe('agree');
  const panel = page.getByTestId('native-panel');
  await expect(panel.getByRole('radio', { name: PLATFORMS[platform], exact: true })).toBeChecked();
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 375, height: 812 },
]) {
  test(`${viewport.name} (${viewport.width} px): each message as each platform's native handler receives it, through a whole enrollment`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const { frame } = await openFlowInWebView(page);
    await waitForMessage(page, { type: 'service-flow-ready' });
    const panel = page.getByTestId('native-panel');
    await expect(panel.getByRole('heading', { name: 'What the native handler receives' })).toBeVisible();
    // The honest part: the phone is simulated, the values are what the handler gets.
    await expect(page.locator('#webview-section')).toContainText('This phone is simulated with an iframe');
    await expectPanelFor(page, 'react-native');
    await expect(panel.getByText('event.nativeEvent.data').first()).toBeVisible();
    // The phone's screen keeps the 375 px of a phone wherever there is room for it.
    const screen = await page.locator('#phone-screen').boundingBox();
    if (viewport.width >= 960) expect(screen?.width).toBe(375);
    else expect(screen!.x + screen!.width).toBeLessThanOrEqual(viewport.width);
    await page.locator('#webview-section').screenshot({ path: test.info().outputPath(`webview-${viewport.width}-flow.png`) });

    await completeEnrollment(frame);
    await waitForClose(page, { reason: 'completed', surface: 'webview' });
    const all = await messages(page);
    expect(all.at(-1)?.type).toBe('service-flow-close');
    await expectPanelFor(page, 'react-native');

    // By keyboard: the platform is a radio group; the list follows the choice at once.
    await panel.getByRole('radio', { name: 'React Native', exact: true }).focus();
    await page.keyboard.press('ArrowRight');
    await expectPanelFor(page, 'ios');
    await expect(panel.getByText('message.body').first()).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expectPanelFor(page, 'android');
    await expect(panel.getByText('@JavascriptInterface')).toBeVisible();
    // The list scrolls, so it is the next stop of Tab.
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('native-log')).toBeFocused();

    await panel.getByRole('radio', { name: 'iOS', exact: true }).check();
    await panel.screenshot({ path: test.info().outputPath(`webview-${viewport.width}-ios.png`) });
    // Nothing wider than the screen on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await expectNoAxeViolations(page, null);
  });
}

test('a new WebView starts the panel afresh', async ({ page }) => {
  await openFlowInWebView(page);
  await waitForMessage(page, { type: 'service-flow-ready' });
  const before = (await shownValues(page)).length;
  expect(before).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Back (close the WebView)' }).click();
  const count = (await messages(page)).length;
  await openFlowInWebView(page, { goto: false });
  await waitForMessage(page, { type: 'service-flow-ready' }, { after: count });
  await expectPanelFor(page, 'react-native', count);
});
