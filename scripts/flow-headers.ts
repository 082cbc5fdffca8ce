/**
 * The flow page's response headers, in one place: the Vite dev server and the preview server send them
 * (vite.config.ts: `server.headers`, `preview.headers` and the `flowHeaders` plugin), and the build writes them into
 * the output as `_headers` (the format Netlify and Cloudflare Pages read, and other static hosts copy) for
 * production. docs/architecture.md, "Response headers", explains each one.
 *
 * The page is opened by a login link whose token is a bearer credential for an hour, so:
 * - the HTML is never stored (`Cache-Control: no-store`): not by the browser (the back button, a shared computer),
 *   not by a proxy; the hashed assets, whose names change with their content, are cached for a year (immutable);
 * - nothing the page requests carries its URL (`Referrer-Policy: no-referrer`, also a <meta> in index.html);
 * - a strict CSP (no inline script, no eval; the API and Stripe only) and
 *   `X-Content-Type-Options: nosniff`;
 * - no powerful feature (`Permissions-Policy`), see PERMISSIONS_POLICY;
 * - no window shared with the page that opened a hosted link (`Cross-Origin-Opener-Policy`), see OPENER_POLICY;
 * - never in a search engine (`X-Robots-Tag`, with robots.txt and the page's own robots <meta>): robots.txt keeps
 *   crawlers away, but a URL found elsewhere may still be listed unless the answer itself says noindex.
 */
import type { Plugin } from 'vite';
import { allowedOriginsFrom, exactOrigin } from './ports.js';

export interface FlowHeaderOptions {
  /** The service's origin (the API; in development and sandbox builds also the Stripe.js emulator). */
  serviceUrl: string;
  /** Who may frame the flow, space-separated origins: the App's partner origins. */
  frameAncestors: string;
  /** The page may load the sandbox's Stripe.js emulator from the service (development and sandbox builds). */
  emulator: boolean;
  /** The dev server's module reloading (websocket and HTTP to localhost). */
  hmr: boolean;
}

/**
 * Framing is allowed only to partner origins: the sandbox App's (the partner demo's and those of
 * `SANDBOX_ALLOWED_ORIGINS`, which add to it: scripts/ports.ts) in a build against the sandbox, plus
 * `FLOW_FRAME_ANCESTORS` (space or comma list: other Apps' partners, as a hosting shared by every App allows them
 * all; for a build against a deployed service, the only ones). The flow itself refuses, per App, a parent
 * its session does not allow (src/bridge/channels.ts, refusesParent); this header is the outer guard, and the only
 * one in browsers that do not tell a page its parent's origin.
 */
export function frameAncestorsFrom(env: Record<string, string | undefined>): string {
  const others = (env.FLOW_FRAME_ANCESTORS ?? '').split(/[\s,]+/).filter(Boolean).map((o) => exactOrigin(o, 'FLOW_FRAME_ANCESTORS'));
  const sandboxApp = forSandbox(env.SERVICE_URL) ? allowedOriginsFrom(env) : [];
  return [...new Set([...sandboxApp, ...others])].join(' ');
}

/**
 * Whether a build calls the sandbox (no `SERVICE_URL`, or one on this machine) rather than a service deployed
 * elsewhere. Only then are the sandbox App's origins (the partner demo's, `SANDBOX_ALLOWED_ORIGINS`) partners: the
 * `frame-ancestors` of a real deployment are its own `FLOW_FRAME_ANCESTORS`, never a localhost demo's.
 */
export function forSandbox(serviceUrl: string | undefined): boolean {
  if (!serviceUrl) return true;
  try {
    return ['localhost', '127.0.0.1', '[::1]'].includes(new URL(serviceUrl).hostname);
  } catch {
    return false;
  }
}

/**
 * Strict CSP for the flow page: no inline script (the page's early requests are a file of its own,
 * scripts/early-requests.ts), no eval; the API origin for fetch; framing is governed by the App's partner origins only
 * (frame-ancestors). Stripe.js and its frames (the card fields, 3-D Secure) are allowed.
 */
export function csp({ serviceUrl, frameAncestors, emulator, hmr }: FlowHeaderOptions): string {
  return [
    "default-src 'self'",
    `script-src 'self'${emulator ? ` ${serviceUrl}` : ''} https://js.stripe.com`,
    `connect-src 'self' ${serviceUrl} https://api.stripe.com${hmr ? ' ws://localhost:* http://localhost:*' : ''}`,
    `frame-src ${serviceUrl} https://js.stripe.com https://hooks.stripe.com`,
    // Inline styles (never script): the page's own <style>, and whatever style the card processor's script gives what
    // it adds to the page (its frames, the 3-D Secure overlay), which cannot be tested here against the real Stripe.js.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: ${serviceUrl}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors 'self'${frameAncestors ? ` ${frameAncestors}` : ''}`,
  ].join('; ');
}

/**
 * The same policy for a `<meta http-equiv>` in the built page: a host that ignores `_headers` (one of another format
 * whose rules were not copied) still serves the page with its script, connect and frame limits. Without
 * `frame-ancestors`, which browsers ignore in a `<meta>` (with a console warning): framing stays the header's, and the
 * flow's own check per App (`refusesParent`).
 */
export const metaCsp = (options: FlowHeaderOptions): string =>
  csp(options)
    .split('; ')
    .filter((directive) => !directive.startsWith('frame-ancestors'))
    .join('; ');

/**
 * Every powerful feature the flow has no use for is denied, for the page and every frame in it (Stripe's included).
 * `payment` too: the Payment Request API is what Apple Pay and Google Pay need inside Stripe's Payment Element, and
 * the flow saves a card for auto-pay with wallets turned off (src/payment/stripe.ts, `wallets: never`), so the card
 * form does not use it. Turning wallets on would need `payment=(self "https://js.stripe.com")` here, and the partner's
 * iframe's `allow="payment"` (which the partner demo already sets) to delegate it.
 */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

