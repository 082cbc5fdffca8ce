/**
 * The sample partner app ("Lone Star Bank"): `node --import tsx demo/partner/server.ts`.
 * Reads PARTNER_PORT, PARTNER_URL, FLOW_URL, SANDBOX_URL and SANDBOX_APP_TOKEN (see scripts/ports.ts).
 */
import { serve } from '@hono/node-server';
import { createPartnerApp } from './app.js';
import { warmUpScripts } from './assets.js';
import { loadConfig, type PartnerConfig } from './config.js';

let config: PartnerConfig;
try {
  config = loadConfig();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const server = serve({ fetch: createPartnerApp(config).fetch, port: config.port }, () => {
  console.log(`Partner demo on ${config.partnerUrl} (flow ${config.flowOrigin}, service ${config.sandboxUrl})`);
});
warmUpScripts();

server.on('error', (error: NodeJS.ErrnoException) => {
  console.error(error.code === 'EADDRINUSE' ? `Port ${config.port} is in use; set PARTNER_PORT to another port.` : error.message);
  process.exit(1);
});

function stop(): void {
  server.close(() => process.exit(0));
  // Keep-alive connections from a browser would hold close() open; do not wait on them forever.
  setTimeout(() => process.exit(0), 2_000).unref();
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
