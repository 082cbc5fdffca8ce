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
 * The CSP allows this one inline script by its SHA-256 (`earlyRequestsHash`, in `script-src` next to `'self'`), and
 * no other inline script (scripts/flow-headers.ts).
 */
import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';
import { EARLY_REQUESTS } from '../src/flow/bootstrap.js';

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
})(window);`;
}

/** The CSP source that allows the script (`'sha256-…'`). */
export function earlyRequestsHash(serviceUrl: string): string {
  return `'sha256-${createHash('sha256').update(earlyRequestsScript(serviceUrl)).digest('base64')}'`;
}

/** Writes the script into the page's head, on the dev server and in the build. */
export function earlyRequests(serviceUrl: string): Plugin {
  return {
    name: 'sf:early-requests',
    transformIndexHtml: () => [{ tag: 'script', children: earlyRequestsScript(serviceUrl), injectTo: 'head' }],
  };
}
