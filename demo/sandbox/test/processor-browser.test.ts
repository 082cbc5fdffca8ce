/**
 * The Stripe.js emulator in a real Chromium, loaded the way the flow loads it: a page on one origin includes
 * <script src="{sandbox}/__sandbox/stripe.js"> from another, under a strict CSP (no inline script or style), then
 * calls loadStripe from @stripe/stripe-js/pure (served unbundled), mounts the Payment Element in light DOM, types
 * a card and confirms. The Processor instance is in this process, so the test checks what the processor recorded.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { Processor } from '../processor/processor.js';
import { processorRoutes } from '../processor/routes.js';
import { CHROMIUM_FLAGS, findChromium } from '../../../scripts/chromium.js';

const KEY = 'pk_test_browser_emulator';
const require = createRequire(import.meta.url);
/** @stripe/stripe-js/pure's ES module build (pure/index.mjs re-exports it), served as-is to the page. */
const PURE_JS = readFileSync(new URL('dist/pure.mjs', `file://${require.resolve('@stripe/stripe-js/package.json')}`), 'utf8');

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  });
}

/** The integrator's page: no inline script or style, scripts only from itself and the sandbox. */
function pageServer(sandbox: string): Server {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Emulator test page</title></head>
<body><main><h1>Card</h1><button id="before" type="button">Before</button><div id="card"></div><div id="shadow-host"></div></main>
<script src="${sandbox}/__sandbox/stripe.js"></script></body></html>`;
  const csp = `default-src 'self'; script-src 'self' ${sandbox}; connect-src ${sandbox}; frame-src ${sandbox}; style-src 'self'`;
  return createServer((req, res) => {
    if (req.url === '/pure.mjs') {
      res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(PURE_JS);
    } else {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': csp }).end(html);
    }
  });
}

describe('Stripe.js emulator in Chromium', () => {
  const processor = new Processor({ publicKey: KEY });
  let sandboxServer: ReturnType<typeof serve>;
  let pages: Server;
  let pageUrl: string;
  let browser: Browser;
  let context: BrowserContext;

  before(async () => {
    const app = new Hono();
    app.route('/__sandbox', processorRoutes(processor));
    sandboxServer = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => sandboxServer.once('listening', () => resolve()));
    const sandbox = `http://127.0.0.1:${(sandboxServer.address() as AddressInfo).port}`;
    pages = pageServer(sandbox);
    pageUrl = await listen(pages);
    browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_FLAGS });
    context = await browser.newContext();
  });

  after(async () => {
    await browser?.close();
    sandboxServer?.close();
    pages?.close();
  });

  /** A fresh page with Stripe loaded through loadStripe and the Payment Element mounted; warnings collected. */
  async function mountedPage(locale: 'en' | 'es' = 'en'): Promise<{ page: Page; warnings: string[]; intentId: string }> {
    const page = await context.newPage();
    const warnings: string[] = [];
    page.on('console', (message) => {
      // A 402 from the processor is logged by Chromium as a failed resource; that is the decline, not a fault.
      const text = message.text();
      if (/^Failed to load resource: .* 402 /.test(text)) return;
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(text);
    });
    page.on('pageerror', (error) => warnings.push(`pageerror: ${error.message}`));
    await page.goto(pageUrl);
    const { id, client_secret } = processor.createSetupIntent(`acct-${locale}`);
    await page.evaluate(
      async ({ key, clientSecret, locale }) => {
        const { loadStripe } = await import('/pure.mjs' as string);
        const stripe = await loadStripe(key);
        const elements = stripe.elements({ clientSecret, locale, appearance: { variables: { colorPrimary: '#0a5cc2' } } });
        const element = elements.create('payment');
        const w = window as unknown as Record<string, unknown>;
        w.__stripe = stripe;
        w.__elements = elements;
        w.__changes = [];
        element.on('change', (event: unknown) => (w.__changes as unknown[]).push(event));
        await new Promise((resolve, reject) => {
          element.on('ready', resolve);
          element.on('loaderror', (event: { error: { message: string } }) => reject(new Error(event.error.message)));
          element.mount('#card');
        });
      },
      { key: KEY, clientSecret: client_secret, locale },
    );
    return { page, warnings, intentId: id };
  }

  async function typeCard(page: Page, number: string, labels = { number: 'Card number', expiry: 'Expiration date', cvc: 'Security code', zip: 'ZIP code' }) {
    await page.getByLabel(labels.number).pressSequentially(number);
    await page.getByLabel(labels.expiry).pressSequentially('1234');
    await page.getByLabel(labels.cvc).fill('123');
    await page.getByLabel(labels.zip).fill('77002');
  }

  /** axe-core WCAG 2.x A/AA rules over the page, as the flow's own steps are held to zero violations. */
  async function assertAccessible(page: Page, what: string) {
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    assert.deepEqual(
      violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      [],
      `axe violations in ${what}`,
    );
  }

  const confirm = (page: Page) =>
    page.evaluate(() => {
      const w = window as unknown as { __stripe: { confirmSetup(o: unknown): Promise<unknown> }; __elements: unknown };
      return w.__stripe.confirmSetup({ elements: w.__elements, redirect: 'if_required' });
    }) as Promise<{ setupIntent?: { id: string; status: string; payment_method: string }; error?: Record<string, string> }>;

  it('loads through loadStripe, validates, and sets up 4242 4242 4242 4242', async () => {
    const { page, warnings, intentId } = await mountedPage();
    try {
      const loaded = await page.evaluate(() => ({
        version: (window as unknown as { Stripe: { version: string } }).Stripe.version,
        injected: document.querySelectorAll('script[src^="https://js.stripe.com"]').length,
      }));
      assert.deepEqual(loaded, { version: 'endive', injected: 0 }, 'loadStripe used the emulator and injected nothing');

      // The fields: labelled, autocomplete hints, numeric keyboard, 44 px targets, keyboard order.
      const fields = await page.locator('#card input').evaluateAll((inputs) =>
        inputs.map((input) => ({
          autocomplete: input.getAttribute('autocomplete'),
          inputmode: input.getAttribute('inputmode'),
          label: (input as HTMLInputElement).labels?.[0]?.textContent,
          height: input.getBoundingClientRect().height,
        })),
      );
      assert.deepEqual(fields.map((f) => f.autocomplete), ['cc-number', 'cc-exp', 'cc-csc', 'postal-code']);
      assert.ok(fields.every((f) => f.inputmode === 'numeric' && f.label && f.height >= 44), JSON.stringify(fields));
      await page.locator('#before').focus();
      const order: Array<string | null> = [];
      for (let i = 0; i < 4; i += 1) {
        await page.keyboard.press('Tab');
        order.push(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete') ?? null));
      }
      assert.deepEqual(order, ['cc-number', 'cc-exp', 'cc-csc', 'postal-code'], 'Tab walks the fields in order');

      // Submitting empty shows inline errors and focuses the first field.
      const submitted = await page.evaluate(() => (window as unknown as { __elements: { submit(): Promise<unknown> } }).__elements.submit());
      assert.deepEqual(submitted, {
        error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' },
      });
      const number = page.getByLabel('Card number');
      assert.equal(await number.getAttribute('aria-invalid'), 'true');
      assert.equal(await number.evaluate((el) => el === document.activeElement), true);
      const describedBy = (await number.getAttribute('aria-describedby'))!.split(' ');
      const errorText = await page.locator(`[id="${describedBy[1]}"]`).textContent();
      assert.equal(errorText, 'Your card number is incomplete.');
      await assertAccessible(page, 'the Payment Element showing its errors');

      await typeCard(page, '4242424242424242');
      assert.equal(await number.inputValue(), '4242 4242 4242 4242');
      assert.equal(await page.getByLabel('Expiration date').inputValue(), '12 / 34');
      assert.equal(await page.locator(`[id="${describedBy[0]}"]`).textContent(), 'Card type: Visa');
      assert.equal(await number.getAttribute('aria-invalid'), 'false', 'the error clears once the number is right');
      const lastChange = await page.evaluate(() => (window as unknown as { __changes: unknown[] }).__changes.at(-1));
      assert.deepEqual(lastChange, { elementType: 'payment', complete: true, empty: false, collapsed: false, value: { type: 'card' } });

      const result = await confirm(page);
      assert.equal(result.error, undefined, JSON.stringify(result.error));
      assert.equal(result.setupIntent?.id, intentId);
      assert.equal(result.setupIntent?.status, 'succeeded');
      const pm = processor.getPaymentMethod(result.setupIntent!.payment_method);
      assert.ok(pm, 'the processor knows the payment method the browser got');
      assert.equal(pm.card.last4, '4242');
      assert.equal(pm.status, 'succeeded');
      assert.deepEqual(warnings, [], 'no version warning, CSP violation or page error');
    } finally {
      await page.close();
    }
  });

  it('reports a decline in Spanish with Stripe\'s error shape (4000 0000 0000 0002)', async () => {
    const { page, warnings } = await mountedPage('es');
    try {
      await typeCard(page, '4000000000000002', { number: 'Número de tarjeta', expiry: 'Fecha de vencimiento', cvc: 'Código de seguridad', zip: 'Código postal' });
      const { error, setupIntent } = await confirm(page);
      assert.equal(setupIntent, undefined);
      assert.equal(error?.type, 'card_error');
      assert.equal(error?.code, 'card_declined');
      assert.equal(error?.decline_code, 'generic_decline');
      assert.equal(error?.message, 'Tu tarjeta fue rechazada.');
      assert.deepEqual(warnings, []);
    } finally {
      await page.close();
    }
  });

  it('runs the 3-D Secure challenge for 4000 0025 0000 3155 in an accessible modal, by keyboard', async () => {
    const { page, warnings, intentId } = await mountedPage();
    try {
      await typeCard(page, '4000002500003155');
      await page.evaluate(() => {
        const w = window as unknown as { __stripe: { confirmSetup(o: unknown): Promise<unknown> }; __elements: unknown; __result: unknown };
        w.__stripe.confirmSetup({ elements: w.__elements, redirect: 'if_required' }).then((r) => (w.__result = r));
      });
      const dialog = page.getByRole('dialog', { name: 'Authenticate your card' });
      await dialog.waitFor();
      assert.equal(await dialog.getAttribute('aria-modal'), 'true');
      assert.equal(await page.locator('main').evaluate((el) => (el as HTMLElement).inert), true, 'the page behind is inert');
      assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Authenticate your card', 'focus moved into the dialog');

      const challenge = page.frameLocator('iframe[title="3-D Secure authentication"]');
      const completeButton = challenge.getByRole('button', { name: 'Complete authentication' });
      await completeButton.waitFor();
      await assertAccessible(page, 'the 3-D Secure dialog and its challenge page');
      await page.keyboard.press('Tab');
      assert.equal(await completeButton.evaluate((el) => el === document.activeElement), true, 'Tab reaches the challenge buttons');
      await page.keyboard.press('Enter');

      await page.waitForFunction(() => (window as unknown as { __result?: unknown }).__result !== undefined, undefined, { timeout: 5000 });
      const result = (await page.evaluate(() => (window as unknown as { __result: unknown }).__result)) as {
        setupIntent?: { id: string; status: string; payment_method: string };
      };
      assert.equal(result.setupIntent?.id, intentId);
      assert.equal(result.setupIntent?.status, 'succeeded');
      assert.equal(processor.getPaymentMethod(result.setupIntent!.payment_method)?.status, 'succeeded');
      assert.equal(await dialog.count(), 0, 'the dialog is gone');
      assert.equal(await page.locator('main').evaluate((el) => (el as HTMLElement).inert), false, 'the page is usable again');
      assert.deepEqual(warnings, []);
    } finally {
      await page.close();
    }
  });

  it('cancelling the 3-D Secure dialog fails the authentication', async () => {
    const { page } = await mountedPage();
    try {
      await typeCard(page, '4000002500003155');
      const pending = confirm(page);
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      const { error } = await pending;
      assert.equal(error?.code, 'setup_intent_authentication_failure');
    } finally {
      await page.close();
    }
  });

  it('refuses to mount inside a shadow root, like Stripe', async () => {
    const page = await context.newPage();
    try {
      await page.goto(pageUrl);
      const message = await page.evaluate(() => {
        const host = document.getElementById('shadow-host')!;
        const inner = document.createElement('div');
        host.attachShadow({ mode: 'open' }).append(inner);
        const stripe = (window as unknown as { Stripe(key: string): { elements(): { create(t: string): { mount(n: Element): void } } } }).Stripe('pk_test_x');
        try {
          stripe.elements().create('payment').mount(inner);
          return 'mounted';
        } catch (error) {
          return (error as Error).message;
        }
      });
      assert.equal(message, 'Elements cannot be mounted in a ShadowRoot. Please mount in the Light DOM.');
    } finally {
      await page.close();
    }
  });
});
