/**
 * `test` for specs that run the flow from the Vite dev server: the same as Playwright's, except that the dev
 * server's hot-reload channel is answered by the test instead of the server.
 *
 * Why: the dev server watches the sources and tells every open flow page to reload itself when a file changes
 * (Lit elements have no hot module replacement). A source edited while a spec runs (another engineer at work, an
 * editor's autosave) then reloads the flow in the middle of a test, and the test fails for a reason that has
 * nothing to do with the flow. With the channel answered here, a loaded page stays as it was loaded; a reload the
 * test asks for (`page.reload()`, `location.reload()`) still loads the current sources.
 */
import { test as base } from '@playwright/test';
import { E2E } from '../../playwright.config.js';

export { expect } from '@playwright/test';

const flowHost = new URL(E2E.flowUrl).host;

export const test = base.extend<{ quietDevServer: void }>({
  quietDevServer: [
    async ({ context }, use) => {
      // Vite's client: `new WebSocket('ws://<host>/?token=…', 'vite-hmr')`, and `vite-ping` sockets after a loss.
      await context.routeWebSocket(
        (url) => url.host === flowHost,
        (ws) => {
          // Never connected to the server: no `full-reload` can arrive. Pings are swallowed.
          ws.send(JSON.stringify({ type: 'connected' }));
        },
      );
      await use();
    },
    { auto: true },
  ],
});
