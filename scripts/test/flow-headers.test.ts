/**
 * The flow page's response headers (scripts/flow-headers.ts): the set itself, the `_headers` file the build writes,
 * and what the Vite dev and preview servers really send (Vite chooses its own Cache-Control for HTML; the plugin
 * must win).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { APP_TOKEN_FILE, sandboxAppToken } from '../app-token.js';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build, createServer, preview, type PreviewServer, type ViteDevServer } from 'vite';
import {
  ASSET_CACHE_CONTROL,
  csp,
  flowHeaders,
  headersFile,
  metaCsp,
  PAGE_CACHE_CONTROL,
  PAGE_PATHS,
  securityHeaders,
  type FlowHeaderOptions,
} from '../flow-headers.js';

const OPTIONS: FlowHeaderOptions = { serviceUrl: 'https://api.example.com', frameAncestors: 'https://bank.example', emulator: false, hmr: false };
const CONFIG = resolve('vite.config.ts');

/** `_headers` as rules: [pattern, headers]. */
function parseHeadersFile(text: string): Array<[string, Record<string, string>]> {
  const rules: Array<[string, Record<string, string>]> = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || line.trim() === '') continue;
    if (!line.startsWith(' ')) rules.push([line, {}]);
    else {
      const [, name, value] = /^\s+([^:]+):\s*(.*)$/.exec(line)!;
      rules.at(-1)![1][name!] = value!;
    }
  }
  return rules;
}

/** What a Netlify / Cloudflare Pages host sends for a path: every matching rule, values of a repeated header joined. */
function hostHeaders(rules: Array<[string, Record<string, string>]>, path: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [pattern, headers] of rules) {
    const regex = new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
    if (!regex.test(path)) continue;
    for (const [name, value] of Object.entries(headers)) out[name] = out[name] === undefined ? value : `${out[name]}, ${value}`;
  }
  return out;
}

