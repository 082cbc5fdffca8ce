/**
 * The integration guide's snippets run as written (issue #10, test 7). docs/integration.md marks each snippet a test
 * runs with an HTML comment before its fence (`<!-- snippet: NAME -->`, invisible to a reader); a marked snippet that
 * is missing, or marked twice, fails the test. Nothing inside a snippet is edited; what a partner supplies around
 * them is, minimally:
 *
 * - the environment of the Node backend snippet: `SERVICE_URL` (the e2e sandbox) and `SANDBOX_APP_TOKEN` (the e2e
 *   App token, `E2E.appToken`), the two variables the guide says it reads; the snippet is imported as a module;
 * - the same snippet started in a Node process of its own, with and without `SANDBOX_APP_TOKEN`: it stops at start,
 *   naming the variable, only without it;
 * - the partner's own web app: a real HTTP server on `E2E.ownAppUrl`, an allowed parent origin of the sandbox App
 *   (SANDBOX_ALLOWED_ORIGINS in playwright.config.ts), sending the CSP and Permissions-Policy of the guide's
 *   "Content Security Policy" section. Its page's body is the guide's HTML snippet (the ES module page adds the
 *   `<button id="enroll">` the guide says that snippet expects); `/static/` holds the files the HTML names (the SDK's
 *   dist/host build, the guide's scripts and stylesheet, or the ES module snippet bundled by esbuild, which resolves
 *   `service-flow/host` through this package's `exports`, as a partner's bundler does; or, for the ES module
 *   without a bundler, dist/host's service-flow.js and chunk-service-flow.js copied as they are);
 * - its route `POST /api/flow-link`, answering `{ login_link: await loginLink(user) }` with the guide's own Node
 *   snippet for a new user each time, as the guide describes that route.
 *
 * Each page snippet (the SDK as an ES module, bundled or copied, the SDK with a script tag, the raw iframe, the React hook, mounted by
 * a minimal app of the test's own) then completes one enrollment (the production flow, the real sandbox) to
 * `completed`, seen in the console line the snippet itself logs, and leaves nothing on screen, focus on its button
 * and no console error. The React snippet also type-checks against the package's declarations. A hosted link from
 * the Node snippet returns to a return URL on the partner's origin with `reason` and `locale`, where the page reads
 * the status with the snippet's `accountStatus`.
 */
import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { expect, test, type Page } from '@playwright/test';
import { E2E } from '../playwright.config.js';
import { ADDRESSES, acceptFirstPlan, completeAddress, completeEnrollment, expectStep, fillIdentity } from './support/flow-steps.js';
import { expireTokens, getAccount, randomEmail } from './support/sandbox.js';

const ROOT = resolve(import.meta.dirname, '..');
const GUIDE = readFileSync(join(ROOT, 'docs/integration.md'), 'utf8');

/** The code of the fence right after `<!-- snippet: name -->`; throws when it is missing or not unique. */
function snippet(name: string): string {
  const marker = `<!-- snippet: ${name} -->`;
  const at = GUIDE.indexOf(marker);
  if (at < 0) throw new Error(`docs/integration.md has no snippet marked "${marker}"`);
  if (GUIDE.indexOf(marker, at + marker.length) >= 0) throw new Error(`docs/integration.md marks "${name}" twice`);
  const fence = /^\s*```[a-z]*\n([\s\S]*?)\n```/.exec(GUIDE.slice(at + marker.length));
  if (!fence) throw new Error(`"${marker}" in docs/integration.md is not followed by a fenced code block`);
  return fence[1]!;
}

interface User {
  email: string;
  accountUuid?: string;
}
interface Backend {
  loginLink(user: User, options?: { scope?: string; behavior?: string; returnUrl?: string }): Promise<string>;
  accountStatus(user: User): Promise<{ status: string; status_reason: string | null }>;
}

let loginLink: Backend['loginLink'];
let accountStatus: Backend['accountStatus'];
let moduleBundle: string;
let reactBundle: string;
let workDir: string;
let partnerApp: ReturnType<typeof startPartnerApp>;
let savedEnv: Record<string, string | undefined> = {};

