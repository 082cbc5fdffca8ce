import { defineConfig } from 'vite';
import { minifyTemplateLiterals } from 'rollup-plugin-minify-template-literals';
import { resolve } from 'node:path';
import { firstScreenGroups } from './scripts/chunks.js';
import { earlyRequests } from './scripts/early-requests.js';
import { flowHeaders, frameAncestorsFrom, securityHeaders } from './scripts/flow-headers.js';

const sandboxPort = Number(process.env.SANDBOX_PORT ?? 4010);
// Without a trailing slash: the flow appends `/v1/…` to it.
const serviceUrl = (process.env.SERVICE_URL ?? process.env.SANDBOX_URL ?? `http://localhost:${sandboxPort}`).replace(/\/+$/, '');
const flowPort = Number(process.env.FLOW_PORT ?? 5173);
const frameAncestors = frameAncestorsFrom(process.env);

/**
 * Modes: `development` (the dev server), `production` (`vite build`: what partners get; no trace of the sandbox), and
 * `sandbox` (`vite build --mode sandbox`: the same production bundle, plus the Stripe.js emulator hook of
 * src/payment/stripe.ts, so the end-to-end tests run the code that ships against the sandbox).
 */
export default defineConfig(({ mode }) => ({
  plugins: [
    // The page's response headers (scripts/flow-headers.ts): Cache-Control of the dev and preview servers, and
    // `_headers` in the build output with the production set.
    flowHeaders(() => ({ serviceUrl, frameAncestors, emulator: mode === 'sandbox', hmr: false })),
    // The page's first script (the `early` entry below), which sends the session's requests while the core
    // downloads, and for a link in Spanish the localization runtime.
    earlyRequests(serviceUrl, resolve('src/early.ts')),
    // The markup and styles of Lit's `html`/`css`/`svg` templates in the flow's own modules, minified by a maintained
    // plugin (minify-literals: html-minifier-terser and clean-css, which keep Lit's bindings intact).
    { ...minifyTemplateLiterals({ include: ['src/**/*.ts'], failOnError: true }), apply: 'build' },
  ],
  define: {
    __SERVICE_URL__: JSON.stringify(serviceUrl),
  },
  server: {
    port: flowPort,
    strictPort: true,
    // Vite's own list, and the sandbox App token's file (scripts/app-token.ts): never served.
    fs: { deny: ['.env', '.env.*', '*.{crt,pem}', '**/.git/**', '**/.sandbox/**'] },
    headers: securityHeaders({ serviceUrl, frameAncestors, emulator: true, hmr: true }),
  },
  preview: {
    port: flowPort,
    strictPort: true,
    headers: securityHeaders({ serviceUrl, frameAncestors, emulator: mode === 'sandbox', hmr: false }),
    // The flow and the API on one origin (docs/architecture.md, "The first request and the CORS preflight"): with
    // API_PROXY set, the preview server passes /v1 to the API, and a build with SERVICE_URL = the flow's own origin
    // calls it same-origin, with no CORS preflight. `npm run bench` measures both ways.
    ...(process.env.API_PROXY ? { proxy: { '/v1': { target: process.env.API_PROXY, changeOrigin: true } } } : {}),
    // HTTPS, and with it HTTP/2 (as static hosts serve the flow: one connection for the page and all its scripts),
    // when PREVIEW_TLS_CERT and PREVIEW_TLS_KEY name a certificate and its key (PEM files). `BENCH_PROTOCOL=h2 npm run
    // bench` makes a throwaway self-signed pair and measures the flow served so.
    ...(process.env.PREVIEW_TLS_CERT && process.env.PREVIEW_TLS_KEY
      ? { https: { cert: process.env.PREVIEW_TLS_CERT, key: process.env.PREVIEW_TLS_KEY } }
      : {}),
  },
  build: {
    target: 'es2022',
    outDir: mode === 'sandbox' ? 'dist/sandbox' : 'dist/flow',
    emptyOutDir: true,
    sourcemap: false,
    modulePreload: false,
    cssMinify: true,
    manifest: true,
    // Built as a library of one ES format whose input is still index.html: Vite then wraps no dynamic `import()` in
    // its preload helper. With `modulePreload: false` every wrap preloads nothing (an empty list), yet the helper
    // (about 0.7 kB gzip, an `import.meta` lookup and a `vite:preloadError` event the flow never listens to) stays
    // in the core: Vite inserts it for every app build and turns it off only for libraries and workers
    // (vitejs/vite#13952, #18551). `lib.entry` is the module index.html loads (Vite asks for one; `input` wins);
    // the output options restore what an app build has and a library's would not: hashed names under assets/, and
    // the whitespace and comments removed.
    lib: { entry: resolve('src/main.ts'), formats: ['es'] },
    rolldownOptions: {
      // The page, and its first script (scripts/early-requests.ts lists it in the page): a file of its own.
      input: { index: resolve('index.html'), early: resolve('src/early.ts') },
      preserveEntrySignatures: false,
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
        minify: true,
        comments: false,
        codeSplitting: {
          groups: [
            {
              debugName: 'first screens',
              includeDependenciesRecursively: false,
              // The core (the entry's static closure, with enrollment) and each other scope's declaration with its
              // first step.
              name: firstScreenGroups(resolve('src/main.ts'), {
                'update-payment-method': resolve('src/scopes/update-payment-method/update-payment-method.ts'),
                documents: resolve('src/scopes/documents/documents.ts'),
                billing: resolve('src/scopes/billing/billing.ts'),
                renewal: resolve('src/scopes/renewal/renewal.ts'),
                'connect-battery': resolve('src/scopes/connect-battery/connect-battery.ts'),
              }),
            },
            // Modules that load at about the same moment, one chunk each (docs/architecture.md, "Size budgets"); their
            // dependencies stay where the other groups put them. The host link (bridge, clock), the status screens and
            // what a request does once it went wrong (api/recover.ts), fetched once the session is known or on the
            // first trouble:
            {
              name: 'session',
              includeDependenciesRecursively: false,
              test: /[\\/]src[\\/](flow[\\/](host-link|expiry|screens[\\/](status-screen|expiry-notice))|bridge[\\/]channels|api[\\/](recover|retry))\.ts$/,
            },
            // What leaving a field does during a press: shared by the forms that check a field as it is left (the
            // address search, identity, credit, billing address), none of them a first screen; in `later` it would
            // weigh on every account scope's first screen.
            {
              name: 'after-press',
              includeDependenciesRecursively: false,
              test: /[\\/]src[\\/]steps[\\/]shared[\\/]after-press\.ts$/,
            },
            // Consecutive steps, each prefetched one step ahead anyway:
            {
              name: 'identity',
              includeDependenciesRecursively: false,
              test: /[\\/]src[\\/]steps[\\/](identity|credit)[\\/]/,
            },
            {
              name: 'review',
              includeDependenciesRecursively: false,
              test: /[\\/]src[\\/]steps[\\/](review|done)[\\/]/,
            },
            // The card calls, the card on file, and the card whose save is on its way: shared by enrollment's card
            // step and review and update-payment-method's steps only, so neither the other steps (through `later`) nor
            // enrollment (through the scope's chunk) carries them.
            {
              name: 'card',
              includeDependenciesRecursively: false,
              test: /[\\/]src[\\/](api[\\/]card|steps[\\/]payment[\\/](current-card|card-brand|card-events|pending-card))\.ts$/,
            },
            // The plan card and its acceptance form, shared by enrollment's plans step and the renewal's plans step:
            // a chunk of their own rather than in `later`, which every later step of every scope loads.
            {
              name: 'plan-card',
              includeDependenciesRecursively: false,
              test: /[\\/]src[\\/]steps[\\/]plans[\\/](plan-card|plan-accept|plan-documents|plan-events|plans\.styles)\.ts$/,
            },
            // The account status of every scope's last screen: its own chunk, so enrollment's done step does not load
            // the documents scope's chunk (the only scope whose first screen imports it).
            {
              name: 'account-status',
              priority: 1,
              includeDependenciesRecursively: false,
              test: /[\\/]src[\\/]steps[\\/]shared[\\/]account-status\.ts$/,
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
