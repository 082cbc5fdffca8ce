import { defineConfig } from '@playwright/test';
import { existsSync } from 'node:fs';

const executablePath = process.env.CHROME_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

// The end-to-end topology runs on its own ports so that it never collides with `npm start`.
const SANDBOX_PORT = Number(process.env.E2E_SANDBOX_PORT ?? 4110);
const FLOW_PORT = Number(process.env.E2E_FLOW_PORT ?? 5273);
const PARTNER_PORT = Number(process.env.E2E_PARTNER_PORT ?? 5274);
export const E2E = {
  sandboxUrl: `http://localhost:${SANDBOX_PORT}`,
  flowUrl: `http://localhost:${FLOW_PORT}`,
  partnerUrl: `http://localhost:${PARTNER_PORT}`,
  /** The partner demo again, on an origin the sandbox App does not allow (origins compare exactly: host included). */
  otherPartnerUrl: `http://127.0.0.1:${PARTNER_PORT}`,
  /**
   * A partner's own app, allowed beside the partner demo (SANDBOX_ALLOWED_ORIGINS); nothing listens there, except the
   * partner app that e2e/guide-snippets.spec.ts starts for its own tests.
   */
  ownAppUrl: `http://localhost:${PARTNER_PORT + 1}`,
  appToken: 'sandbox_app_e2e_0123456789abcdef',
};
const env = {
  ...process.env,
  SANDBOX_PORT: String(SANDBOX_PORT),
  FLOW_PORT: String(FLOW_PORT),
  PARTNER_PORT: String(PARTNER_PORT),
  SANDBOX_URL: E2E.sandboxUrl,
  FLOW_URL: E2E.flowUrl,
  PARTNER_URL: E2E.partnerUrl,
  SANDBOX_APP_TOKEN: E2E.appToken,
  SANDBOX_APP_NAME: 'Lone Star Bank',
  // A partner's own app beside the demo (they add to it): two allowed origins, so a flow that posted once per allowed
  // origin instead of to its parent's alone would log Chromium's "target origin does not match" (e2e/framing).
  SANDBOX_ALLOWED_ORIGINS: E2E.ownAppUrl,
  // The flow's hosting lets another App's partner frame it (as one hosting for every App does), while the sandbox
  // App allows only the partner demo's origin: the flow's own per-App check is what refuses that page (e2e/framing).
  FLOW_FRAME_ANCESTORS: E2E.otherPartnerUrl,
} as Record<string, string>;

export default defineConfig({
  testDir: 'e2e',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '.reports/e2e.json' }]],
  use: {
    baseURL: E2E.partnerUrl,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: ['--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
      chromiumSandbox: false,
    },
  },
  webServer: [
    { command: 'node --import tsx demo/sandbox/main.ts', url: `${E2E.sandboxUrl}/__sandbox/health`, env, reuseExistingServer: false, timeout: 60_000 },
    // The flow as it ships: the production bundle (with the Stripe.js emulator hook of a sandbox build), not the dev
    // server, so every build-only transform (vite.config.ts) is exercised by every end-to-end test.
    {
      command: `node node_modules/.bin/vite build --mode sandbox --logLevel warn && node node_modules/.bin/vite preview --mode sandbox --port ${FLOW_PORT} --strictPort`,
      url: E2E.flowUrl,
      env,
      reuseExistingServer: false,
      timeout: 90_000,
    },
    // The partner demo's modal is the host SDK it serves from dist/host (/sdk/): built first, as the flow is.
    {
      command: 'npm run --silent build:host && node --import tsx demo/partner/server.ts',
      url: `${E2E.partnerUrl}/health`,
      env,
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
});
