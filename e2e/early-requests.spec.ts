/**
 * The first screen after one round trip: the page itself sends the session's requests (its first script,
 * scripts/early-requests.ts, a file of the page's origin) while the flow's code is still downloading, and the flow uses
 * their answers instead of asking again; a link in Spanish preloads the localization runtime too. The production flow,
 * the real sandbox, real Chromium.
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import { E2E } from '../playwright.config.js';
import { expectStep } from './support/flow-steps.js';
import { createHostedLink } from './support/partner.js';

/** The API GETs of the session (`/v1/account/flow`, `/v1/account`), as the page sent them. */
function sessionGets(page: Page): Request[] {
  const sent: Request[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (r.method() === 'GET' && r.url().startsWith(E2E.sandboxUrl) && ['/v1/account/flow', '/v1/account'].includes(pathname)) sent.push(r);
  });
  return sent;
}

test('a hosted link: the session is asked for while the code downloads, once, and its answer shows the first step', async ({ page, context }) => {
  const { loginLink } = await createHostedLink(page);
  const flow = await context.newPage();
  const sent = sessionGets(flow);
  const refused: string[] = [];
  flow.on('console', (m) => m.type() === 'error' && /Content Security Policy/i.test(m.text()) && refused.push(m.text()));

  // The flow's code is held until the service has answered the session: without the page's own requests, nothing
  // would ever ask for it, and the first step would never show.
  let answered!: () => void;
  const sessionAnswered = new Promise<void>((resolve) => (answered = resolve));
  flow.on('requestfinished', (r) => r.method() === 'GET' && r.url() === `${E2E.sandboxUrl}/v1/account/flow` && answered());
  // What the address bar says while the code is held: the token must not wait for the code to leave it.
  let whileHeld: string | undefined;
  await flow.route(/\/assets\/core-[\w-]+\.js$/, async (route) => {
    await sessionAnswered;
    whileHeld = await flow.evaluate(() => location.search);
    await route.continue();
  });

  // Not waiting for the page's load, which the held code delays: without the early requests it never comes.
  await flow.goto(loginLink, { waitUntil: 'commit' });
  await expectStep(flow, 'address');
  expect(whileHeld, 'the token left the address bar before the flow\'s code arrived').toBe('');
  expect(new URL(flow.url()).search, 'the token left the address bar').toBe('');
  expect(sent.map((r) => new URL(r.url()).pathname).sort(), 'each asked once: the flow took the answers').toEqual(['/v1/account', '/v1/account/flow']);
  for (const r of sent) expect((await r.allHeaders()).authorization).toMatch(/^Bearer \S+$/);
  expect(refused, 'the CSP allowed the page script').toEqual([]);
  expect(await flow.evaluate(() => 'sfEarly' in window), 'the token left the page global with the handover').toBe(false);
});

test('a link in Spanish: the localization runtime downloads with the code, not after it, and the first step is in Spanish', async ({ page, context }) => {
  const { loginLink } = await createHostedLink(page);
  const flow = await context.newPage();
  const refused: string[] = [];
  flow.on('console', (m) => m.type() === 'error' && /Content Security Policy/i.test(m.text()) && refused.push(m.text()));
  const runtimeAsked: string[] = [];
  flow.on('request', (r) => /\/assets\/runtime-[\w-]+\.js$/.test(r.url()) && runtimeAsked.push(r.url()));

  // The core is held until the runtime has been asked for: only the page's preload asks for it before the core runs.
  let asked!: () => void;
  const runtimeRequested = new Promise<void>((resolve) => (asked = resolve));
  flow.on('request', (r) => /\/assets\/runtime-[\w-]+\.js$/.test(r.url()) && asked());
  await flow.route(/\/assets\/core-[\w-]+\.js$/, async (route) => {
    await runtimeRequested;
    await route.continue();
  });

  await flow.goto(`${loginLink}&locale=es`, { waitUntil: 'commit' });
  await expect(flow.getByRole('heading', { level: 1, name: '¿Dónde necesita electricidad?' })).toBeVisible({ timeout: 20_000 });
  expect(await flow.evaluate(() => document.documentElement.lang)).toBe('es');
  expect(runtimeAsked, 'downloaded once: the flow\'s import took the preloaded module').toHaveLength(1);
  expect(refused, 'the CSP allowed the preload').toEqual([]);
});