/**
 * A page opened at top level (a hosted link) shares no window with the page that opened it: that page cannot reach
 * into the flow's window (its location, its frames count) nor the flow into it. `allow-popups`: the windows the flow
 * opens itself keep their opener, as the battery maker's page needs to tell the flow it was answered. Framed (the
 * partner's modal), the partner's page is the top level and this header does nothing.
 */
export const OPENER_POLICY = 'same-origin-allow-popups';

/** The HTML page: never stored, since it is opened with a token (and a reload must not show another session). */
export const PAGE_CACHE_CONTROL = 'no-store';
/** Hashed assets (`assets/<name>-<hash>.js`): their content never changes under their name. */
export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Headers of every response of the flow's origin (the page and its assets). */
export function securityHeaders(options: FlowHeaderOptions): Record<string, string> {
  return {
    'Content-Security-Policy': csp(options),
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
    'Permissions-Policy': PERMISSIONS_POLICY,
    'X-Robots-Tag': 'noindex, nofollow',
    'Cross-Origin-Opener-Policy': OPENER_POLICY,
  };
}

/** The flow's page paths: the login links (`/login?token=`, `/app/login?token=`) and `/`, where the token-less URL lands. */
export const PAGE_PATHS = ['/', '/index.html', '/login', '/app/login'] as const;

/**
 * The production headers file (`_headers`, Netlify / Cloudflare Pages format). Rules that match the same path have
 * their values joined with commas there, so Cache-Control is set per path (pages, assets) and never under `/*`.
 * `base` is Vite's: a flow deployed under a folder (`base: '/flow/'`) has its pages and assets there, so the rules
 * name them there; a relative or full-URL base names no folder the host could match, and the rules stay at the root.
 */
export function headersFile(options: FlowHeaderOptions, assetsDir = 'assets', base = '/'): string {
  const folder = base.startsWith('/') ? base.replace(/\/*$/, '/') : '/';
  const at = (path: string) => folder + path.slice(1);
  const block = (path: string, headers: Record<string, string>) =>
    [path, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n');
  return [
    '# Response headers of the flow (generated by scripts/flow-headers.ts at build time; Netlify / Cloudflare Pages format).',
    block('/*', securityHeaders(options)),
    ...PAGE_PATHS.map((path) => block(at(path), { 'Cache-Control': PAGE_CACHE_CONTROL })),
    block(at(`/${assetsDir}/*`), { 'Cache-Control': ASSET_CACHE_CONTROL }),
    '',
  ].join('\n');
}

type NodeResponse = import('node:http').ServerResponse;

/**
 * Makes an HTML answer `no-store` and a hashed asset immutable, whatever Cache-Control the server chose: Vite sends
 * `no-cache` for HTML in the dev server and `no-cache` for every file in the preview server, after its configured
 * headers. Decided when the head is written, from the final Content-Type.
 */
function cacheControlOnWrite(res: NodeResponse, isAsset: boolean): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: NodeResponse, ...args: unknown[]) {
    const given = args.find((a): a is Record<string, unknown> => typeof a === 'object' && a !== null && !Array.isArray(a));
    const typeKey = given && Object.keys(given).find((k) => k.toLowerCase() === 'content-type');
    const type = String((typeKey ? given[typeKey] : undefined) ?? this.getHeader('content-type') ?? '');
    const value = type.startsWith('text/html') ? PAGE_CACHE_CONTROL : isAsset && this.statusCode < 300 ? ASSET_CACHE_CONTROL : undefined;
    if (value) {
      if (given) for (const k of Object.keys(given)) if (k.toLowerCase() === 'cache-control') delete given[k];
      this.setHeader('Cache-Control', value);
    }
    return (writeHead as (...a: unknown[]) => NodeResponse).apply(this, args);
  } as NodeResponse['writeHead'];
}

/**
 * The Vite side: the page's Cache-Control on the dev and preview servers, and `_headers` written into the build, with
 * the CSP also in the built page's head (`metaCsp`).
 * The security headers themselves go through `server.headers` / `preview.headers` (every response).
 */
export function flowHeaders(production: () => FlowHeaderOptions): Plugin {
  let assetsDir = 'assets';
  let base = '/';
  return {
    name: 'sf:flow-headers',
    configResolved(config) {
      assetsDir = config.build.assetsDir;
      base = config.base;
    },
    configureServer(server) {
      server.middlewares.use((_req, res, next) => {
        cacheControlOnWrite(res, false);
        next();
      });
    },
    configurePreviewServer(server) {
      server.middlewares.use((req, res, next) => {
        cacheControlOnWrite(res, (req.url ?? '').startsWith(`${base}${assetsDir}/`));
        next();
      });
    },
    // The built page only (the dev server's modules and reloads are the header's to allow): the policy as a `<meta>`,
    // first in the head so that it covers every script and request the page makes.
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (context.server) return html;
        const policy = metaCsp(production()).replace(/&/g, '&amp;').replace(/"/g, '&quot;');
        return html.replace(/<meta charset="utf-8" \/>/i, (charset) => `${charset}\n    <meta http-equiv="Content-Security-Policy" content="${policy}" />`);
      },
    },
    generateBundle() {
      const options = production();
      // A build for a deployed service names its partners itself (frameAncestorsFrom): without them no page can embed it.
      if (!options.frameAncestors) this.warn('frame-ancestors lists no partner origin: set FLOW_FRAME_ANCESTORS, or the flow can only be opened as a hosted page');
      this.emitFile({ type: 'asset', fileName: '_headers', source: headersFile(options, assetsDir, base) });
    },
  };
}
