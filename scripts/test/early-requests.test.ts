import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { IndexHtmlTransformContext } from 'vite';
import { earlyRequests } from '../early-requests.js';

const EARLY = '/repo/src/early.ts';
const SCRIPT = '<script type="module" crossorigin src="/src/early.ts"></script>';

/** The plugin's page transform, as Vite calls it on the dev server (`server`) or after a build (`bundle`). */
function transform(html: string, ctx: Partial<IndexHtmlTransformContext>): string {
  const plugin = earlyRequests('http://localhost:4010', EARLY);
  (plugin.configResolved as (c: { base: string }) => void)({ base: '/' });
  const hook = plugin.transformIndexHtml as { handler: (html: string, ctx: Partial<IndexHtmlTransformContext>) => string };
  return hook.handler(html, ctx);
}

const order = (html: string, ...parts: string[]) => parts.map((p) => html.indexOf(p));

test('on the dev server the early script runs after Vite\'s client, which defines the config\'s constants as globals there', () => {
  const html = transform(
    '<head>\n    <script type="module" src="/@vite/client"></script>\n    <script type="module" src="/src/main.ts"></script>\n  </head>',
    { server: { config: { root: '/repo' } } as IndexHtmlTransformContext['server'] },
  );
  const [client, early, main] = order(html, '/@vite/client', SCRIPT, '/src/main.ts');
  assert.ok(client! >= 0 && early! > client! && main! > early!, html);
  assert.ok(html.indexOf('<link rel="preconnect" href="http://localhost:4010"') < early!);
});

test('in the build it is the page\'s first module, before the flow\'s code', () => {
  const bundle = { 'assets/early-abc.js': { type: 'chunk', facadeModuleId: EARLY, fileName: 'assets/early-abc.js' } };
  const html = transform('<head>\n    <script type="module" crossorigin src="/assets/index-x.js"></script>\n  </head>', {
    bundle: bundle as unknown as IndexHtmlTransformContext['bundle'],
  });
  const [early, core] = order(html, 'src="/assets/early-abc.js"', '/assets/index-x.js');
  assert.ok(early! >= 0 && core! > early!, html);
});
