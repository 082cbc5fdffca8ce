/**
 * The page's early requests: one classic inline script that the build and the dev server write into index.html
 * (`transformIndexHtml`), which sends the session's two GETs — `/v1/account/flow`, and at top level `/v1/account` (in
 * a frame the account is read only once the session allowed the parent) — while the HTML is parsed, so that they
 * travel while the core chunk downloads and runs instead of after it. It hands them to the core as promises of the
 * responses with the token they carry (`takeEarlyRequests`, src/flow/bootstrap.ts), and the API client answers the
 * first GET of each URL with them (a lost network, an error status and the retries are the client's, as for any
 * request). It sends exactly what the client sends (the same headers and fetch options), and nothing without a token
 * in the link: a reload resumes from the tab's stored session through the client, as before.
 *
 * A link that asks for a language other than English (`&locale=es`) also starts the localization runtime with the
 * first screen's strings (src/i18n/runtime.ts) as a module preload, so that it downloads with the core instead of
 * after it. Its hashed file name is known only once the bundle is written, so the page carries it in a meta element
 * (`sf-locale-runtime`, written by the build and the dev server) and the script stays the same text, whose hash the
 * CSP holds.
 *
 * The CSP allows this one inline script by its SHA-256 (`earlyRequestsHash`, in `script-src` next to `'self'`), and
 * no other inline script (scripts/flow-headers.ts).
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

/** The CSP source that allows the script (`'sha256-…'`). */
export function earlyRequestsHash(serviceUrl: string): string {
  return `'sha256-${createHash('sha256').update(earlyRequestsScript(serviceUrl)).digest('base64')}'`;
}

/**
 * Writes the script into the page's head, on the dev server and in the build, after the meta element with the URL of
 * `localeRuntime` (the module's path): its chunk in the build, the module itself on the dev server.
 */
export function earlyRequests(serviceUrl: string, localeRuntime: string): Plugin {
  let base = '/';
  return {
    name: 'sf:early-requests',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      // After the bundle is written, which names the runtime's chunk.
      order: 'post',
      handler(_html, { bundle, server }) {
        const chunk = bundle && Object.values(bundle).find((c) => c.type === 'chunk' && c.facadeModuleId === localeRuntime);
        if (!server && !chunk) throw new Error(`early-requests: the build has no chunk for ${localeRuntime}`);
        const url = chunk ? `${base}${chunk.fileName}` : `/${relative(server!.config.root, localeRuntime).split(sep).join('/')}`;
        return [
          { tag: 'meta', attrs: { name: LOCALE_RUNTIME_META, content: url }, injectTo: 'head' },
          { tag: 'script', children: earlyRequestsScript(serviceUrl), injectTo: 'head' },
        ];
      },
    },
  };
}
