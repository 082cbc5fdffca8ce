/**
 * The page's early requests (src/early.ts, src/flow/early-requests.ts): the session's GETs sent by the page's first
 * script as soon as it has arrived, so that they travel while the core chunk downloads and runs instead of after it
 * (and, for a link in Spanish, the localization runtime).
 *
 * The script is an entry of the build of its own (vite.config.ts, `input`), a file of the page's origin: the page's
 * CSP allows no inline script at all (`script-src 'self'`, scripts/flow-headers.ts). This plugin lists it in the
 * page before the flow's module: module scripts run in the page's order once it is parsed, so it always runs before
 * the flow's code, as soon as it has arrived (usually while the core is still downloading). With it, a preconnect to
 * the service, so that the requests' connection opens while the script downloads.
 */
import { relative, sep } from 'node:path';
import type { Plugin } from 'vite';

/** `early`: the path of the script's module (its chunk in the build, the module itself on the dev server). */
export function earlyRequests(serviceUrl: string, early: string): Plugin {
  let base = '/';
  return {
    name: 'sf:early-requests',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      // After the bundle is written, which names the chunk.
      order: 'post',
      handler(html, { bundle, server }) {
        let src = `/${relative(server?.config.root ?? '', early).split(sep).join('/')}`;
        if (!server) {
          const chunk = bundle && Object.values(bundle).find((c) => c.type === 'chunk' && c.facadeModuleId === early);
          if (!chunk) throw new Error(`early-requests: the build has no chunk for ${early}`);
          src = `${base}${chunk.fileName}`;
        }
        const tags = [
          `<link rel="preconnect" href="${new URL(serviceUrl).origin}" crossorigin="anonymous">`,
          `<script type="module" crossorigin src="${src}"></script>`,
        ].join('\n    ');
        // Before the page's first module (the flow's code), after the page's referrer policy, which its requests
        // follow: the first file asked for, and the first to run. On the dev server, after Vite's client, which defines
        // the config's `define` constants (`__SERVICE_URL__`) as globals there (the build replaces them in the code).
        const vite = server ? html.indexOf('/@vite/client') : -1;
        const client = vite >= 0 ? html.indexOf('</script>', vite) : -1;
        if (client >= 0) return `${html.slice(0, client + 9)}\n    ${tags}${html.slice(client + 9)}`;
        const at = html.indexOf('<script type="module"');
        return at >= 0 ? `${html.slice(0, at)}${tags}\n    ${html.slice(at)}` : html.replace('</head>', `  ${tags}\n  </head>`);
      },
    },
  };
}
