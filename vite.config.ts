import { defineConfig } from 'vite';

const sandboxPort = Number(process.env.SANDBOX_PORT ?? 4010);
const serviceUrl = process.env.SERVICE_URL ?? process.env.SANDBOX_URL ?? `http://localhost:${sandboxPort}`;
const flowPort = Number(process.env.FLOW_PORT ?? 5173);
// Framing is allowed only to the App's partner origins (the real service sends this per App).
const frameAncestors = (process.env.SANDBOX_ALLOWED_ORIGINS ?? process.env.PARTNER_URL ?? `http://localhost:${process.env.PARTNER_PORT ?? 5174}`)
  .split(',')
  .map((o) => o.trim())
  .filter(Boolean)
  .join(' ');

/**
 * Strict CSP for the flow page: no inline script, no eval; the API origin for fetch; framing is governed by the
 * App's partner origins only (frame-ancestors).
 */
function csp(dev: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self'${dev ? ` ${serviceUrl}` : ''} https://js.stripe.com`,
    `connect-src 'self' ${serviceUrl} https://api.stripe.com${dev ? ' ws://localhost:* http://localhost:*' : ''}`,
    `frame-src ${serviceUrl} https://js.stripe.com https://hooks.stripe.com`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: ${serviceUrl}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors 'self' ${frameAncestors}`,
  ].join('; ');
}

export default defineConfig(() => ({
  define: {
    __SERVICE_URL__: JSON.stringify(serviceUrl),
  },
  server: {
    port: flowPort,
    strictPort: true,
    headers: { 'Content-Security-Policy': csp(true), 'Referrer-Policy': 'no-referrer' },
  },
  preview: {
    port: flowPort,
    strictPort: true,
    headers: { 'Content-Security-Policy': csp(false), 'Referrer-Policy': 'no-referrer' },
  },
  build: {
    target: 'es2022',
    outDir: 'dist/flow',
    emptyOutDir: true,
    sourcemap: false,
    modulePreload: { polyfill: false },
    manifest: true,
  },
}));