describe('the flow page header set', () => {
  it('locks the page down: CSP, no referrer, nosniff, no powerful features', () => {
    const headers = securityHeaders(OPTIONS);
    assert.equal(headers['Referrer-Policy'], 'no-referrer');
    assert.equal(headers['X-Content-Type-Options'], 'nosniff');
    assert.equal(headers['X-Robots-Tag'], 'noindex, nofollow');
    // A hosted link's page keeps no window in common with its opener; the flow's own popups keep theirs.
    assert.equal(headers['Cross-Origin-Opener-Policy'], 'same-origin-allow-popups');
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment']) {
      assert.match(headers['Permissions-Policy']!, new RegExp(`(^|, )${feature}=\\(\\)`), feature);
    }
    const policy = headers['Content-Security-Policy']!;
    assert.doesNotMatch(policy, /unsafe-eval/);
    // Scripts of the page's origin and Stripe.js; nothing inline.
    assert.ok(policy.includes(`script-src 'self' https://js.stripe.com;`), policy);
    assert.doesNotMatch(policy, /script-src[^;]*unsafe-inline/);
    assert.match(policy, /frame-ancestors 'self' https:\/\/bank\.example/);
    assert.match(policy, /object-src 'none'/);
  });

  it('gives the page the same policy as a <meta>, without frame-ancestors (ignored there)', () => {
    const meta = metaCsp(OPTIONS);
    assert.ok(!meta.includes('frame-ancestors'), meta);
    assert.equal(meta, csp(OPTIONS).replace(/; frame-ancestors [^;]+$/, ''));
  });

  it('allows the Stripe.js emulator and module reloading only when asked', () => {
    assert.doesNotMatch(csp(OPTIONS), /script-src[^;]*api\.example\.com/);
    assert.match(csp({ ...OPTIONS, emulator: true }), /script-src 'self' https:\/\/api\.example\.com/);
    assert.doesNotMatch(csp(OPTIONS), /ws:/);
    assert.match(csp({ ...OPTIONS, hmr: true }), /connect-src [^;]*ws:\/\/localhost:\*/);
  });

  it('writes a _headers file whose rules give the page no-store and the hashed assets a year, never both', () => {
    const rules = parseHeadersFile(headersFile(OPTIONS));
    const all = rules.find(([pattern]) => pattern === '/*')![1];
    assert.deepEqual(all, securityHeaders(OPTIONS));
    for (const path of PAGE_PATHS) {
      const sent = hostHeaders(rules, path);
      assert.equal(sent['Cache-Control'], PAGE_CACHE_CONTROL, path);
      assert.equal(sent['X-Content-Type-Options'], 'nosniff', path);
      assert.equal(sent['Content-Security-Policy'], csp(OPTIONS), path);
    }
    const asset = hostHeaders(rules, '/assets/core-AbC123.js');
    assert.equal(asset['Cache-Control'], ASSET_CACHE_CONTROL);
    assert.equal(asset['X-Content-Type-Options'], 'nosniff');
  });

  it('emits _headers from the plugin with the production set and the configured assets folder', () => {
    const plugin = flowHeaders(() => OPTIONS);
    (plugin.configResolved as (c: unknown) => void)({ build: { assetsDir: 'static' }, base: '/' });
    const emitted: Array<{ fileName?: string; source?: unknown }> = [];
    (plugin.generateBundle as (this: unknown) => void).call({ emitFile: (file: { fileName?: string; source?: unknown }) => emitted.push(file) });
    assert.equal(emitted.length, 1);
    assert.equal(emitted[0]!.fileName, '_headers');
    assert.equal(emitted[0]!.source, headersFile(OPTIONS, 'static'));
    assert.match(String(emitted[0]!.source), /^\/static\/\*\n {2}Cache-Control: public, max-age=31536000, immutable$/m);
  });

  it('names the pages and assets under the build\'s base folder (a flow deployed at /flow/)', () => {
    const plugin = flowHeaders(() => OPTIONS);
    (plugin.configResolved as (c: unknown) => void)({ build: { assetsDir: 'assets' }, base: '/flow/' });
    const emitted: Array<{ source?: unknown }> = [];
    (plugin.generateBundle as (this: unknown) => void).call({ emitFile: (file: { source?: unknown }) => emitted.push(file) });
    const rules = parseHeadersFile(String(emitted[0]!.source));
    for (const path of ['/flow/', '/flow/index.html', '/flow/login', '/flow/app/login']) {
      assert.equal(hostHeaders(rules, path)['Cache-Control'], PAGE_CACHE_CONTROL, path);
      assert.equal(hostHeaders(rules, path)['Content-Security-Policy'], csp(OPTIONS), path);
    }
    assert.equal(hostHeaders(rules, '/flow/assets/core-AbC123.js')['Cache-Control'], ASSET_CACHE_CONTROL);
    assert.equal(hostHeaders(rules, '/login')['Cache-Control'], undefined, 'nothing of the flow is at the root');
    // A relative base names no folder: the rules stay at the root.
    assert.match(headersFile(OPTIONS, 'assets', './'), /^\/login$/m);
  });
});

