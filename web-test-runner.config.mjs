// Component tests: real Chromium (Debian's, via CHROME_PATH), TypeScript through esbuild with our tsconfig
// (legacy decorators), one browser at a time on this 2-core machine.
import { writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { esbuildPlugin } from '@web/dev-server-esbuild';
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

export default {
  files: ['test/**/*.test.ts'],
  nodeResolve: true,
  concurrency: 1,
  concurrentBrowsers: 1,
  testsFinishTimeout: 120000,
  plugins: [esbuildPlugin({ ts: true, tsconfig: './tsconfig.json', target: 'es2022' })],
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
