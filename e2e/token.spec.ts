/**
 * The token never appears in the address bar after load, nor in any request's Referer, storage or message (issue #10,
 * test 6). The production flow, the real sandbox and real Chromium, in the two ways a customer meets a link: embedded
 * in the partner demo's cross-origin iframe (its modal, the host SDK) and a hosted link at top level that returns to
 * the partner's return page. Each walks a whole enrollment, with a reload that resumes in the middle.
 *
 * Requests are read from Chromium's own net log (every frame and process, CORS preflights, the Stripe.js emulator,
 * the hosted redirect), by e2e/support/token-leaks.ts: the token may appear only in the login link's one navigation
 * and in the flow's `Authorization: Bearer` header to the service's API. Storage, URLs, history and messages are read
 * in the pages. The one place the token is kept by design is the flow's per-tab sessionStorage entry, so that a reload
 * of the same tab resumes (src/flow/bootstrap.ts); it must be the only one, and gone once the flow closes.
 */
import { chromium, expect, test, type Browser, type BrowserContext, type Frame, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { E2E } from '../playwright.config.js';
import { SESSION_KEY } from '../src/flow/bootstrap.js';
import { ADDRESSES, acceptFirstPlan, addCard, completeAddress, expectStep, fillIdentity, finalize, finishDone, submitCredit } from './support/flow-steps.js';
import { createHostedLink, messages, openFlowInModal, waitForClose, waitForMessage } from './support/partner.js';
import { findToken, netLogFindings, sentHeaders, sentLines, type Leak, type NetLog } from './support/token-leaks.js';

let launched: Browser | undefined;
test.afterEach(async () => {
  await launched?.close();
  launched = undefined;
});

/** A browser of its own, logging every request it makes (headers as sent) to `file`, read once it is closed. */
async function loggingBrowser(file: string): Promise<{ browser: Browser; context: BrowserContext; netLog(): Promise<NetLog> }> {
  const options = test.info().project.use.launchOptions ?? {};
  const browser = await chromium.launch({ ...options, args: [...(options.args ?? []), `--log-net-log=${file}`, '--net-log-capture-mode=IncludeSensitive'] });
  launched = browser;
  const context = await browser.newContext({ baseURL: E2E.partnerUrl });
  return {
    browser,
    context,
    netLog: async () => {
      await browser.close();
      return JSON.parse(readFileSync(file, 'utf8')) as NetLog;
    },
  };
}

/** What the flow's document can see of itself: its URLs, history state and every kind of storage of its origin. */
function snapshot(frame: Frame | Page): Promise<Record<string, unknown>> {
  return frame.evaluate(async () => {
    const dump = (s: Storage): Record<string, string | null> => Object.fromEntries(Array.from({ length: s.length }, (_, i) => s.key(i) ?? '').map((k) => [k, s.getItem(k)]));
    const cached: Record<string, string[]> = {};
    for (const name of await caches.keys()) cached[name] = (await (await caches.open(name)).keys()).map((r) => r.url);
    return {
      href: location.href,
      documentUrl: document.URL,
      historyState: history.state as unknown,
      localStorage: dump(localStorage),
      sessionStorage: dump(sessionStorage),
      cookie: document.cookie,
      indexedDB: (await indexedDB.databases()).map((d) => d.name ?? ''),
      caches: cached,
    };
  });
}

/** Leaks in a snapshot, but for the flow's own sessionStorage entry while its session lasts. */
function leaksBesidesSession(snap: Record<string, unknown>, token: string): Leak[] {
  return findToken(snap, token).filter((l) => l.where !== `$.sessionStorage.${SESSION_KEY}`);
}

function tokenOf(loginLink: string): string {
  const token = new URL(loginLink).searchParams.get('token');
  if (!token) throw new Error(`no token in ${loginLink}`);
  return token;
}

test('the checker finds the token wherever it must not be (and only there)', () => {
  const token = 'flow_0123456789abcdefghijklmnopqrstuv';
  const loginLink = `${E2E.flowUrl}/login?token=${token}`;
  const types = { URL_REQUEST_START_JOB: 1, HTTP_TRANSACTION_SEND_REQUEST_HEADERS: 2, CORS_REQUEST: 3, DISK_CACHE_MEM_ENTRY_IMPL: 4, COOKIE_STORE_COOKIE_ADDED: 5 };
  const api = new URL(E2E.sandboxUrl).host;
  const log: NetLog = {
    constants: { logEventTypes: types },
    events: [
      // Allowed: the navigation, its cache entry, the Bearer header to the API.
      { type: 1, params: { method: 'GET', request_type: 'subframe', url: loginLink } },
      { type: 4, params: { key: `1/0/_dk_s_http://localhost http://localhost ${loginLink}` } },
      { type: 2, params: { line: 'GET /v1/account/flow HTTP/1.1\r\n', headers: [`Host: ${api}`, `authorization: Bearer ${token}`] } },
      { type: 3, params: { url: `${E2E.sandboxUrl}/v1/account/flow`, request_headers: { headers: [`authorization: Bearer ${token}`] } } },
      // Leaks: a Referer, the Bearer header to another origin, the token in another URL (even without its prefix),
      // the login link fetched by a script, a cookie.
      { type: 2, params: { line: 'GET /x.js HTTP/1.1\r\n', headers: [`Host: ${api}`, `Referer: ${loginLink}`] } },
      { type: 2, params: { line: 'GET /v1/x HTTP/1.1\r\n', headers: ['Host: evil.example', `authorization: Bearer ${token}`] } },
      { type: 1, params: { method: 'GET', request_type: 'other', url: `${E2E.sandboxUrl}/stripe.js?t=${token.slice(5)}` } },
      { type: 1, params: { method: 'GET', request_type: 'other', url: loginLink } },
      { type: 5, params: { name: 'sf', value: token } },
    ],
  };
  const found = netLogFindings(log, { token, loginLink, apiOrigin: E2E.sandboxUrl });
  expect(found.loginNavigations).toBe(1);
  expect(found.bearerRequests).toBe(1);
  expect(found.leaks.map((l) => l.where)).toEqual([
    'HTTP_TRANSACTION_SEND_REQUEST_HEADERS header',
    'HTTP_TRANSACTION_SEND_REQUEST_HEADERS header',
    'URL_REQUEST_START_JOB $.url',
    'URL_REQUEST_START_JOB (other, not a navigation)',
    'COOKIE_STORE_COOKIE_ADDED $.value',
  ]);
  expect(sentHeaders(log, '/x.js')).toEqual([[`Host: ${api}`, `Referer: ${loginLink}`]]);
  // And in a page's snapshot: anything but the flow's session entry.
  const snap = { href: 'http://x/', sessionStorage: { [SESSION_KEY]: JSON.stringify({ token }) }, localStorage: { other: token }, messages: [{ type: 'm', note: `t=${token}` }] };
  expect(leaksBesidesSession(snap, token).map((l) => l.where)).toEqual(['$.localStorage.other', '$.messages[0].note']);
});

test('embedded in the partner iframe: no token in the frame\'s URL, history, storage, messages or any request but its own', async () => {
  const { context, netLog } = await loggingBrowser(test.info().outputPath('net-log.json'));
  const page = await context.newPage();
  const { frame, iframe, loginLink } = await openFlowInModal(page);
  const token = tokenOf(loginLink);
  await expectStep(frame, 'address');
  const flow = (await (await iframe.elementHandle())!.contentFrame())!;

  let snap = await snapshot(flow);
  expect(new URL(flow.url()).search, 'the token left the frame\'s address at load').toBe('');
  expect(leaksBesidesSession(snap, token)).toEqual([]);
  // The one copy, for a reload of this tab, and the means to read it where the test will look after the close: a
  // document of the flow's origin in the same tab (the same partitioned sessionStorage) that is not the flow.
  expect(findToken(snap, token).map((l) => l.where)).toEqual([`$.sessionStorage.${SESSION_KEY}`]);
  await page.evaluate((src) => {
    const probe = document.createElement('iframe');
    probe.id = 'storage-probe';
    probe.src = src;
    document.body.append(probe);
  }, `${E2E.flowUrl}/robots.txt`);
  const probeFrame = async (): Promise<Frame> => {
    await expect.poll(() => page.frames().some((f) => f.url() === `${E2E.flowUrl}/robots.txt`)).toBe(true);
    return page.frames().find((f) => f.url() === `${E2E.flowUrl}/robots.txt`)!;
  };
  expect(findToken(await snapshot(await probeFrame()), token).map((l) => l.where), 'the probe sees the flow\'s sessionStorage').toEqual([`$.sessionStorage.${SESSION_KEY}`]);

  await completeAddress(frame, ADDRESSES.routh);
  await acceptFirstPlan(frame);
  await expectStep(frame, 'identity');
  // A reload resumes from the tab's copy: the token comes back into no URL.
  const before = (await messages(page)).length;
  await flow.evaluate(() => location.reload());
  await waitForMessage(page, { type: 'service-flow-step', step: 'identity' }, { after: before });
  await expectStep(frame, 'identity');
  snap = await snapshot(flow);
  expect(new URL(flow.url()).search).toBe('');
  expect(leaksBesidesSession(snap, token)).toEqual([]);

  await fillIdentity(frame);
  await submitCredit(frame);
  await addCard(frame);
  await finalize(frame);
  snap = await snapshot(flow);
  expect(leaksBesidesSession(snap, token)).toEqual([]);
  expect(findToken(await context.cookies(), token)).toEqual([]);
  await finishDone(frame);
  await waitForClose(page, { reason: 'completed' });

  // Closed: the tab's copy is gone; no message or visible log entry ever carried the token.
  // (sessionStorage is live: the probe reads it as it is now.)
  expect(findToken(await snapshot(await probeFrame()), token)).toEqual([]);
  const all = await messages(page);
  expect(all.length).toBeGreaterThan(5);
  expect(findToken(all, token)).toEqual([]);
  expect(await page.getByTestId('event-log').textContent()).not.toContain(token.slice(5));
  expect(findToken(await context.cookies(), token)).toEqual([]);

  const log = await netLog();
  const found = netLogFindings(log, { token, loginLink, apiOrigin: E2E.sandboxUrl });
  expect(found.leaks).toEqual([]);
  expect(found.loginNavigations, 'the login link is requested once, as the frame\'s navigation').toBe(1);
  expect(found.bearerRequests, 'the net log saw the flow\'s API calls').toBeGreaterThan(5);
  // It saw the card step's Stripe.js emulator and its card processor calls too, and the CORS preflights.
  expect(sentHeaders(log, '/__sandbox/stripe.js').length).toBeGreaterThan(0);
  expect(sentLines(log).filter((line) => line.startsWith('OPTIONS ')).length).toBeGreaterThan(0);
});

test('a hosted link at top level: no token in the address bar, history, storage or any request, nor on the return page', async ({ browser }) => {
  const { context, netLog } = await loggingBrowser(test.info().outputPath('net-log.json'));
  const partner = await context.newPage();
  const { loginLink } = await createHostedLink(partner);
  const token = tokenOf(loginLink);
  const phone = await context.newPage();
  await phone.setViewportSize({ width: 375, height: 812 });
  const cdp = await context.newCDPSession(phone);
  // The URL of each entry of the tab's history: what the address bar shows and what Back and Forward go to. (The
  // browser also keeps, out of every page's reach, the URL first typed for an entry: page.goto's login link.)
  const history = async (): Promise<string[]> => ((await cdp.send('Page.getNavigationHistory')) as { entries: Array<{ url: string }> }).entries.map((e) => e.url);

  await phone.goto(loginLink);
  await expectStep(phone, 'address');
  expect(new URL(phone.url()).search, 'the address bar lost the token at load').toBe('');
  // The entry the link created was replaced, not pushed: no entry of this tab's history holds the token.
  expect(findToken(await history(), token)).toEqual([]);
  expect(leaksBesidesSession(await snapshot(phone), token)).toEqual([]);

  await completeAddress(phone, ADDRESSES.routh);
  await acceptFirstPlan(phone);
  await expectStep(phone, 'identity');
  await phone.reload();
  await expectStep(phone, 'identity');
  expect(new URL(phone.url()).search).toBe('');
  expect(findToken(await history(), token)).toEqual([]);
  expect(leaksBesidesSession(await snapshot(phone), token)).toEqual([]);

  await fillIdentity(phone);
  await submitCredit(phone);
  await addCard(phone);
  await finalize(phone);
  await finishDone(phone);

  // Back on the partner's return page: its URL, its referrer and the tab's history hold no token.
  await phone.waitForURL((url) => url.origin === E2E.partnerUrl && url.pathname === '/return');
  await expect(phone.getByTestId('return-reason')).toHaveAttribute('data-reason', 'completed');
  expect(findToken([phone.url(), await phone.evaluate(() => document.referrer)], token)).toEqual([]);
  expect(findToken(await history(), token)).toEqual([]);
  // The flow forgot its copy when it closed: a document of its origin in this tab finds nothing.
  await phone.goto(`${E2E.flowUrl}/robots.txt`);
  expect(findToken(await snapshot(phone), token)).toEqual([]);
  expect(findToken(await context.cookies(), token)).toEqual([]);

  // The flow ended its session as it closed (a request kept alive past the page): the service has it before this
  // browser is closed for its net log, which would cut a request still on its way.
  await sessionEnded(token);
  const log = await netLog();
  const found = netLogFindings(log, { token, loginLink, apiOrigin: E2E.sandboxUrl });
  expect(found.leaks).toEqual([]);
  expect(found.loginNavigations, 'the login link is requested once, as the tab\'s navigation').toBe(1);
  expect(found.bearerRequests).toBeGreaterThan(5);
  // The redirect to the return page carries no Referer at all (the flow's Referrer-Policy: no-referrer).
  const toReturn = sentHeaders(log, '/return');
  expect(toReturn.length).toBeGreaterThan(0);
  for (const headers of toReturn) expect(headers.filter((h) => /^referer:/i.test(h))).toEqual([]);

  // The browser's own history (out of every page's reach) still has the link as opened. The next person at this
  // computer opening it, within its hour, finds it ended with its flow: not the account. (Another browser: the net
  // log's is closed, and counts this one's requests only.)
  const next = await (await browser.newContext()).newPage();
  await next.goto(loginLink);
  await expect(next.getByRole('heading', { level: 1 })).toHaveText('This link has expired', { timeout: 20_000 });
  await expect(next.locator('body')).not.toContainText(/Enrollment received|example\.com/);
});

/**
 * Waits until the service refuses `token` as expired: the flow's end of its session (`DELETE /v1/account/flow`,
 * sent as it closes, kept alive past the page) has arrived. Asked from here, not from a browser, so no page's
 * requests change.
 */
async function sessionEnded(token: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const res = await fetch(`${E2E.sandboxUrl}/v1/account`, { headers: { Authorization: `Bearer ${token}` } });
        return res.status === 401 ? ((await res.json()) as { error: { code: string } }).error.code : res.status;
      },
      { timeout: 10_000, message: 'the flow ended its session as it closed' },
    )
    .toBe('token_expired');
}