/** The inline scripts of `page` (a `<script>` without `src`), and the `script-src` sources of `policy`. */
const inlineScripts = (page: string) => [...page.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
const scriptSources = (policy: string) => policy.split(';').map((d) => d.trim().split(' ')).find(([name]) => name === 'script-src') ?? [];
/** The `src` of the page's module scripts, in the page's order (its early requests first: src/early.ts). */
const moduleScripts = (page: string) => [...page.matchAll(/<script type="module"[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]!);

describe('the Vite servers', () => {
  let dev: ViteDevServer;
  let server: PreviewServer;
  let tmp = '';
  let out = '';
  before(async () => {
    // Everything this test writes stays in a temporary folder: the build, and the dev server's dependency cache.
    tmp = mkdtempSync(join(tmpdir(), 'sf-flow-headers-'));
    out = join(tmp, 'dist');
    dev = await createServer({ configFile: CONFIG, logLevel: 'silent', cacheDir: join(tmp, 'vite-cache'), server: { port: 0, strictPort: false, hmr: false } });
    await dev.listen();
    await build({ configFile: CONFIG, logLevel: 'silent', build: { outDir: out, emptyOutDir: true } });
    server = await preview({ configFile: CONFIG, logLevel: 'silent', build: { outDir: out }, preview: { port: 0, strictPort: false } });
  });
  after(async () => {
    await dev?.close();
    await new Promise<void>((done) => (server ? server.httpServer.close(() => done()) : done()));
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  const urlOf = (s: ViteDevServer | PreviewServer, path: string) => new URL(path, s.resolvedUrls!.local[0]!).href;

  it('dev server: the page is no-store with the security headers; modules keep Vite\'s caching', async () => {
    for (const path of ['/', '/login?token=flow_x', '/app/login?token=x']) {
      const res = await fetch(urlOf(dev, path));
      assert.match(res.headers.get('content-type')!, /text\/html/, path);
      assert.equal(res.headers.get('cache-control'), PAGE_CACHE_CONTROL, path);
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff', path);
      assert.match(res.headers.get('permissions-policy')!, /camera=\(\)/, path);
      assert.match(res.headers.get('content-security-policy')!, /frame-ancestors/, path);
      assert.equal(res.headers.get('referrer-policy'), 'no-referrer', path);
    }
    // No inline script, and none allowed; the early requests are a script of the page's origin.
    const page = await fetch(urlOf(dev, '/login?token=flow_x'));
    const html = await page.text();
    assert.deepEqual(inlineScripts(html), []);
    assert.deepEqual(scriptSources(page.headers.get('content-security-policy')!).filter((s) => /unsafe|sha256|nonce/.test(s)), []);
    assert.deepEqual(moduleScripts(html).filter((src) => src.startsWith('/src/')), ['/src/early.ts', '/src/main.ts']);
    const module = await fetch(urlOf(dev, '/src/main.ts'));
    assert.equal(module.status, 200);
    assert.notEqual(module.headers.get('cache-control'), PAGE_CACHE_CONTROL);
  });

  it('never serves the sandbox App token\'s file (.sandbox/app-token), by any path', async () => {
    const existed = existsSync(APP_TOKEN_FILE);
    const { token } = sandboxAppToken({}, APP_TOKEN_FILE);
    try {
      for (const s of [dev, server]) {
        for (const path of ['/.sandbox/app-token', '/.sandbox/', '/.sandbox/app-token?raw', '/.sandbox/app-token?import', `/@fs${APP_TOKEN_FILE}`, '/%2Esandbox/app-token']) {
          const res = await fetch(urlOf(s, path));
          const body = await res.text();
          assert.ok(!body.includes(token), `${path} served the token`);
          assert.notEqual(res.headers.get('content-type')?.startsWith('text/plain') && res.status === 200, true, path);
        }
      }
    } finally {
      if (!existed) rmSync(APP_TOKEN_FILE, { force: true });
    }
  });

  it('build and preview: _headers in the output; the page no-store, hashed assets immutable', async () => {
    const rules = parseHeadersFile(readFileSync(join(out, '_headers'), 'utf8'));
    assert.equal(hostHeaders(rules, '/login')['Cache-Control'], PAGE_CACHE_CONTROL);
    for (const path of ['/', '/index.html', '/login?token=flow_x']) {
      const res = await fetch(urlOf(server, path));
      assert.match(res.headers.get('content-type')!, /text\/html/, path);
      assert.equal(res.headers.get('cache-control'), PAGE_CACHE_CONTROL, path);
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff', path);
      assert.ok(res.headers.get('content-security-policy'), path);
    }
    const served = await fetch(urlOf(server, '/'));
    const page = await served.text();
    // The policy is in the page too, first in its head (a host that ignores `_headers` still serves it), as the
    // header has it but for frame-ancestors, which a <meta> cannot carry.
    const meta = /<meta charset="utf-8" \/>\s*<meta http-equiv="Content-Security-Policy" content="([^"]+)" \/>/.exec(page);
    assert.ok(meta, 'the CSP <meta> right after the charset, before any script or link');
    const header = served.headers.get('content-security-policy')!;
    assert.equal(meta[1], header.split('; ').filter((d) => !d.startsWith('frame-ancestors')).join('; '));
    // No inline script, and none allowed, by the preview server or by `_headers`.
    assert.deepEqual(inlineScripts(page), []);
    for (const policy of [served.headers.get('content-security-policy')!, hostHeaders(rules, '/login')['Content-Security-Policy']!]) {
      assert.deepEqual(scriptSources(policy).filter((s) => /unsafe|sha256|nonce/.test(s)), [], policy);
    }
    // The early requests first, then the flow's code: hashed assets, cached for a year.
    const scripts = moduleScripts(page);
    assert.deepEqual(scripts.map((src) => /\/assets\/(\w+)-/.exec(src)?.[1]), ['early', 'core']);
    for (const script of scripts) {
      const asset = await fetch(urlOf(server, script));
      assert.equal(asset.status, 200, script);
      assert.equal(asset.headers.get('cache-control'), ASSET_CACHE_CONTROL, script);
      assert.equal(asset.headers.get('x-content-type-options'), 'nosniff', script);
    }
  });
});
