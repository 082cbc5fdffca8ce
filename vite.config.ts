import { defineConfig } from 'vite';

const sandboxPort = Number(process.env.SANDBOX_PORT ?? 4010);
const serviceUrl = process.env.SERVICE_URL ?? process.env.SANDBOX_URL ?? `http://localhost:${sandboxPort}`;
const flowPort = Number(process.env.FLOW_PORT ?? 5173);

/**
 * Strict CSP for the flow page: no inline script, no eval; the API origin for fetch; framing is governed by the
 * service per App (frame-ancestors is sent by the hosting server, see docs/security.md).
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
  ].join('; ');
}

export default defineConfig(({ command }) => ({
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
    headers: { 'Content-Security-Policy': csp(command === 'serve' && false), 'Referrer-Policy': 'no-referrer' },
  },
  build: {
    target: 'es2022',
    outDir: 'dist/flow',
    emptyOutDir: true,
    sourcemap: false,
    modulePreload: { polyfill: false },
  },
}));
