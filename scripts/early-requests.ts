/**
 * The page's early requests: one small classic script that index.html loads before the flow's code (the build writes
 * it into the assets, the dev server serves it, `transformIndexHtml` adds its tag), which sends the session's two
 * GETs — `/v1/account/flow`, and at top level `/v1/account` (in a frame the account is read only once the session
 * allowed the parent) — as soon as it arrives, so that they travel while the core chunk downloads and runs instead of
 * after it. It hands them to the core as promises of the
 * responses with the token they carry (`takeEarlyRequests`, src/flow/bootstrap.ts), and the API client answers the
 * first GET of each URL with them (a lost network, an error status and the retries are the client's, as for any
 * request). It sends exactly what the client sends (the same headers and fetch options), and nothing without a token
 * in the link: a reload resumes from the tab's stored session through the client, as before.
 *
 * A link that asks for a language other than English (`&locale=es`) also starts the localization runtime with the
 * first screen's strings (src/i18n/runtime.ts) as a module preload, so that it downloads with the core instead of
 * after it. Its hashed file name is known only once the bundle is written, so the page carries it in a meta element
 * (`sf-locale-runtime`, written by the build and the dev server) and the script stays the same file.
 *
 * It is a file, not an inline script, so the page's CSP allows no inline script at all (`script-src 'self'`,
 * scripts/flow-headers.ts). Deferred and listed before the flow's module, it always runs before the flow's code (the
 * browser runs deferred and module scripts in the page's order, once the page is parsed): as soon as it has arrived,
 * usually while the core is still downloading.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import type { Plugin } from 'vite';
import { EARLY_REQUESTS } from '../src/flow/bootstrap.js';

/** The languages the flow speaks besides English (lit-localize.json), whose links preload the runtime. */
const TARGET_LOCALES = (JSON.parse(readFileSync(resolve(import.meta.dirname, '../lit-localize.json'), 'utf8')) as { targetLocales: string[] }).targetLocales;

/** The meta element that gives the page's script the runtime's URL. */
export const LOCALE_RUNTIME_META = 'sf-locale-runtime';

/** The script's text, for the flow built against `serviceUrl` (the API's base, as `__SERVICE_URL__`). */
export function earlyRequestsScript(serviceUrl: string): string {
  const base = JSON.stringify(serviceUrl.replace(/\/+$/, ''));
  return `(function (w) {
  var token = new URLSearchParams(w.location.search).get('token');
  if (!token) return;
  var init = {
    headers: { Accept: 'application/json', Authorization: 'Bearer ' + token },
    credentials: 'omit',
    cache: 'no-store',
    referrerPolicy: 'no-referrer'
  };
  var responses = {};
  function get(path) {
    var url = ${base} + path;
    responses[url] = w.fetch(url, init);
    responses[url].catch(function () {});
  }
  get('/v1/account/flow');
  if (w.parent === w) get('/v1/account');
  w.${EARLY_REQUESTS} = { token: token, responses: responses };
  var locale = (new URLSearchParams(w.location.search).get('locale') || '').trim().toLowerCase().split(/[-_]/)[0];
  var runtime = ${JSON.stringify(TARGET_LOCALES)}.indexOf(locale) >= 0 && w.document.querySelector('meta[name="${LOCALE_RUNTIME_META}"]');
  if (runtime) {
    var preload = w.document.createElement('link');
    preload.rel = 'modulepreload';
    preload.crossOrigin = '';
    preload.href = runtime.content;
    w.document.head.appendChild(preload);
  }
})(window);`;
}

/** The script's file name in the page's assets folder: `early-<hash of its text>.js`, cached for a year as they are. */
export function earlyRequestsFile(serviceUrl: string, assetsDir = 'assets'): string {
  return `${assetsDir}/early-${createHash('sha256').update(earlyRequestsScript(serviceUrl)).digest('hex').slice(0, 10)}.js`;
}

/**
 * Writes the script as a file of the build's assets (served by the dev server at the same path) and puts into the
 * page's head, before the flow's code (and after the page's referrer policy): the meta element with the URL of
 * `localeRuntime` (the module's path: its chunk in the build, the module itself on the dev server), a preconnect to
 * the service (the requests' connection opens while the script downloads) and the script, deferred (it runs once
 * the page is parsed, before the flow's code, which the page lists after it).
 */
export function earlyRequests(serviceUrl: string, localeRuntime: string): Plugin {
  let base = '/';
  let file = earlyRequestsFile(serviceUrl);
  return {
    name: 'sf:early-requests',
    configResolved(config) {
      base = config.base;
      file = earlyRequestsFile(serviceUrl, config.build.assetsDir);
    },
    configureServer(server) {
      server.middlewares.use(`${base}${file}`, (_req, res) => {
        res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
        res.end(earlyRequestsScript(serviceUrl));
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: file, source: earlyRequestsScript(serviceUrl) });
    },
    transformIndexHtml: {
      // After the bundle is written, which names the runtime's chunk.
      order: 'post',
      handler(html, { bundle, server }) {
        const chunk = bundle && Object.values(bundle).find((c) => c.type === 'chunk' && c.facadeModuleId === localeRuntime);
        if (!server && !chunk) throw new Error(`early-requests: the build has no chunk for ${localeRuntime}`);
        const url = chunk ? `${base}${chunk.fileName}` : `/${relative(server!.config.root, localeRuntime).split(sep).join('/')}`;
        const tags = [
          `<meta name="${LOCALE_RUNTIME_META}" content="${url}">`,
          `<link rel="preconnect" href="${new URL(serviceUrl).origin}" crossorigin="anonymous">`,
          `<script defer src="${base}${file}"></script>`,
        ].join('\n    ');
        // Before the flow's code, so that it is the first file asked for (on HTTP/1.1, on the page's own connection).
        const at = html.indexOf('<script type="module"');
        return at >= 0 ? `${html.slice(0, at)}${tags}\n    ${html.slice(at)}` : html.replace('</head>', `  ${tags}\n  </head>`);
      },
    },
  };
}
