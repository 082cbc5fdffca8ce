import { defineConfig } from 'vite';
import { minifyTemplateLiterals } from 'rollup-plugin-minify-template-literals';
import { resolve } from 'node:path';
import { firstScreenGroup } from './scripts/chunks.js';

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
 * App's partner origins only (frame-ancestors). `emulator`: the page may load the sandbox's Stripe.js emulator from
 * the service (development and sandbox builds); `hmr`: the dev server's module reloading.
 */
function csp({ emulator, hmr }: { emulator: boolean; hmr: boolean }): string {
  return [
    "default-src 'self'",
    `script-src 'self'${emulator ? ` ${serviceUrl}` : ''} https://js.stripe.com`,
    `connect-src 'self' ${serviceUrl} https://api.stripe.com${hmr ? ' ws://localhost:* http://localhost:*' : ''}`,
    `frame-src ${serviceUrl} https://js.stripe.com https://hooks.stripe.com`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: ${serviceUrl}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors 'self' ${frameAncestors}`,
  ].join('; ');
}

/**
 * Modes: `development` (the dev server), `production` (`vite build`: what partners get; no trace of the sandbox), and
 * `sandbox` (`vite build --mode sandbox`: the same production bundle, plus the Stripe.js emulator hook of
 * src/payment/stripe.ts, so the end-to-end tests run the code that ships against the sandbox).
 */
export default defineConfig(({ mode }) => ({
  // The markup and styles of Lit's `html`/`css`/`svg` templates in the flow's own modules, minified by a maintained
  // plugin (minify-literals: html-minifier-terser and clean-css, which keep Lit's bindings intact).
  plugins: [{ ...minifyTemplateLiterals({ include: ['src/**/*.ts'], failOnError: true }), apply: 'build' }],
  define: {
    __SERVICE_URL__: JSON.stringify(serviceUrl),
  },
  server: {
    port: flowPort,
    strictPort: true,
    headers: { 'Content-Security-Policy': csp({ emulator: true, hmr: true }), 'Referrer-Policy': 'no-referrer' },
  },
  preview: {
    port: flowPort,
    strictPort: true,
    headers: { 'Content-Security-Policy': csp({ emulator: mode === 'sandbox', hmr: false }), 'Referrer-Policy': 'no-referrer' },
  },
  build: {
    target: 'es2022',
    outDir: mode === 'sandbox' ? 'dist/sandbox' : 'dist/flow',
    emptyOutDir: true,
    sourcemap: false,
    modulePreload: false,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              debugName: 'core',
              includeDependenciesRecursively: false,
              // The group is exactly the first screen's static closure, which has no outside dependencies.
              name: firstScreenGroup([resolve('src/main.ts'), resolve('src/steps/address/address.ts')]),
            },
            // What two or more later chunks share (@lit/task, the formatters, `live`, …): one chunk rather than a
            // handful of tiny ones, each of which would compress on its own.
            { name: 'later', minShareCount: 2 },
          ],
        },
      },
    },
  },
}));
