/**
 * `npm run bench`: builds the flow, serves the production build (vite preview) against a fresh sandbox, and reports
 * for the enrollment flow opened as a hosted page:
 *   - the gzip size of every built chunk and of the JavaScript the first step needs;
 *   - Lighthouse's mobile preset (performance score, FCP, LCP, TBT), median of five runs (BENCH_RUNS to change);
 *   - the same page with Chromium's CPU really slowed 4×: the long tasks it observes and their blocking time (what
 *     Lighthouse's TBT simulates from an unthrottled run), and LCP.
 * Prints a short table and writes bench-results/bench.json. A benchmark, not a test: it asserts nothing.
 *
 * BENCH_ORIGIN=same measures the deployment that avoids the CORS preflight: the flow built with its own origin as
 * the service URL and the preview server passing /v1 to the sandbox (API_PROXY in vite.config.ts), so every API call
 * is same-origin. The default, `cross`, is the flow and the API on two origins, as `npm start` runs them.
 * BENCH_LOCALE=es opens the link in Spanish (`&locale=es`, as a partner adds it): the first screen then waits for the
 * localization runtime with its strings too.
 * BENCH_PROTOCOL=h2 serves the flow over HTTPS and so HTTP/2, as static hosts and CDNs serve it (the preview server
 * with a throwaway self-signed certificate, which the bench's Chromium is told to accept): the page and its scripts
 * share one connection. The default, `h1`, is plain HTTP/1.1, as `npm start` serves it. The API stays on HTTP/1.1.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';
import { ensureChromium, CHROMIUM_FLAGS } from './chromium.js';
import { chunkReport } from './chunks.js';

const SANDBOX_PORT = 4210;
const FLOW_PORT = 5373;
const PROTOCOL = process.env.BENCH_PROTOCOL === 'h2' ? 'h2' : 'h1';
const sandboxUrl = `http://localhost:${SANDBOX_PORT}`;
const flowUrl = `${PROTOCOL === 'h2' ? 'https' : 'http'}://localhost:${FLOW_PORT}`;
const appToken = 'sandbox_app_bench_000000000000';
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ORIGIN = process.env.BENCH_ORIGIN === 'same' ? 'same' : 'cross';
const LOCALE = process.env.BENCH_LOCALE === 'es' ? 'es' : 'en';
/** bench-results/bench[-same-origin][-es][-h2].json */
const RESULTS = `bench-results/bench${ORIGIN === 'same' ? '-same-origin' : ''}${LOCALE === 'es' ? '-es' : ''}${PROTOCOL === 'h2' ? '-h2' : ''}.json`;

/** For HTTP/2: a self-signed certificate for localhost, valid one day, in a temporary folder (never kept). */
function throwawayCertificate(): { PREVIEW_TLS_CERT: string; PREVIEW_TLS_KEY: string } {
  const dir = mkdtempSync(join(tmpdir(), 'sf-bench-tls-'));
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  const made = spawnSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
    '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost', '-keyout', key, '-out', cert], { encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`BENCH_PROTOCOL=h2 needs openssl to make a certificate: ${made.stderr || made.error}`);
  return { PREVIEW_TLS_CERT: cert, PREVIEW_TLS_KEY: key };
}

const chrome = ensureChromium();
const env = {
  ...process.env,
  CHROME_PATH: chrome,
  SANDBOX_PORT: String(SANDBOX_PORT),
  SANDBOX_URL: sandboxUrl,
  FLOW_PORT: String(FLOW_PORT),
  FLOW_URL: flowUrl,
  SANDBOX_APP_TOKEN: appToken,
  SERVICE_URL: ORIGIN === 'same' ? flowUrl : sandboxUrl,
  ...(ORIGIN === 'same' ? { API_PROXY: sandboxUrl } : {}),
  ...(PROTOCOL === 'h2' ? throwawayCertificate() : {}),
};

