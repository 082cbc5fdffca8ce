import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { minify, type ManglePropertiesOptions } from 'terser';
import { minifyTemplateLiterals } from 'rollup-plugin-minify-template-literals';
import { resolve } from 'node:path';
import { firstScreenGroup } from './scripts/chunks.js';
import { flowHeaders, frameAncestorsFrom, securityHeaders } from './scripts/flow-headers.js';

const sandboxPort = Number(process.env.SANDBOX_PORT ?? 4010);
const serviceUrl = process.env.SERVICE_URL ?? process.env.SANDBOX_URL ?? `http://localhost:${sandboxPort}`;
const flowPort = Number(process.env.FLOW_PORT ?? 5173);
const frameAncestors = frameAncestorsFrom(process.env);

/**
 * terser over the bundle, as Lit builds itself: besides the usual minifying, the flow's private and protected members
 * (CONVENTIONS 2: they, and only they, start with one underscore) get short names. A member crosses chunks (a base
 * class in core, its subclasses in the step chunks), so every chunk must use the same name for it: terser does not
 * coordinate chunks minified apart, hence one name cache, seeded by a first pass over all chunks at once (then every
 * `_member` of the bundle has its name, chosen clear of every property any chunk uses), and each chunk minified
 * with it. A name terser would still invent in that second pass fails the build. The cache is written to
 * `.vite/mangled-names.json` (not loaded by the page) for scripts/test/mangled-names.test.ts.
 *
 * Never renamed: Lit's `_$…` internals and `__…` names (the pattern); a `_member` named in a string anywhere (a
 * legacy decorator receives its field's name as a string, which terser does not rename, so `@state() _view` keeps
 * its name and stays reactive; public `@property` names have no underscore); any `_name` in a package's code (Stripe.js's
 * `_registerWrapper` is a method of the object Stripe.js returns).
 */
function terserAcrossChunks(): Plugin {
  return {
    name: 'sf:terser-across-chunks',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
      const reserved = new Set<string>();
      for (const chunk of chunks) {
        for (const m of chunk.code.matchAll(/(["'`])(_[A-Za-z]\w*)\1/g)) reserved.add(m[2]!);
        for (const [id, module] of Object.entries(chunk.modules)) {
          if (!/[\\/]src[\\/]/.test(id) || /[\\/]node_modules[\\/]/.test(id)) {
            for (const [name] of (module.code ?? '').matchAll(/(?<![\w$])_[A-Za-z]\w*/g)) reserved.add(name);
          }
        }
      }
      const properties: ManglePropertiesOptions = { regex: /^_[A-Za-z]/, reserved: [...reserved].sort() };
      const nameCache: { props?: { props?: Record<string, string> } } = {};
      await minify(Object.fromEntries(chunks.map((c) => [c.fileName, c.code])), { module: true, compress: false, mangle: { properties }, nameCache });
      const seeded = JSON.stringify(nameCache.props);
      // Which `_names` each chunk used before minifying, for the test.
      const used: Record<string, string[]> = {};
      for (const chunk of chunks) {
        used[chunk.fileName] = [...new Set([...chunk.code.matchAll(/(?<![\w$-])_[A-Za-z]\w*/g)].map(([name]) => name))].sort();
        const result = await minify(chunk.code, { module: true, ecma: 2020, mangle: { properties }, format: { comments: false }, nameCache });
        chunk.code = result.code ?? chunk.code;
      }
      if (JSON.stringify(nameCache.props) !== seeded) this.error('terser named a member in one chunk that the first pass over all chunks did not name');
      this.emitFile({
        type: 'asset',
        fileName: '.vite/mangled-names.json',
        source: `${JSON.stringify({ reserved: properties.reserved, props: nameCache.props?.props ?? {}, used }, null, 2)}\n`,
      });
    },
  };
}

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
    // The markup and styles of Lit's `html`/`css`/`svg` templates in the flow's own modules, minified by a maintained
    // plugin (minify-literals: html-minifier-terser and clean-css, which keep Lit's bindings intact).
    { ...minifyTemplateLiterals({ include: ['src/**/*.ts'], failOnError: true }), apply: 'build' },
    terserAcrossChunks(),
  ],
  define: {
    __SERVICE_URL__: JSON.stringify(serviceUrl),
  },
  server: {
    port: flowPort,
    strictPort: true,
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
  },
  build: {
    target: 'es2022',
    outDir: mode === 'sandbox' ? 'dist/sandbox' : 'dist/flow',
    emptyOutDir: true,
    sourcemap: false,
    modulePreload: false,
    // terserAcrossChunks() minifies the JavaScript.
    minify: false,
    cssMinify: true,
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
            // Modules that load at about the same moment, one chunk each (docs/architecture.md, "Size budgets"); their
            // dependencies stay where the other groups put them. The host link (bridge, clock) and the status screens,
            // fetched once the session is known or on the first trouble:
            {
              name: 'session',
              includeDependenciesRecursively: false,
              test: /[\\/]src[\\/](flow[\\/](host-link|expiry|screens[\\/](status-screen|expiry-notice))|bridge[\\/]channels)\.ts$/,
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
            // What two or more later chunks share (@lit/task, the formatters, `live`, …): one chunk rather than a
            // handful of tiny ones, each of which would compress on its own.
            { name: 'later', minShareCount: 2 },
          ],
        },
      },
    },
  },
}));