test.beforeAll(async () => {
  // Every snippet is read first: a missing marker fails before anything runs.
  const sources = Object.fromEntries(
    ['backend-node', 'sdk-module', 'sdk-module-static-html', 'sdk-module-static-js', 'sdk-script-html', 'sdk-script-js', 'iframe-html', 'iframe-css', 'iframe-js', 'react'].map((n) => [n, snippet(n)]),
  );
  const built = spawnSync('npm', ['run', '--silent', 'build:host'], { cwd: ROOT, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`npm run build:host failed:\n${built.stdout}\n${built.stderr}`);

  // The Node backend snippet, as a module of its own, with the environment the guide says it reads.
  savedEnv = { SERVICE_URL: process.env.SERVICE_URL, SANDBOX_APP_TOKEN: process.env.SANDBOX_APP_TOKEN };
  process.env.SERVICE_URL = E2E.sandboxUrl;
  process.env.SANDBOX_APP_TOKEN = E2E.appToken;
  workDir = mkdtempSync(join(tmpdir(), 'guide-snippets-'));
  const backend = join(workDir, 'backend.mjs');
  writeFileSync(backend, sources['backend-node']!);
  ({ loginLink, accountStatus } = (await import(pathToFileURL(backend).href)) as Backend);

  // The ES module snippet as a partner's bundler builds it (resolveDir: this package, so `service-flow/host` is
  // resolved by name through package.json's exports, to the dist/host build).
  const bundled = await build({
    stdin: { contents: sources['sdk-module']!, resolveDir: ROOT, sourcefile: 'enroll.js', loader: 'js' },
    bundle: true,
    format: 'esm',
    write: false,
    logLevel: 'silent',
  });
  moduleBundle = bundled.outputFiles[0]!.text;

  // The React snippet, bundled with React as a partner's app would, and mounted by a minimal app of the test's own:
  // it asks the partner's route for a link and renders the snippet's <EnrollButton loginLink={…} />.
  const reactApp = await build({
    stdin: {
      contents: `import { createElement, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { EnrollButton } from 'guide:react';
function App() {
  const [link, setLink] = useState(null);
  useEffect(() => {
    fetch('/api/flow-link', { method: 'POST' }).then((r) => r.json()).then((j) => setLink(j.login_link));
  }, []);
  return createElement(EnrollButton, { loginLink: link });
}
createRoot(document.getElementById('root')).render(createElement(App));`,
      resolveDir: ROOT,
      sourcefile: 'app.js',
      loader: 'js',
    },
    plugins: [
      {
        name: 'guide-snippet',
        setup(b) {
          b.onResolve({ filter: /^guide:react$/ }, () => ({ path: 'react', namespace: 'guide' }));
          b.onLoad({ filter: /.*/, namespace: 'guide' }, () => ({ contents: sources['react']!, loader: 'tsx', resolveDir: ROOT }));
        },
      },
    ],
    bundle: true,
    format: 'esm',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
    logLevel: 'silent',
  });
  reactBundle = reactApp.outputFiles[0]!.text;

  partnerApp = startPartnerApp();
  partnerApp.server.listen(Number(new URL(E2E.ownAppUrl).port), 'localhost');
  await once(partnerApp.server, 'listening');
});

test.afterAll(async () => {
  for (const [name, value] of Object.entries(savedEnv)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  if (workDir) rmSync(workDir, { recursive: true, force: true });
  if (partnerApp?.server.listening) {
    partnerApp.server.closeAllConnections();
    await new Promise((done) => partnerApp.server.close(done));
  }
});

interface StaticFile {
  type: string;
  body: string;
}
interface Site {
  /** The page's `<body>`: a snippet of the guide, as written. */
  body: string;
  /** What it references under /static/. */
  files: Record<string, StaticFile>;
  /** Each user the route made a link for. */
  users: User[];
  /** The route links the first user again rather than a new one (one customer signed in to the partner's app). */
  sameUser?: boolean;
}

/**
 * The partner's own web app, a real HTTP server on E2E.ownAppUrl (an allowed parent origin of the sandbox App,
 * SANDBOX_ALLOWED_ORIGINS in playwright.config.ts): the page at /shop/enroll, its /static/ files, and the route the
 * page calls, POST /api/flow-link, which answers with the guide's Node backend snippet. Its headers are the ones the
 * guide's "Content Security Policy" section asks for. One site at a time (the tests run one after another).
 */
function startPartnerApp(): { server: Server; show(site: Omit<Site, 'users'>): Site } {
  const flowOrigin = new URL(E2E.flowUrl).origin;
  const headers = {
    'Content-Security-Policy': `default-src 'self'; script-src 'self'; style-src 'self'; frame-src ${flowOrigin}; object-src 'none'; base-uri 'none'`,
    'Permissions-Policy': `payment=(self "${flowOrigin}")`,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  };
  let site: Site | null = null;
  const server = createServer((req, res) => {
    const send = (status: number, type: string, body: string) => res.writeHead(status, { ...headers, 'Content-Type': type }).end(body);
    const path = new URL(req.url ?? '/', E2E.ownAppUrl).pathname;
    if (!site) return send(503, 'text/plain', 'No site');
    if (req.method === 'GET' && path === '/shop/enroll') {
      return send(200, 'text/html; charset=utf-8', `<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>Partner</title></head>\n<body>\n${site.body}\n</body>\n</html>\n`);
    }
    if (req.method === 'GET' && path === '/enrollment/back') {
      // A hosted flow's return page: `reason` and `locale` only choose words; the status is the service's.
      const query = new URL(req.url ?? '/', E2E.ownAppUrl).searchParams;
      accountStatus(site.users.at(-1)!).then(
        ({ status }) => send(200, 'text/html; charset=utf-8', `<!doctype html><html lang="${query.get('locale') === 'es' ? 'es' : 'en'}"><title>Back</title><p id="reason">${query.get('reason') === 'completed' ? 'Welcome' : 'Continue later'}</p><p id="status">${status}</p></html>`),
        (error: Error) => send(502, 'text/plain', error.message),
      );
      return;
    }
    if (req.method === 'POST' && path === '/api/flow-link') {
      // The route the guide describes: `{ login_link: await loginLink(currentUser) }`, a new signed-in user each time
      // (or the same one, `sameUser`).
      let user = site.sameUser ? site.users[0] : undefined;
      if (!user) site.users.push((user = { email: randomEmail('guide') }));
      loginLink(user).then(
        (login_link) => send(200, 'application/json', JSON.stringify({ login_link })),
        (error: Error) => send(502, 'application/json', JSON.stringify({ error: error.message })),
      );
      return;
    }
    const file = req.method === 'GET' && path.startsWith('/static/') ? site.files[path.slice('/static/'.length)] : undefined;
    if (file) return send(200, file.type, file.body);
    if (path === '/favicon.ico') return res.writeHead(204, headers).end();
    return send(404, 'text/plain', 'Not found');
  });
  return {
    server,
    show(next) {
      site = { ...next, users: [] };
      return site;
    },
  };
}

const js = (body: string) => ({ type: 'text/javascript; charset=utf-8', body });
const sdkScript = () => js(readFileSync(join(ROOT, 'dist/host/service-flow.iife.js'), 'utf8'));

/**
 * The page's console lines, and the errors of the partner's own page: a CSP violation of its policy, a file it could
 * not load, an uncaught exception. The flow's own console (its frame, its requests to the service, e.g. a 429 of the
 * sandbox's rate limit that the flow retries) is not the snippet's: e2e/framing checks the flow's console.
 */
function watchConsole(page: Page): { lines: string[]; errors: string[] } {
  const seen = { lines: [] as string[], errors: [] as string[] };
  page.on('console', (m) => {
    if (m.type() !== 'error') seen.lines.push(m.text());
    else if (!m.location().url || m.location().url.startsWith(`${E2E.ownAppUrl}/`)) seen.errors.push(`${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => seen.errors.push(e.message));
  return seen;
}

/**
 * Opens the partner's page, clicks the snippet's button, walks the enrollment in the flow's iframe, and waits for the
 * line the snippet logs on `service-flow-close`. Returns the console lines.
 */
async function enrollThroughSnippet(page: Page, site: Site, closedLine: RegExp): Promise<string[]> {
  const seen = watchConsole(page);
  await page.goto(`${E2E.ownAppUrl}/shop/enroll`);
  await page.getByRole('button', { name: 'Get electricity' }).click();
  await expect(page.locator('iframe')).toHaveCount(1);
  await completeEnrollment(page.frameLocator('iframe'));
  await expect.poll(() => seen.lines.find((l) => closedLine.test(l)) ?? '', { timeout: 15_000 }).toMatch(closedLine);
  // Nothing left on screen, focus back on the button, and not one console error (a CSP violation would be one).
  await expect(page.locator('iframe')).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Get electricity' })).toBeFocused();
  expect(seen.errors).toEqual([]);
  // One link, for the one account the guide's backend created, which the service now says is past `created`.
  expect(site.users).toHaveLength(1);
  const account = await getAccount(site.users[0]!.accountUuid!);
  expect(account.status).not.toBe('created');
  // Where the snippet logs the close message's account_status, it is the service's.
  const logged = seen.lines.find((l) => closedLine.test(l))!.split(' ');
  if (logged[0] === 'closed' && logged[2] !== undefined) expect(logged[2]).toBe(account.status);
  return seen.lines;
}

test.describe("the integration guide's snippets", () => {
  test('backend (Node): an account for a new user, and an embedded link for it, from the sandbox', async () => {
    const user: User = { email: randomEmail('guide-node') };
    const link = new URL(await loginLink(user));
    expect(link.origin).toBe(new URL(E2E.flowUrl).origin);
    expect(link.pathname).toBe('/login');
    expect(link.searchParams.get('token')).toMatch(/^flow_/);
    expect(user.accountUuid).toMatch(/^[0-9a-f-]{36}$/);
    const account = await getAccount(user.accountUuid!);
    expect(account.email).toBe(user.email);
    // The same user gets the same account again; a hosted link takes a return URL on an allowed origin.
    const hosted = new URL(await loginLink(user, { behavior: 'hosted', returnUrl: `${E2E.partnerUrl}/enrolled` }));
    expect(hosted.searchParams.get('token')).not.toBe(link.searchParams.get('token'));
    expect(user.accountUuid).toBe(account.account_uuid);
    // A return URL off the allowed origins is refused, and the error says why.
    await expect(loginLink(user, { behavior: 'hosted', returnUrl: 'https://elsewhere.example/back' })).rejects.toThrow(/: 422 .*"code":"unprocessable".*return_url/);
    await expect(loginLink(user, { behavior: 'hosted', returnUrl: 'javascript:alert(1)' })).rejects.toThrow(/: 400 .*"code":"invalid_request".*return_url/);
  });

  test('backend (Node): without SANDBOX_APP_TOKEN the module stops at start, naming the variable', () => {
    const file = join(workDir, 'backend-start.mjs');
    writeFileSync(file, snippet('backend-node'));
    const run = (token: string | undefined) => {
      const env: Record<string, string | undefined> = { ...process.env, SERVICE_URL: E2E.sandboxUrl, SANDBOX_APP_TOKEN: token };
      if (token === undefined) delete env.SANDBOX_APP_TOKEN;
      return spawnSync(process.execPath, [file], { env, encoding: 'utf8' });
    };
    // With the token, the module loads and makes no call (nothing to wait for); without it, or empty, it throws.
    const withToken = run(E2E.appToken);
    expect(withToken.status, withToken.stderr).toBe(0);
    for (const token of [undefined, '']) {
      const without = run(token);
      expect(without.status).not.toBe(0);
      expect(without.stderr).toContain('SANDBOX_APP_TOKEN is not set');
    }
  });

  test('the SDK as an ES module (bundled) completes an enrollment', async ({ page }) => {
    const site = partnerApp.show({
      // The module snippet expects the <button id="enroll"> of the script-tag example; the page adds it.
      body: '<button id="enroll" type="button">Get electricity</button>\n<script type="module" src="/static/enroll.js"></script>',
      files: { 'enroll.js': js(moduleBundle) },
    });
    const lines = await enrollThroughSnippet(page, site, /^closed completed \S+$/);
    expect(lines).toContain('the flow is on screen');
    expect(lines).toContain('step plans');
  });

  test('the SDK as an ES module (bundled): a link that expires in the flow is explained, and the button continues there', async ({ page }) => {
    const site = partnerApp.show({
      body: '<button id="enroll" type="button">Get electricity</button>\n<script type="module" src="/static/enroll.js"></script>',
      files: { 'enroll.js': js(moduleBundle) },
      // The partner's one signed-in customer asks again: the route gives them a new link to the same account.
      sameUser: true,
    });
    const seen = watchConsole(page);
    await page.goto(`${E2E.ownAppUrl}/shop/enroll`);
    await page.getByRole('button', { name: 'Get electricity' }).click();
    const frame = page.frameLocator('iframe');
    await completeAddress(frame, ADDRESSES.bissonnet);
    await acceptFirstPlan(frame);
    await expectStep(frame, 'identity');

    await expireTokens(site.users[0]!.accountUuid!);
    await fillIdentity(frame); // its save is refused: the link's hour is over
    await expect.poll(() => seen.lines.find((l) => l.startsWith('closed ')) ?? '').toMatch(/^closed expired\b/);
    // The modal is gone; the page says why, on the button that opened it (focused again), which continues.
    await expect(page.locator('iframe')).toHaveCount(0);
    const again = page.getByRole('button', { name: 'Your session timed out. Continue where you left off' });
    await expect(again).toBeFocused();
    await again.click();
    // A new link for the same account: the flow resumes at the first step not finished (the plan accepted is kept).
    await expectStep(page.frameLocator('iframe'), 'identity');
    expect(site.users).toHaveLength(1);
    expect(seen.errors).toEqual([]);
  });

  test('the SDK as an ES module without a bundler (the two files copied) completes an enrollment', async ({ page }) => {
    const copied = (name: string) => js(readFileSync(join(ROOT, 'dist/host', name), 'utf8'));
    const site = partnerApp.show({
      body: snippet('sdk-module-static-html'),
      files: {
        'service-flow.js': copied('service-flow.js'),
        'chunk-service-flow.js': copied('chunk-service-flow.js'),
        'enroll.js': js(snippet('sdk-module-static-js')),
      },
    });
    await enrollThroughSnippet(page, site, /^closed completed$/);
  });

  test('the SDK with a script tag completes an enrollment', async ({ page }) => {
    const site = partnerApp.show({
      body: snippet('sdk-script-html'),
      files: { 'service-flow.iife.js': sdkScript(), 'enroll.js': js(snippet('sdk-script-js')) },
    });
    await enrollThroughSnippet(page, site, /^flow closed completed$/);
  });

  test('the raw iframe without the SDK completes an enrollment', async ({ page }) => {
    const site = partnerApp.show({
      body: snippet('iframe-html'),
      files: { 'flow.js': js(snippet('iframe-js')), 'flow.css': { type: 'text/css; charset=utf-8', body: snippet('iframe-css') } },
    });
    await enrollThroughSnippet(page, site, /^closed completed \S+$/);
  });

  test('React: the snippet type-checks against the package\'s types', () => {
    // In this package's folder, so that `service-flow/react` resolves by name to dist/host's declarations.
    mkdirSync(join(ROOT, 'test-results'), { recursive: true });
    const dir = mkdtempSync(join(ROOT, 'test-results', 'guide-react-'));
    try {
      writeFileSync(join(dir, 'enroll-button.tsx'), snippet('react'));
      const args = ['--noEmit', '--strict', '--noUnusedLocals', '--jsx', 'react-jsx', '--module', 'esnext', '--moduleResolution', 'bundler', '--target', 'es2022', '--lib', 'es2023,dom', '--skipLibCheck', join(dir, 'enroll-button.tsx')];
      const checked = spawnSync(process.execPath, [join(ROOT, 'node_modules/.bin/tsc'), ...args], { cwd: ROOT, encoding: 'utf8' });
      expect(checked.stdout + checked.stderr).toBe('');
      expect(checked.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('React: the hook of the guide completes an enrollment', async ({ page }) => {
    const site = partnerApp.show({
      body: '<div id="root"></div>\n<script type="module" src="/static/app.js"></script>',
      files: { 'app.js': js(reactBundle) },
    });
    await enrollThroughSnippet(page, site, /^closed completed$/);
  });

  test('a hosted link returns to its return URL with the reason, and the return page reads the status from the service', async ({ page }) => {
    const site = partnerApp.show({ body: '', files: {} });
    const user: User = { email: randomEmail('guide-hosted') };
    site.users.push(user);
    const link = await loginLink(user, { behavior: 'hosted', returnUrl: `${E2E.ownAppUrl}/enrollment/back` });
    await page.goto(link);
    await completeEnrollment(page);
    await page.waitForURL(`${E2E.ownAppUrl}/enrollment/back?**`);
    const back = new URL(page.url());
    expect(Object.fromEntries(back.searchParams)).toEqual({ reason: 'completed', locale: 'en' });
    await expect(page.locator('#reason')).toHaveText('Welcome');
    const { status } = await getAccount(user.accountUuid!);
    expect(status).not.toBe('created');
    await expect(page.locator('#status')).toHaveText(status);
  });
});
