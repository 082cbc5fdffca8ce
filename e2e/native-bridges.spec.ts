/**
 * Native bridges, end to end (issue #10, test 3): the production flow opened at top level, as a native app's WebView
 * opens it, with each platform's bridge object injected the way that platform injects it — React Native's
 * `window.ReactNativeWebView`, iOS's `window.webkit.messageHandlers.serviceFlow` (WKScriptMessageHandler), Android's
 * `window.ServiceFlowAndroid` (@JavascriptInterface) — walks a whole enrollment, and each bridge must receive the same
 * messages, in the same order, as the partner page's parent frame receives in the same enrollment.
 */
import { test, expect, type Page } from '@playwright/test';
import type { FlowMessage } from '../src/bridge/messages.js';
import { messages, openFlowInModal, waitForClose } from './support/partner.js';
import { createAccount, flowLink } from './support/sandbox.js';
import { ADDRESSES, acceptFirstPlan, addCard, completeAddress, finalize, finishDone, fillIdentity, submitCredit, type FlowScope } from './support/flow-steps.js';

type Platform = 'react-native' | 'ios' | 'android';

/** What a message says, without what depends on the screen (the heights of `service-flow-resize`). */
function sequence(all: readonly FlowMessage[]): string[] {
  return all
    .filter((m) => m.type !== 'service-flow-resize')
    .map((m) => JSON.stringify(m));
}

async function enroll(scope: FlowScope): Promise<void> {
  await completeAddress(scope, ADDRESSES.routh);
  await acceptFirstPlan(scope);
  await fillIdentity(scope);
  await submitCredit(scope);
  await addCard(scope);
  await finalize(scope);
  await finishDone(scope);
}

/** Injects the platform's bridge before any script of the page runs; what it receives is kept in order. */
async function injectBridge(page: Page, platform: Platform): Promise<void> {
  await page.addInitScript((p: Platform) => {
    const received: unknown[] = [];
    (window as unknown as { __native: unknown[] }).__native = received;
    // React Native and Android get a JSON string (their APIs carry strings); iOS gets the object, as WebKit does.
    if (p === 'react-native') (window as unknown as Record<string, unknown>).ReactNativeWebView = { postMessage: (s: string) => received.push(JSON.parse(s)) };
    if (p === 'android') (window as unknown as Record<string, unknown>).ServiceFlowAndroid = { postMessage: (s: string) => received.push(JSON.parse(s)) };
    if (p === 'ios') {
      (window as unknown as Record<string, unknown>).webkit = {
        messageHandlers: { serviceFlow: { postMessage: (m: unknown) => received.push(JSON.parse(JSON.stringify(m))) } },
      };
    }
  }, platform);
}

test.describe('native bridges receive what the parent frame receives', () => {
  let reference: string[] = [];

  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage();
    const { frame } = await openFlowInModal(page);
    await enroll(frame);
    await waitForClose(page, { reason: 'completed' });
    reference = sequence(await messages(page));
    await page.close();
  });

  for (const platform of ['react-native', 'ios', 'android'] as const) {
    test(`${platform}: a whole enrollment, the same messages in the same order`, async ({ page }) => {
      expect(reference.length, 'the parent frame heard the enrollment').toBeGreaterThan(5);
      await page.setViewportSize({ width: 375, height: 812 });
      await injectBridge(page, platform);
      const { account_uuid } = await createAccount();
      const { login_link } = await flowLink(account_uuid, 'enrollment');
      await page.goto(login_link);
      await enroll(page);
      await expect.poll(async () => sequence(await page.evaluate(() => (window as unknown as { __native: FlowMessage[] }).__native)).at(-1) ?? '').toContain('service-flow-close');
      const received = sequence(await page.evaluate(() => (window as unknown as { __native: FlowMessage[] }).__native));
      expect(received).toEqual(reference);
      // The token left the address bar at once, and no message carries it.
      expect(new URL(page.url()).search).toBe('');
      const token = new URL(login_link).searchParams.get('token')!;
      expect(JSON.stringify(received)).not.toContain(token);
    });
  }
});
