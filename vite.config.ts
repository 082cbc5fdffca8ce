import { defineConfig, type Plugin } from 'vite';
import { resolve } from 'node:path';
import { firstScreenGroup } from './scripts/chunks.js';
import { litTemplateMinify } from './scripts/template-minify-plugin.js';

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

/**
 * With `build.modulePreload: false` Vite still wraps every dynamic import in its preload helper (about 0.6 KB gzip on
 * the first screen) just to pass an empty dependency list and to turn a failed import into a `vite:preloadError`
 * event, which the flow does not use: it reports a chunk that cannot load itself (the network screen). The helper
 * becomes a plain call. Build only: the dev server has no helper.
 */
function plainDynamicImports(): Plugin {
  const helper = '\0vite/preload-helper.js';
  return {
    name: 'sf:plain-dynamic-imports',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      return id === helper ? 'export const __vitePreload = (load) => load();' : null;
    },
  };
}

/**
 * `@lit/localize`'s index re-exports its runtime (`configureLocalization` and what it uses), and the package does not
 * say the runtime's module has no side effects, so the bundler keeps it wherever `msg` is imported: on the first
 * screen. It has none (module-level variables only), so say so: the runtime then travels with i18n/runtime.ts, which
 * loads only when a language other than English is chosen.
 */
function lazyLocalizeRuntime(): Plugin {
  const runtime = /[\\/]@lit[\\/]localize[\\/]init[\\/](runtime|transform)\.js$/;
  return {
    name: 'sf:lazy-localize-runtime',
    apply: 'build',
    transform(code, id) {
      return runtime.test(id) ? { code, map: null, moduleSideEffects: false } : null;
    },
  };
}

export default defineConfig(() => ({
  plugins: [plainDynamicImports(), lazyLocalizeRuntime(), litTemplateMinify()],
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
    modulePreload: false,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              debugName: 'core',
              name: firstScreenGroup(
                [resolve('src/main.ts'), resolve('src/steps/address/address.ts')],
                /[\\/]src[\\/]steps[\\/]address[\\/]/,
                /[\\/]@lit[\\/]localize[\\/]init[\\/]runtime\.js$/,
              ),
            },
          ],
        },
      },
    },
  },
}));
