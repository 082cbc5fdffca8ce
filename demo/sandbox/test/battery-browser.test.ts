/**
 * The emulated battery maker's page in a real Chromium, the two ways the flow uses it: a popup opened by a flow page
 * on another origin (Allow with the keyboard; the popup tells its opener and closes itself), and a top-level
 * navigation with a return_url (Deny; the browser lands back on the flow with ?battery_authorization=). The page
 * must pass axe, raise no CSP violation, and message only the flow's origin.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { chromium, type Browser, type Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { createSandbox, type Sandbox } from '../app.js';
import { CHROMIUM_FLAGS, findChromium } from '../../../scripts/chromium.js';

const APP_TOKEN = 'sandbox_app_battery_browser';

/** The flow's stand-in: opens the maker's page in a popup and records what its window receives. */
const FLOW_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Flow</title></head>
<body><main><h1>Connect your battery</h1><button id="connect" type="button">Connect</button></main>
<script src="/flow.js"></script></body></html>`;
const FLOW_JS = `
window.received = [];
window.addEventListener('message', (event) => window.received.push({ origin: event.origin, data: event.data }));
document.getElementById('connect').addEventListener('click', () => {
  window.open(new URL(location.href).searchParams.get('url'), 'battery', 'popup,width=480,height=640');
});`;

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

describe('the battery maker\'s page in Chromium', () => {
  let sandbox: Sandbox;
  let sandboxServer: ReturnType<typeof serve>;
  let sandboxUrl: string;
  let flow: Server;
  let flowUrl: string;
  let browser: Browser;

  before(async () => {
    flow = createServer((req, res) => {
      if (req.url === '/flow.js') res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(FLOW_JS);
      else res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': "default-src 'self'; script-src 'self'" }).end(FLOW_HTML);
    });
    flowUrl = await listen(flow);
    // The sandbox must know its own public URL (the authorization_url), known once it listens.
    sandboxServer = serve({ fetch: (req) => sandbox.app.fetch(req), port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => sandboxServer.once('listening', () => resolve()));
    sandboxUrl = `http://127.0.0.1:${(sandboxServer.address() as AddressInfo).port}`;
    sandbox = createSandbox({ appToken: APP_TOKEN, rateLimits: false, publicUrl: sandboxUrl, flowUrl, allowedOrigins: ['http://partner.test'] });
    browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_FLAGS });
  });

  after(async () => {
    await browser?.close();
    sandbox?.close();
    sandboxServer?.close();
    flow?.close();
  });

  async function api(method: string, path: string, token: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
    const res = await sandbox.app.request(path, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  async function startAuthorization(body: Record<string, unknown>): Promise<{ token: string; id: string; url: string }> {
    const account = await api('POST', '/v1/app/accounts', APP_TOKEN, { email: 'battery@example.com' });
    const token = account.body.account_token as string;
    const auth = await api('POST', '/v1/account/battery/authorizations', token, body);
    assert.equal(auth.status, 201);
    return { token, id: auth.body.id as string, url: auth.body.authorization_url as string };
  }

  function cspViolations(page: Page): string[] {
    const found: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) found.push(m.text());
    });
    return found;
  }

  it('popup: passes axe, Allow by keyboard tells the flow\'s origin only and closes; the authorization is approved', async () => {
    const { token, id, url } = await startAuthorization({ maker: 'tesla' });
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${flowUrl}/?url=${encodeURIComponent(url)}`);
      const [popup] = await Promise.all([page.waitForEvent('popup'), page.click('#connect')]);
      const violations = cspViolations(popup);
      await popup.waitForLoadState();
      assert.equal(await popup.title(), 'Tesla: connect your battery (sandbox)');
      const axe = await new AxeBuilder({ page: popup }).analyze();
      assert.deepEqual(axe.violations.map((v) => v.id), []);
      const closed = popup.waitForEvent('close');
      await popup.getByRole('button', { name: 'Allow' }).focus();
      await popup.keyboard.press('Enter');
      await closed;
      await page.waitForFunction(() => (window as unknown as { received: unknown[] }).received.length > 0);
      const received = await page.evaluate(() => (window as unknown as { received: { origin: string; data: unknown }[] }).received);
      assert.deepEqual(received, [{ origin: sandboxUrl, data: { type: 'service-flow-battery-authorization', authorization: id, status: 'approved' } }]);
      assert.deepEqual(violations, []);
      const auth = await api('GET', `/v1/account/battery/authorizations/${id}`, token);
      assert.equal(auth.body.status, 'approved');
    } finally {
      await context.close();
    }
  });

  it('redirect: Deny lands back on the flow with ?battery_authorization=; the authorization is denied', async () => {
    const { token, id, url } = await startAuthorization({ maker: 'enphase', return_url: `${flowUrl}/battery/return?step=devices` });
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const violations = cspViolations(page);
      await page.goto(`${url}&locale=es`);
      assert.equal(await page.getAttribute('html', 'lang'), 'es');
      const axe = await new AxeBuilder({ page }).analyze();
      assert.deepEqual(axe.violations.map((v) => v.id), []);
      await Promise.all([page.waitForURL(`${flowUrl}/battery/return**`), page.getByRole('button', { name: 'Denegar' }).click()]);
      const landed = new URL(page.url());
      assert.equal(landed.searchParams.get('battery_authorization'), id);
      assert.equal(landed.searchParams.get('step'), 'devices');
      assert.deepEqual(violations, []);
      const auth = await api('GET', `/v1/account/battery/authorizations/${id}`, token);
      assert.equal(auth.body.status, 'denied');
      assert.equal(auth.body.reason, 'access_denied');
      // The maker's page opened again (the WebView's Back): the outcome, a heading that passes axe, named in the title.
      await page.goto(`${url}&locale=es`);
      assert.equal(await page.title(), 'Conexión rechazada – Enphase: conecte su batería (prueba)');
      assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Conexión rechazada');
      const outcome = await new AxeBuilder({ page }).analyze();
      assert.deepEqual(outcome.violations.map((v) => v.id), []);
    } finally {
      await context.close();
    }
  });
});