console.log('Building the flow…');
const build = spawnSync(process.execPath, ['node_modules/.bin/vite', 'build', '--logLevel', 'warn'], { env, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const children: ChildProcess[] = [];
function start(args: string[]): void {
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
}
function stopAll(): void {
  for (const c of children) c.kill('SIGTERM');
}
process.on('exit', stopAll);

/** Whether `url` answers 200; over HTTPS the throwaway certificate is not checked. */
function answers(url: string): Promise<boolean> {
  if (!url.startsWith('https:')) return fetch(url).then((r) => r.ok);
  return new Promise((resolve, reject) => {
    const req = httpsRequest(url, { rejectUnauthorized: false }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', reject);
    req.end();
  });
}

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    try {
      if (await answers(url)) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${url} did not come up`);
}

async function hostedLink(): Promise<string> {
  const headers = { authorization: `Bearer ${appToken}`, 'content-type': 'application/json' };
  const account = await (await fetch(`${sandboxUrl}/v1/app/accounts`, { method: 'POST', headers, body: JSON.stringify({ email: `bench+${Date.now()}@example.com` }) })).json() as { uuid: string };
  const link = await (await fetch(`${sandboxUrl}/v1/app/accounts/${account.uuid}/flow-login`, { method: 'POST', headers, body: JSON.stringify({ scope: 'enrollment', behavior: 'hosted' }) })).json() as { login_link: string };
  return LOCALE === 'es' ? `${link.login_link}&locale=es` : link.login_link;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

start(['--import', 'tsx', 'demo/sandbox/main.ts']);
start(['node_modules/.bin/vite', 'preview', '--port', String(FLOW_PORT), '--strictPort']);
await Promise.all([waitFor(`${sandboxUrl}/__sandbox/health`), waitFor(flowUrl)]);

const port = 9333;
const browser = await chromium.launch({ executablePath: chrome, args: [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`, ...(PROTOCOL === 'h2' ? ['--ignore-certificate-errors'] : [])] });
mkdirSync('bench-results', { recursive: true });
const runs: Array<{ score: number; fcp: number; lcp: number; tbt: number }> = [];
/** The last run's requests as the browser made them (observed, not the simulated mobile network): what waits on what. */
let waterfall: Array<{ request: string; start_ms: number; end_ms: number }> = [];
let lcpParts = '';
/** Runs with the CPU slowed 4× by Chromium itself: the long tasks ([start, duration] ms), their blocking time, LCP. */
const throttled: Array<{ tasks: Array<[number, number]>; blocking: number; lcp: number }> = [];

/** The LCP element and Lighthouse's phases of it (simulated), the paints as observed and the long tasks, of one run. */
function lcpBreakdown(audits: Record<string, { details?: unknown }>): string {
  type Table = { type: string; items: Array<Record<string, unknown>> };
  const tables = ((audits['largest-contentful-paint-element']?.details as { items?: Table[] } | undefined)?.items ?? []);
  const element = tables[0]?.items[0]?.node as { selector?: string; nodeLabel?: string } | undefined;
  const phases = (tables[1]?.items ?? []).map((p) => `${String(p.phase)} ${Math.round(Number(p.timing))} ms`).join(', ');
  const observed = (audits.metrics?.details as { items?: Array<Record<string, number>> } | undefined)?.items?.[0];
  // The long tasks as simulated (what TBT sums past 50 ms, between FCP and the page's quiet), with the script each is
  // attributed to: the flow's chunks, the browser's own work ("Unattributable"), or Lighthouse's own evaluations
  // (`_lighthouse-eval.js`), which can fall inside that window on a fast page and then count too.
  const tasks = ((audits['long-tasks']?.details as { items?: Array<Record<string, unknown>> } | undefined)?.items ?? [])
    // A URL's path only: the page's own carries the login link's token.
    .map((t) => `${String(t.url ?? '?').replace(/^https?:\/\/[^/]+/, '').replace(/^\/assets\//, '').replace(/\?.*$/, '')} ${Math.round(Number(t.startTime))}+${Math.round(Number(t.duration))}`);
  return [
    `LCP element: ${element?.selector ?? '?'} ("${(element?.nodeLabel ?? '').slice(0, 60)}…")`,
    `LCP phases (simulated): ${phases}`,
    `Observed on this machine: FCP ${observed?.observedFirstContentfulPaint ?? '?'} ms, LCP ${observed?.observedLargestContentfulPaint ?? '?'} ms`,
    `Long tasks (simulated, start+duration ms): ${tasks.join(', ') || 'none'}`,
  ].join('\n');
}
try {
  for (let i = 0; i < RUNS; i += 1) {
    const url = await hostedLink();
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (!result) throw new Error('Lighthouse returned no result');
    const { audits, categories } = result.lhr;
    runs.push({
      score: Math.round((categories.performance?.score ?? 0) * 100),
      fcp: audits['first-contentful-paint']?.numericValue ?? NaN,
      lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
      tbt: audits['total-blocking-time']?.numericValue ?? NaN,
    });
    console.log(`run ${i + 1}: score ${runs.at(-1)?.score}`);
    if (i === RUNS - 1) {
      // The whole report of the last run, for a closer look (git-ignored), and where its LCP went.
      writeFileSync('bench-results/last-run.lhr.json', JSON.stringify(result.lhr));
      lcpParts = lcpBreakdown(audits);
    }
    const items = (audits['network-requests']?.details as { items?: Array<Record<string, unknown>> } | undefined)?.items ?? [];
    waterfall = items
      .filter((r) => typeof r.url === 'string' && !String(r.url).startsWith('data:'))
      .map((r) => {
        const u = new URL(String(r.url));
        return {
          request: `${r.resourceType ?? ''} ${u.pathname.replace(/^\/assets\//, '')}${u.search.startsWith('?token') ? '?token=…' : ''} (${String(r.protocol ?? '?')})`.trim(),
          start_ms: Math.round(Number(r.networkRequestTime ?? NaN)),
          end_ms: Math.round(Number(r.networkEndTime ?? NaN)),
        };
      });
  }
  // The same page in this Chromium with its CPU really slowed 4× (not simulated): the long tasks as the page sees
  // them (PerformanceObserver), their excess over 50 ms summed as Lighthouse sums TBT, and the LCP as observed.
  for (let i = 0; i < RUNS; i += 1) {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, ignoreHTTPSErrors: true });
    const page = await context.newPage();
    await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => {
      const seen: { tasks: Array<[number, number]>; lcp: number } = { tasks: [], lcp: 0 };
      (window as unknown as { __bench: typeof seen }).__bench = seen;
      new PerformanceObserver((list) => list.getEntries().forEach((e) => seen.tasks.push([Math.round(e.startTime), Math.round(e.duration)]))).observe({ type: 'longtask', buffered: true });
      new PerformanceObserver((list) => list.getEntries().forEach((e) => (seen.lcp = Math.round(e.startTime)))).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(await hostedLink());
    await page.locator('sf-step-address p.lead').waitFor();
    await page.waitForTimeout(1500);
    const seen = await page.evaluate(() => (window as unknown as { __bench: { tasks: Array<[number, number]>; lcp: number } }).__bench);
    throttled.push({ tasks: seen.tasks, blocking: seen.tasks.reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0), lcp: seen.lcp });
    await context.close();
  }
} finally {
  await browser.close();
  stopAll();
}

