/**
 * `npm start`: the sandbox service, the flow (Vite dev server) and the partner demo, each on its own origin.
 * Prints their URLs, the sandbox App token and a ready hosted link "as if sent by SMS".
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { relative } from 'node:path';
import { hostSdkIsStale } from './host-sdk.js';
import { sandboxAppToken } from './app-token.js';
import { topology, topologyEnv } from './ports.js';

const t = topology();
// Stable across restarts (.sandbox/app-token) unless SANDBOX_APP_TOKEN says otherwise: a partner's own backend keeps it.
const { token: appToken, source: tokenSource, file: tokenFile } = sandboxAppToken();
const env = { ...process.env, ...topologyEnv(t, appToken) };

const children: ChildProcess[] = [];
function start(name: string, args: string[]): void {
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = `[${name}] `;
  child.stdout?.on('data', (d: Buffer) => process.stdout.write(d.toString().replace(/^(?=.)/gm, prefix)));
  child.stderr?.on('data', (d: Buffer) => process.stderr.write(d.toString().replace(/^(?=.)/gm, prefix)));
  child.on('exit', (code) => {
    console.error(`${prefix}exited (${code ?? 'signal'}); stopping everything.`);
    shutdown(code ?? 1);
  });
  children.push(child);
}

function shutdown(code: number): void {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  process.exit(code);
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

// The partner demo's modal is the host SDK, served from dist/host: built here when missing or older than its sources.
const stale = hostSdkIsStale();
if (stale) {
  console.log(`Building the host SDK (dist/host: ${stale}): npm run build:host …`);
  const started = Date.now();
  const built = spawnSync('npm', ['run', '--silent', 'build:host'], { stdio: 'inherit' });
  if (built.status !== 0) {
    console.error('npm run build:host failed; the partner demo\'s modal needs the host SDK.');
    process.exit(1);
  }
  console.log(`Built the host SDK in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

const tsx = ['--import', 'tsx'];
start('sandbox', [...tsx, 'demo/sandbox/main.ts']);
start('flow', ['node_modules/.bin/vite', '--port', String(t.flowPort), '--strictPort']);
start('partner', [...tsx, 'demo/partner/server.ts']);

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 300; i += 1) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}

await Promise.all([waitFor(`${t.sandboxUrl}/__sandbox/health`), waitFor(`${t.partnerUrl}/health`), waitFor(t.flowUrl)]);
let smsLink = '(could not create one)';
try {
  const res = await fetch(`${t.partnerUrl}/api/demo-link`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ scope: 'enrollment', behavior: 'hosted' }) });
  if (res.ok) smsLink = ((await res.json()) as { login_link: string }).login_link;
} catch {
  // the partner demo prints its own errors
}
console.log(`
  service-flow is running
  ───────────────────────
  Partner demo     ${t.partnerUrl}
  Flow             ${t.flowUrl}
  Sandbox API      ${t.sandboxUrl}   (fixtures: ${t.sandboxUrl}/__sandbox/fixtures)
  Sandbox App token ${appToken}
    (${tokenSource === 'env' ? 'from SANDBOX_APP_TOKEN' : `kept in ${relative(process.cwd(), tokenFile)}, the same at every start`})
  Allowed parent origins ${(env.SANDBOX_ALLOWED_ORIGINS ?? "").split(',').join(', ')}
  Hosted link (as if sent by SMS, valid 1 hour, or until its flow is finished or left):
    ${smsLink}
`);
