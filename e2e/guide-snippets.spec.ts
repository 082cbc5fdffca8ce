/**
 * The integration guide's snippets run as written (issue #10, test 7). docs/integration.md marks each snippet a test
 * runs with an HTML comment before its fence (`<!-- snippet: NAME -->`, invisible to a reader); a marked snippet that
 * is missing, or marked twice, fails the test. Nothing inside a snippet is edited; what a partner supplies around
 * them is, minimally:
 *
 * - the environment of the Node backend snippet: `SERVICE_URL` (the e2e sandbox) and `SANDBOX_APP_TOKEN` (the e2e
 *   App token, `E2E.appToken`), the two variables the guide says it reads; the snippet is imported as a module;
 * - the partner's own web app: a real HTTP server on `E2E.ownAppUrl`, an allowed parent origin of the sandbox App
 *   (SANDBOX_ALLOWED_ORIGINS in playwright.config.ts), sending the CSP and Permissions-Policy of the guide's
 *   "Content Security Policy" section. Its page's body is the guide's HTML snippet (the ES module page adds the
 *   `<button id="enroll">` the guide says that snippet expects); `/static/` holds the files the HTML names (the SDK's
 *   dist/host build, the guide's scripts and stylesheet, or the ES module snippet bundled by esbuild, which resolves
 *   `service-flow/host` through this package's `exports`, as a partner's bundler does);
 * - its route `POST /api/flow-link`, answering `{ login_link: await loginLink(user) }` with the guide's own Node
 *   snippet for a new user each time, as the guide describes that route.
 *
 * Each page snippet then completes one enrollment (the production flow, the real sandbox) to `completed`, seen in the
 * console line the snippet itself logs, and leaves nothing on screen and no console error.
 */
import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { expect, test, type Page } from '@playwright/test';
import { E2E } from '../playwright.config.js';
import { completeEnrollment } from './support/flow-steps.js';
import { getAccount, randomEmail } from './support/sandbox.js';

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
type LoginLink = (user: User, options?: { scope?: string; behavior?: string; returnUrl?: string }) => Promise<string>;

let loginLink: LoginLink;
let moduleBundle: string;
let workDir: string;
let partnerApp: ReturnType<typeof startPartnerApp>;

test.beforeAll(async () => {
  // Every snippet is read first: a missing marker fails before anything runs.
  const sources = Object.fromEntries(
    ['backend-node', 'sdk-module', 'sdk-script-html', 'sdk-script-js', 'iframe-html', 'iframe-css', 'iframe-js'].map((n) => [n, snippet(n)]),
  );
  const built = spawnSync('npm', ['run', '--silent', 'build:host'], { cwd: ROOT, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`npm run build:host failed:\n${built.stdout}\n${built.stderr}`);

  // The Node backend snippet, as a module of its own, with the environment the guide says it reads.
  process.env.SERVICE_URL = E2E.sandboxUrl;
  process.env.SANDBOX_APP_TOKEN = E2E.appToken;
  workDir = mkdtempSync(join(tmpdir(), 'guide-snippets-'));
  const backend = join(workDir, 'backend.mjs');
  writeFileSync(backend, sources['backend-node']!);
  ({ loginLink } = (await import(pathToFileURL(backend).href)) as { loginLink: LoginLink });

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

  partnerApp = startPartnerApp();
  partnerApp.server.listen(Number(new URL(E2E.ownAppUrl).port), 'localhost');
  await once(partnerApp.server, 'listening');
});

test.afterAll(async () => {
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
    if (req.method === 'POST' && path === '/api/flow-link') {
      // The route the guide describes: `{ login_link: await loginLink(currentUser) }`, a new signed-in user each time.
      const user: User = { email: randomEmail('guide') };
      site.users.push(user);
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

/** Records the page's console lines and its errors (a CSP violation is a console error). */
function watchConsole(page: Page): { lines: string[]; errors: string[] } {
  const seen = { lines: [] as string[], errors: [] as string[] };
  page.on('console', (m) => (m.type() === 'error' ? seen.errors : seen.lines).push(m.text()));
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
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('enroll');
  expect(seen.errors).toEqual([]);
  // One link, for the one account the guide's backend created, which the service now says is past `created`.
  expect(site.users).toHaveLength(1);
  const account = await getAccount(site.users[0]!.accountUuid!);
  expect(account.status).not.toBe('created');
  // Where the snippet logs the close message's account_status, it is the service's.
  const logged = seen.lines.find((l) => closedLine.test(l))!.split(' ');
  if (logged[0] === 'closed') expect(logged[2]).toBe(account.status);
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

  test('the SDK as an ES module (bundled) completes an enrollment', async ({ page }) => {
    const site = partnerApp.show({
      // The module snippet expects the <button id="enroll"> of the script-tag example; the page adds it.
      body: '<button id="enroll" type="button">Get electricity</button>\n<script type="module" src="/static/enroll.js"></script>',
      files: { 'enroll.js': js(moduleBundle) },
    });
    const lines = await enrollThroughSnippet(page, site, /^closed completed \S+$/);
    expect(lines).toContain('the flow is on screen');
    expect(lines).toContain('service-flow-step plans');
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
});
