/**
 * `npm run sandbox`: serves the sandbox on SANDBOX_HOST:SANDBOX_PORT (127.0.0.1:4010) and prints its URL and App
 * token (which the /__sandbox controls require too).
 *
 * Environment: SANDBOX_HOST (the address to listen on; default 127.0.0.1, loopback only; a wider one such as 0.0.0.0
 * is printed as a warning, see listen.ts), SANDBOX_PORT,
 * SANDBOX_URL (public base URL, for document links), SANDBOX_APP_TOKEN (else the one kept in .sandbox/app-token,
 * made the first time: scripts/app-token.ts), SANDBOX_APP_NAME (the App's display name),
 * FLOW_URL (login links), SANDBOX_ALLOWED_ORIGINS (comma list of the partner's own origins, added to the partner
 * demo's: scripts/ports.ts allowedOriginsFrom),
 * SANDBOX_WEBHOOK_URL, SANDBOX_WEBHOOK_SECRET, SANDBOX_WEBHOOK_BACKOFF_MS, SANDBOX_RATE_LIMITS=off.
 */
import { serve } from '@hono/node-server';
import { createSandbox } from './app.js';
import { listenHost } from './listen.js';
import { webhookUrlProblem } from './webhooks.js';
import { sandboxAppToken } from '../../scripts/app-token.js';
import { allowedOriginsFrom } from '../../scripts/ports.js';

const env = process.env;
const port = Number(env.SANDBOX_PORT ?? 4010);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`SANDBOX_PORT must be a port number, not ${env.SANDBOX_PORT}`);
  process.exit(1);
}
const backoffMs = env.SANDBOX_WEBHOOK_BACKOFF_MS ? Number(env.SANDBOX_WEBHOOK_BACKOFF_MS) : undefined;
if (backoffMs !== undefined && !(Number.isFinite(backoffMs) && backoffMs >= 0)) {
  console.error(`SANDBOX_WEBHOOK_BACKOFF_MS must be a number of milliseconds (0 or more), not ${env.SANDBOX_WEBHOOK_BACKOFF_MS}`);
  process.exit(1);
}
// Not repeated: the URL may hold a password.
const webhookProblem = env.SANDBOX_WEBHOOK_URL ? webhookUrlProblem(env.SANDBOX_WEBHOOK_URL) : null;
if (webhookProblem) {
  console.error(`SANDBOX_WEBHOOK_URL is refused: ${webhookProblem}`);
  process.exit(1);
}
let allowedOrigins: string[];
try {
  allowedOrigins = allowedOriginsFrom(env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const { hostname, warning } = listenHost(env.SANDBOX_HOST);
if (warning) console.warn(warning);

const sandbox = createSandbox({
  publicUrl: env.SANDBOX_URL ?? `http://localhost:${port}`,
  flowUrl: env.FLOW_URL ?? 'http://localhost:5173',
  appToken: sandboxAppToken(env).token,
  ...(env.SANDBOX_APP_NAME ? { appName: env.SANDBOX_APP_NAME } : {}),
  allowedOrigins,
  ...(env.SANDBOX_WEBHOOK_URL ? { webhookUrl: env.SANDBOX_WEBHOOK_URL } : {}),
  ...(env.SANDBOX_WEBHOOK_SECRET ? { webhookSecret: env.SANDBOX_WEBHOOK_SECRET } : {}),
  ...(backoffMs !== undefined ? { webhookBackoffMs: backoffMs } : {}),
  ...(env.SANDBOX_RATE_LIMITS === 'off' ? { rateLimits: false as const } : {}),
});

const server = serve({ fetch: sandbox.app.fetch, port, hostname }, (info) => {
  console.log(`Sandbox service listening on ${sandbox.config.publicUrl} (${info.address} port ${info.port})`);
  console.log(`Sandbox App token: ${sandbox.config.appToken}`);
  console.log(`Fixtures: ${sandbox.config.publicUrl}/__sandbox/fixtures`);
});

// Not listening at all (SANDBOX_HOST is no address of this machine, the port is taken): one line that says why.
server.on('error', (error: NodeJS.ErrnoException) => {
  const why =
    error.code === 'EADDRINUSE'
      ? `port ${port} is already in use (SANDBOX_PORT)`
      : error.code === 'ENOTFOUND' || error.code === 'EADDRNOTAVAIL'
        ? `SANDBOX_HOST=${hostname} is not an address of this machine`
        : error.message;
  console.error(`The sandbox cannot listen: ${why}.`);
  sandbox.close();
  process.exit(1);
});

function shutdown(): void {
  sandbox.close();
  server.close(() => process.exit(0));
  // Keep-alive sockets can hold close() open; do not hang a Ctrl-C.
  setTimeout(() => process.exit(0), 1000).unref();
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
