/**
 * The host SDK's own builds (docs/integration.md), apart from the flow's (vite.config.ts):
 * - default mode: ES modules `dist/host/service-flow.js` (`service-flow/host`) and `dist/host/react.js`
 *   (`service-flow/react`, React left to the partner's app: a peer dependency);
 * - `--mode script`: `dist/host/service-flow.iife.js`, the script-tag build that sets `window.ServiceFlow`.
 * The type declarations come from `tsc -p tsconfig.host.json`. Budgets: .size-limit.js.
 */
import { defineConfig } from 'vite';
import { resolve } from 'node:path';

export default defineConfig(({ mode }) => ({
  publicDir: false,
  build: {
    target: 'es2020',
    outDir: 'dist/host',
    // The ES build runs first and empties the folder; the script build adds its file beside it.
    emptyOutDir: mode !== 'script',
    sourcemap: false,
    minify: true,
    lib:
      mode === 'script'
        ? { entry: resolve('src/host/script.ts'), formats: ['iife'], name: 'ServiceFlowScript', fileName: () => 'service-flow.iife.js' }
        : {
            entry: { 'service-flow': resolve('src/host/index.ts'), react: resolve('src/react/index.ts') },
            formats: ['es'],
            fileName: (_format, name) => `${name}.js`,
          },
    rolldownOptions: { external: ['react'], output: { chunkFileNames: 'chunk-[name].js' } },
  },
}));
