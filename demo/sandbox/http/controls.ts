/**
 * The guard of the sandbox's own controls under /__sandbox: the clock, fault injection, token expiry, the account
 * and funnel-event inspection and the webhook settings change the sandbox's state or show customers' personal data
 * (names, emails, phones, birth dates, addresses), so no web page and no stranger on the network may use them.
 * app.ts registers `sandboxControls` once, for '/__sandbox/*'; the paths that stay open are listed here and only here
 * (`OPEN_SANDBOX_PATHS`), so a new control is protected without anyone remembering to protect it.
 *
 * A control request must:
 * 1. carry the App token (`Authorization: Bearer <App token>`), else 401 `unauthorized` — as /v1/app/*. A browser
 *    sends no Authorization header on a "simple" cross-origin request, and a page that adds one triggers a CORS
 *    preflight, which no origin passes for a control (app.ts's CORS grants the controls none). That is also what
 *    protects the controls a POST without a body drives (`/__sandbox/expire-tokens`): with no body there is no
 *    Content-Type to check, but without the token it is refused, and with it the request is not "simple".
 * 2. come from no web page: any `Origin` header is 403 `forbidden`. The callers are server-side (the end-to-end
 *    tests, the Node tests, scripts, a partner's backend), and Node's fetch sends no Origin.
 * 3. send a body only as JSON: a POST, PUT, PATCH or DELETE that declares a Content-Type other than
 *    `application/json`, or carries a body without one, is 415 `unsupported_media_type` naming the header. The
 *    three content types a browser may send cross-origin without a preflight (text/plain, form-urlencoded,
 *    multipart) are thus refused even if the checks above were ever loosened.
 */
import type { MiddlewareHandler } from 'hono';
import type { Store } from '../store/store.js';
import { appAuth } from './auth.js';
import type { SandboxEnv } from './env.js';
import { fail } from './errors.js';

/**
 * The /__sandbox paths that need no token, whatever the method (a method a path does not offer is 405 before this
 * guard runs). Everything else under /__sandbox is a control. A trailing '/*' opens the whole subtree.
 */
export const OPEN_SANDBOX_PATHS: readonly string[] = [
  // Liveness, polled by `npm start`, Playwright and the benchmark before anything else exists.
  '/__sandbox/health',
  // Test addresses, ESI IDs, magic values and test cards: public documentation as JSON, no personal data. The
  // partner demo's page reads it (the only /__sandbox route a browser page calls with CORS).
  '/__sandbox/fixtures',
  // The sandbox App's logo, an <img> of the flow's header (its branding.logo_url).
  '/__sandbox/branding/logo.svg',
  // The Stripe.js emulator and the card processor emulator behind it: a browser reaches them as it reaches the real
  // processor, which authenticates with the publishable key and the setup intent's client secret (processor/routes.ts)
  // and applies its own CORS; the 3-D Secure challenge page even posts a plain HTML form.
  '/__sandbox/stripe.js',
  '/__sandbox/processor/*',
  // The battery makers' emulated authorization pages (battery/routes.ts): a customer's browser opens them from the
  // flow's authorization_url, as it would a maker's own page; they act on the authorization's one-time ticket.
  '/__sandbox/battery/*',
];

export function isOpenSandboxPath(path: string): boolean {
  return OPEN_SANDBOX_PATHS.some((open) => (open.endsWith('/*') ? path.startsWith(open.slice(0, -1)) : path === open));
}

/** A control: a path under /__sandbox that is not open. */
export function isSandboxControl(path: string): boolean {
  return (path === '/__sandbox' || path.startsWith('/__sandbox/')) && !isOpenSandboxPath(path);
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The guard (see the file's comment); register it on '/__sandbox/*'. */
export function sandboxControls(store: Store): MiddlewareHandler<SandboxEnv> {
  const requireAppToken = appAuth(store);
  return async (c, next) => {
    if (!isSandboxControl(c.req.path)) return next();
    return requireAppToken(c, async () => {
      const origin = c.req.header('origin');
      if (origin !== undefined) {
        const shown = origin.slice(0, 100);
        throw fail.forbidden(`The sandbox controls take no requests from web pages (Origin: ${shown}); call them from a server or a test`);
      }
      if (BODY_METHODS.has(c.req.method)) {
        const type = c.req.header('content-type');
        const length = c.req.header('content-length');
        // Over HTTP a body always declares its length or its chunked encoding; a string body built in-process
        // (app.request) gets text/plain from the Request constructor.
        const hasBody = (length !== undefined && length.trim() !== '0') || c.req.header('transfer-encoding') !== undefined;
        const media = type?.split(';')[0]!.trim().toLowerCase();
        if ((type !== undefined || hasBody) && media !== 'application/json') {
          throw fail.unsupportedMediaType(type);
        }
      }
      await next();
    });
  };
}
