/**
 * `test` for specs that run the flow from the Vite dev server: the same as Playwright's, except that the dev
 * server's hot-reload channel is filtered by the test.
 *
 * Why: the dev server watches the sources and tells every open flow page to reload itself when a file changes
 * (Lit elements have no hot module replacement), and shows an error overlay over the page when a file being edited
 * does not compile. A source edited while a spec runs (another engineer at work, an editor's autosave) would then
 * reload or cover the flow in the middle of a test, which fails for a reason that has nothing to do with the flow.
 * So the page keeps its connection to the dev server but does not hear about file changes: a loaded page stays as
 * it was loaded, and a reload the test asks for (`page.reload()`, `location.reload()`) loads the current sources.
 * A reload that is not about a file change (the dev server re-bundled its dependencies, after which modules loaded
 * later would not match those already loaded) still goes through: a test then fails plainly rather than oddly.
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
          const server = ws.connectToServer();
          server.onMessage((message) => {
            if (passes(message)) ws.send(message);
          });
          // A dev server restart (its config file changed) must not make the page poll and then reload.
          server.onClose(() => undefined);
        },
      );
      await use();
    },
    { auto: true },
  ],
});

/** Which of the dev server's messages reach the page: keep-alive, and reloads not caused by a changed file. */
function passes(message: string | Buffer): boolean {
  let payload: { type?: string; triggeredBy?: string };
  try {
    payload = JSON.parse(message.toString()) as typeof payload;
  } catch {
    return false;
  }
  if (payload.type === 'connected' || payload.type === 'ping') return true;
  return payload.type === 'full-reload' && !payload.triggeredBy;
}
