// Component tests: real Chromium (Debian's, via CHROME_PATH), TypeScript through esbuild with our tsconfig
// (legacy decorators), one browser at a time on this 2-core machine.
import { writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { createRequire } from 'node:module';
import { build } from 'esbuild';
import { defaultReporter, summaryReporter } from '@web/test-runner';

const executablePath = process.env.CHROME_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

/** Writes the pass/fail counts for scripts/test.ts's closing summary line. */
function countReporter() {
  return {
    onTestRunFinished({ sessions }) {
      let passed = 0;
      let failed = 0;
      const walk = (suite) => {
        if (!suite) return;
        for (const t of suite.tests ?? []) {
          if (t.skipped) continue;
          if (t.passed) passed += 1;
          else failed += 1;
        }
        for (const s of suite.suites ?? []) walk(s);
      };
      for (const session of sessions) {
        walk(session.testResults);
        if (!session.passed && !session.testResults) failed += 1;
      }
      mkdirSync('.reports', { recursive: true });
      writeFileSync('.reports/components.json', JSON.stringify({ passed, failed }));
    },
  };
}

/**
 * React (for the React binding's tests) ships CommonJS only, which a browser cannot import. `react` and
 * `react-dom/client` are served as ES modules: both bundled once by esbuild (one React instance, its development
 * build), re-exported by name (the names React itself exports).
 */
function reactAsEsModules() {
  const require = createRequire(import.meta.url);
  const modules = { react: '/__react/react.js', 'react-dom/client': '/__react/react-dom-client.js' };
  const names = { react: Object.keys(require('react')), 'react-dom/client': Object.keys(require('react-dom/client')) };
  let bundle;
  const bundled = () =>
    (bundle ??= build({
      stdin: { contents: "export { default as react } from 'react'; export { default as client } from 'react-dom/client';", resolveDir: process.cwd() },
      bundle: true,
      format: 'esm',
      write: false,
      define: { 'process.env.NODE_ENV': '"development"' },
    }).then((r) => r.outputFiles[0].text));
  const wrapper = (name, key) => `import { ${key} as m } from '/__react/bundle.js';\nexport default m;\nexport const { ${names[name].join(', ')} } = m;\n`;
  return {
    name: 'react-as-es-modules',
    resolveImport({ source }) {
      return modules[source];
    },
    async serve(context) {
      if (context.path === '/__react/bundle.js') return { body: await bundled(), type: 'js' };
      if (context.path === modules.react) return { body: wrapper('react', 'react'), type: 'js' };
      if (context.path === modules['react-dom/client']) return { body: wrapper('react-dom/client', 'client'), type: 'js' };
      return undefined;
    },
  };
}

export default {
  files: ['test/**/*.test.ts'],
  nodeResolve: true,
  concurrency: 1,
  concurrentBrowsers: 1,
  testsFinishTimeout: 120000,
  plugins: [
    esbuildPlugin({ ts: true, tsconfig: './tsconfig.json', target: 'es2022' }),
    reactAsEsModules(),
  ],
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: {
        executablePath,
        args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
      },
    }),
  ],
  reporters: [defaultReporter(), summaryReporter({ flatten: false }), countReporter()],
  testFramework: { config: { timeout: 10000 } },
};