test('a hosted billing link left with the close button (exited) ends with its flow: opened again, it has expired', async ({ page, context }) => {
  const { loginLink } = await createHostedLink(page, { scope: 'billing', accountState: 'active-with-invoices' });
  const phone = await context.newPage();
  await phone.goto(loginLink);
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText('Your bills', { timeout: 20_000 });
  await phone.getByRole('button', { name: 'Close', exact: true }).first().click();
  await phone.waitForURL((url) => url.pathname === '/return');
  expect(new URL(phone.url()).searchParams.get('reason')).toBe('exited');
  await sessionEnded(tokenOf(loginLink));
  await phone.goto(loginLink);
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText('This link has expired', { timeout: 20_000 });
  await expect(phone.getByText(/invoice/i)).toHaveCount(0);
});

test('a hosted link opened by another page shares no window with it (Cross-Origin-Opener-Policy)', async ({ page }) => {
  const { loginLink } = await createHostedLink(page);
  // A page that opens the link itself (a partner's, or one that got hold of a link) keeps a handle on the window.
  const opened = page.waitForEvent('popup');
  await page.evaluate((url) => void ((window as unknown as { flowWindow: Window | null }).flowWindow = window.open(url)), loginLink);
  const flow = await opened;
  await expectStep(flow, 'address');
  // The flow's page has no opener to reach, and the opener's handle no longer reaches the flow's page.
  expect(await flow.evaluate(() => window.opener)).toBeNull();
  expect(await page.evaluate(() => (window as unknown as { flowWindow: Window }).flowWindow.closed)).toBe(true);
  await flow.close();
});