const sizes = chunkReport('dist/flow');
const lh = {
  runs,
  median: {
    score: median(runs.map((r) => r.score)),
    fcp_ms: Math.round(median(runs.map((r) => r.fcp))),
    lcp_ms: Math.round(median(runs.map((r) => r.lcp))),
    tbt_ms: Math.round(median(runs.map((r) => r.tbt))),
  },
  cpu4x: {
    runs: throttled,
    median: { blocking_ms: median(throttled.map((r) => r.blocking)), lcp_ms: median(throttled.map((r) => r.lcp)) },
  },
};

// kB = 1000 bytes, as size-limit counts them (the budgets in .size-limit.js).
const kb = (n: number) => `${(n / 1000).toFixed(2)} kB`;
console.log('\nChunk (gzip)');
for (const c of sizes.chunks) console.log(`  ${c.file.padEnd(48)} ${kb(c.gzip).padStart(9)}${c.step ? `  step: ${c.step}` : ''}`);
console.log(`  ${'first step needs'.padEnd(48)} ${kb(sizes.firstStepGzip).padStart(9)}`);
console.log(`  ${'all flow JavaScript'.padEnd(48)} ${kb(sizes.totalJsGzip).padStart(9)}`);
console.log('\nRequests of the last run (ms from navigation, observed)');
const t0 = Math.min(...waterfall.map((w) => w.start_ms));
for (const w of waterfall) console.log(`  ${String(w.start_ms - t0).padStart(6)} → ${String(w.end_ms - t0).padStart(6)}  ${w.request}`);
console.log(`\n${lcpParts}`);
console.log(`\nThis Chromium, CPU slowed 4× (median of ${throttled.length}): long tasks' time over 50 ms ${lh.cpu4x.median.blocking_ms} ms, LCP ${lh.cpu4x.median.lcp_ms} ms; the last run's long tasks (start, duration ms): ${JSON.stringify(throttled.at(-1)?.tasks ?? [])}`);
console.log(`\nLighthouse mobile, ${LOCALE === 'es' ? 'in Spanish, ' : ''}flow and API on ${ORIGIN === 'same' ? 'one origin' : 'two origins'}${PROTOCOL === 'h2' ? ', the flow over HTTP/2' : ''} (median of ${runs.length}): score ${lh.median.score}, FCP ${lh.median.fcp_ms} ms, LCP ${lh.median.lcp_ms} ms, TBT ${lh.median.tbt_ms} ms`);

writeFileSync(RESULTS, JSON.stringify({ date: new Date().toISOString(), origin: ORIGIN, locale: LOCALE, protocol: PROTOCOL, sizes, lighthouse: lh, waterfall }, null, 2));
console.log(`Written to ${RESULTS}`);
process.exit(0);
