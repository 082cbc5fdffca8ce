/**
 * Who may use the sandbox's controls (http/controls.ts): the App token, no web page, JSON bodies only; the open
 * /__sandbox paths stay open; and `npm run sandbox` listens on the loopback interface unless SANDBOX_HOST says
 * otherwise (listen.ts, main.ts).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { fileURLToPath } from 'node:url';
import { isOpenSandboxPath, isSandboxControl, OPEN_SANDBOX_PATHS } from '../http/controls.js';
import { DEFAULT_HOST, isLoopbackHost, listenHost } from '../listen.js';
import { APP_TOKEN, assertError, Harness, type Reply } from './support/harness.js';

const PARTNER = 'http://partner.test';
const h = new Harness({ allowedOrigins: [PARTNER] });
after(() => h.close());

let account: { uuid: string; token: string };
before(async () => {
  account = await h.createAccount();
});

interface Control {
  method: string;
  /** The route as app.ts registers it. */
  route: string;
  path: () => string;
  body?: unknown;
}

/** Every control, with a request that would change state (or show data) if it were let through. */
const CONTROLS: Control[] = [
  { method: 'GET', route: '/__sandbox/clock', path: () => '/__sandbox/clock' },
  { method: 'POST', route: '/__sandbox/clock', path: () => '/__sandbox/clock', body: { advance_hours: 5 } },
  { method: 'GET', route: '/__sandbox/faults', path: () => '/__sandbox/faults' },
  { method: 'POST', route: '/__sandbox/faults', path: () => '/__sandbox/faults', body: { route: '/v1', error_rate: 1 } },
  { method: 'DELETE', route: '/__sandbox/faults', path: () => '/__sandbox/faults' },
  { method: 'DELETE', route: '/__sandbox/faults/:id', path: () => '/__sandbox/faults/flt_1' },
  { method: 'GET', route: '/__sandbox/webhooks', path: () => '/__sandbox/webhooks' },
  { method: 'PUT', route: '/__sandbox/webhooks/config', path: () => '/__sandbox/webhooks/config', body: { url: 'http://evil.example/hooks', secret: 'whsec_evil_secret' } },
  { method: 'POST', route: '/__sandbox/accounts', path: () => '/__sandbox/accounts', body: { preset: 'active-with-invoices' } },
  { method: 'GET', route: '/__sandbox/accounts/:account_uuid', path: () => `/__sandbox/accounts/${account.uuid}` },
  { method: 'POST', route: '/__sandbox/accounts/:account_uuid/expire-tokens', path: () => `/__sandbox/accounts/${account.uuid}/expire-tokens` },
  { method: 'POST', route: '/__sandbox/expire-tokens', path: () => '/__sandbox/expire-tokens' },
  { method: 'GET', route: '/__sandbox/funnel-events', path: () => '/__sandbox/funnel-events' },
];
const WITH_BODY = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** What a control could change: the clock, the fault rules, live tokens, the webhook target. */
function state() {
  const now = h.sb.clock.nowMs();
  return {
    now,
    rules: h.sb.faults.list().rules.map((r) => r.id),
    liveTokens: h.sb.store.tokens.forAccount(account.uuid).filter((t) => t.expiresAt > now).length,
    webhooks: h.sb.dispatcher.deliveries().length,
    accounts: h.sb.store.accounts().length,
  };
}

async function unchanged(action: () => Promise<Reply>): Promise<Reply> {
  const before = state();
  const webhookUrl = (await h.call('GET', '/__sandbox/webhooks')).body.url;
  const res = await action();
  assert.deepEqual(state(), before);
  assert.equal((await h.call('GET', '/__sandbox/webhooks')).body.url, webhookUrl);
  // The account token still works: nothing expired it.
  assert.equal((await h.as(account.token)('GET', '/v1/account')).status, 200);
  return res;
}

const label = (c: Control) => `${c.method} ${c.route}`;

describe('the sandbox controls', () => {
  it('are every /__sandbox route but the open ones (the table below covers them all)', () => {
    const registered = h.sb.app.routes
      .filter((r) => r.method !== 'ALL' && r.path.startsWith('/__sandbox'))
      .map((r) => `${r.method} ${r.path}`);
    const controls = registered.filter((r) => isSandboxControl(r.split(' ')[1]!));
    assert.deepEqual([...new Set(controls)].sort(), CONTROLS.map(label).sort());
    const openPaths = ['/__sandbox/health', '/__sandbox/fixtures', '/__sandbox/branding/logo.svg', '/__sandbox/stripe.js', '/__sandbox/processor/3ds/seti_1', '/__sandbox/battery/authorize/x'];
    for (const open of openPaths) {
      assert.ok(isOpenSandboxPath(open), open);
    }
    assert.ok(OPEN_SANDBOX_PATHS.every((p) => p.startsWith('/__sandbox/')));
    for (const control of ['/__sandbox', '/__sandbox/', '/__sandbox/faults', '/__sandbox/fixtures/x', '/__sandbox/healthz', '/__sandbox/processor', '/__sandbox/battery']) {
      assert.ok(isSandboxControl(control), control);
    }
  });

  for (const control of CONTROLS) {
    it(`${label(control)}: 401 without the App token, and nothing changes`, async () => {
      const body = control.body === undefined ? {} : { body: control.body };
      assertError(await unchanged(() => h.call(control.method, control.path(), { token: null, ...body })), 401, 'unauthorized');
      // An account token is not the App token either.
      assertError(await unchanged(() => h.call(control.method, control.path(), { token: account.token, ...body })), 401, 'unauthorized');
      assertError(await unchanged(() => h.call(control.method, control.path(), { token: 'sandbox_app_guessed', ...body })), 401, 'unauthorized');
    });

    it(`${label(control)}: 403 from a web page (an Origin header), even with the App token`, async () => {
      const body = control.body === undefined ? {} : { body: control.body };
      for (const origin of ['https://evil.example', PARTNER, 'null']) {
        const res = await unchanged(() => h.call(control.method, control.path(), { headers: { origin }, ...body }));
        assertError(res, 403, 'forbidden');
        assert.equal(res.headers.get('access-control-allow-origin'), null);
      }
    });

    if (!WITH_BODY.includes(control.method)) continue;
    it(`${label(control)}: 415 for a body that is not declared as JSON, with the App token`, async () => {
      const raw = JSON.stringify(control.body ?? {});
      for (const type of ['text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
        const res = await unchanged(() => h.call(control.method, control.path(), { raw, headers: { 'content-type': type } }));
        assertError(res, 415, 'unsupported_media_type');
        assert.match(res.body.error.message, /Content-Type must be application\/json/);
      }
      // In-process, a string body without a declared type is text/plain (the Request constructor's default).
      const bare = await unchanged(async () => {
        const res = await h.sb.app.request(control.path(), { method: control.method, headers: { authorization: `Bearer ${APP_TOKEN}` }, body: raw });
        return { status: res.status, body: await res.json(), headers: res.headers };
      });
      assertError(bare, 415, 'unsupported_media_type');
    });
  }

  it('refuse a simple cross-origin POST: no token, a text/plain body, a foreign Origin', async () => {
    const simple = (path: string, body: unknown) =>
      unchanged(() => h.call('POST', path, { token: null, raw: JSON.stringify(body), headers: { 'content-type': 'text/plain', origin: 'https://evil.example' } }));
    assertError(await simple('/__sandbox/faults', { route: '/v1', error_rate: 1 }), 401, 'unauthorized');
    assertError(await simple('/__sandbox/expire-tokens', {}), 401, 'unauthorized');
    assertError(await simple(`/__sandbox/accounts/${account.uuid}/expire-tokens`, {}), 401, 'unauthorized');
    assertError(await simple('/__sandbox/clock', { advance_business_hours: 72 }), 401, 'unauthorized');
    // A form post, as an <form action> on another site would send it.
    const form = await unchanged(() =>
      h.call('POST', '/__sandbox/faults', { token: null, raw: 'route=%2Fv1&error_rate=1', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' } }),
    );
    assertError(form, 401, 'unauthorized');
  });

  it('grant no CORS to any origin (the preflight a token or a JSON body needs fails), nor does the App API, while the Account API and fixtures keep theirs', async () => {
    const preflight = (path: string, origin: string) =>
      h.sb.app.request(path, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
      });
    for (const path of ['/__sandbox/faults', '/__sandbox/expire-tokens', '/__sandbox/clock', `/__sandbox/accounts/${account.uuid}`]) {
      for (const origin of [PARTNER, 'http://localhost:5173', 'https://evil.example']) {
        assert.equal((await preflight(path, origin)).headers.get('access-control-allow-origin'), null, `${path} from ${origin}`);
      }
    }
    // The App API is for the partner's backend only: no page gets its answers, not even an allowed origin's.
    for (const path of ['/v1/app/accounts', `/v1/app/accounts/${account.uuid}/flow-login`]) {
      for (const origin of [PARTNER, 'http://localhost:5173', 'https://evil.example']) {
        assert.equal((await preflight(path, origin)).headers.get('access-control-allow-origin'), null, `${path} from ${origin}`);
      }
    }
    // The flow's Account API keeps its CORS for the flow and the App's allowed origins.
    assert.equal((await preflight('/v1/account', 'http://localhost:5173')).headers.get('access-control-allow-origin'), 'http://localhost:5173');
    assert.equal((await preflight('/v1/account', 'https://evil.example')).headers.get('access-control-allow-origin'), null);
    const fixtures = await h.sb.app.request('/__sandbox/fixtures', { headers: { origin: PARTNER } });
    assert.equal(fixtures.status, 200);
    assert.equal(fixtures.headers.get('access-control-allow-origin'), PARTNER);
  });

  it('answer with the App token, JSON and no Origin', async () => {
    const moved = await h.call('POST', '/__sandbox/clock', { body: { advance_seconds: 1 } });
    assert.equal(moved.status, 200);
    const rule = await h.call('POST', '/__sandbox/faults', { body: { route: '/v1/never/called', latency_ms: 1 } });
    assert.equal(rule.status, 201);
    assert.equal((await h.call('DELETE', `/__sandbox/faults/${rule.body.id}`)).status, 204);
    // A POST with no body needs no Content-Type; application/json with a charset is JSON.
    assert.equal((await h.call('POST', '/__sandbox/expire-tokens', { token: APP_TOKEN })).status, 200);
    const clock = await h.call('POST', '/__sandbox/clock', { raw: '{"advance_seconds":1}', headers: { 'content-type': 'Application/JSON; charset=utf-8' } });
    assert.equal(clock.status, 200);
    account = await h.createAccount();
  });

  it('cannot be reached around the guard by spelling the path differently', async () => {
    for (const path of ['//__sandbox/faults', '/__sandbox/faults/', '/__sandbox/processor/../faults', '/__sandbox/processor/%2e%2e/faults', '/__sandbox/%66aults', '/__sandbox//faults']) {
      const res = await unchanged(() => h.call('POST', path, { token: null, body: { route: '/v1', error_rate: 1 }, contract: false }));
      assert.ok(res.status >= 400, `${path} answered ${res.status}`);
    }
  });
});

describe('the open /__sandbox paths', () => {
  it('answer without a token: health, fixtures, the logo, the Stripe.js emulator', async () => {
    for (const path of ['/__sandbox/health', '/__sandbox/fixtures', '/__sandbox/branding/logo.svg', '/__sandbox/stripe.js']) {
      assert.equal((await h.call('GET', path, { token: null })).status, 200, path);
    }
  });

  it('leave the card processor emulator as open as the real processor: its publishable key and client secret', async () => {
    const intent = h.sb.processor.createSetupIntent(account.uuid);
    const path = `/__sandbox/processor/setup_intents/${intent.id}?client_secret=${encodeURIComponent(intent.client_secret)}`;
    const res = await h.sb.app.request(path, { headers: { authorization: `Bearer ${h.sb.config.stripePublicKey}`, origin: 'http://localhost:5173' } });
    assert.equal(res.status, 200);
    // Without its key the processor answers its own (Stripe-shaped) error, not the sandbox's.
    const keyless = await h.sb.app.request(path);
    assert.equal(keyless.status, 401);
    assert.equal(((await keyless.json()) as { error: { type: string } }).error.type, 'invalid_request_error');
    // The 3-D Secure page posts a plain HTML form: the guard does not refuse it.
    const form = await h.sb.app.request(`/__sandbox/processor/3ds/${intent.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'challenge=wrong&outcome=complete',
    });
    assert.ok(![401, 403, 415].includes(form.status), String(form.status));
    assert.match(form.headers.get('content-type') ?? '', /text\/html/);
  });
});

describe('the listen address', () => {
  it('is 127.0.0.1 unless SANDBOX_HOST says otherwise, with a warning when that is not loopback', () => {
    assert.equal(DEFAULT_HOST, '127.0.0.1');
    assert.deepEqual(listenHost(undefined), { hostname: '127.0.0.1', warning: null });
    assert.deepEqual(listenHost('  '), { hostname: '127.0.0.1', warning: null });
    for (const loopback of ['localhost', '127.0.0.1', '127.0.0.2', '::1', '[::1]', 'LOCALHOST']) {
      assert.ok(isLoopbackHost(loopback), loopback);
      assert.equal(listenHost(loopback).warning, null, loopback);
    }
    for (const wide of ['0.0.0.0', '::', '192.0.2.2', 'fd00::2', 'sandbox.example.com']) {
      assert.equal(isLoopbackHost(wide), false, wide);
      const { hostname, warning } = listenHost(wide);
      assert.equal(hostname, wide);
      assert.match(warning ?? '', new RegExp(`^WARNING: SANDBOX_HOST=${wide.replace(/\./g, '\\.')}: `));
    }
  });

  describe('of `npm run sandbox` (main.ts over a real socket)', () => {
    const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
    const children: ChildProcess[] = [];
    after(() => {
      for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    });

    async function freePort(): Promise<number> {
      const server = createServer();
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      await new Promise<void>((resolve) => server.close(() => resolve()));
      return port;
    }

    /** Starts main.ts and resolves with its output once it listens. */
    async function startSandbox(extraEnv: Record<string, string>): Promise<{ port: number; stdout: string; stderr: string }> {
      const port = await freePort();
      const env: Record<string, string | undefined> = { ...process.env, SANDBOX_PORT: String(port), SANDBOX_APP_TOKEN: 'sandbox_app_listen_test', ...extraEnv };
      if (!('SANDBOX_HOST' in extraEnv)) delete env.SANDBOX_HOST;
      delete env.SANDBOX_URL;
      delete env.NODE_TEST_CONTEXT;
      const child = spawn(process.execPath, ['--import', 'tsx', 'demo/sandbox/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
      children.push(child);
      let stdout = '';
      let stderr = '';
      child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`main.ts did not start: ${stdout}${stderr}`)), 30_000);
        child.stdout!.on('data', (d: Buffer) => {
          stdout += d.toString();
          if (stdout.includes('Sandbox App token')) {
            clearTimeout(timer);
            resolve();
          }
        });
        child.on('exit', (code) => reject(new Error(`main.ts exited (${code}): ${stdout}${stderr}`)));
      });
      return { port, stdout, stderr };
    }

    /** A non-loopback IPv4 address of this machine, if it has one. */
    const externalAddress = Object.values(networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

    it('listens on 127.0.0.1 by default: localhost reaches it, the network does not', async () => {
      const { port, stdout, stderr } = await startSandbox({});
      assert.match(stdout, new RegExp(`listening on http://localhost:${port} \\(127\\.0\\.0\\.1 port ${port}\\)`));
      assert.equal(stderr.includes('WARNING'), false, stderr);
      assert.equal((await fetch(`http://127.0.0.1:${port}/__sandbox/health`)).status, 200);
      assert.equal((await fetch(`http://localhost:${port}/__sandbox/health`)).status, 200);
      // The controls over the socket: refused without the token, and a plain-text body refused with it.
      const noToken = await fetch(`http://localhost:${port}/__sandbox/expire-tokens`, { method: 'POST' });
      assert.equal(noToken.status, 401);
      const plain = await fetch(`http://localhost:${port}/__sandbox/faults`, {
        method: 'POST',
        headers: { authorization: 'Bearer sandbox_app_listen_test', 'content-type': 'text/plain' },
        body: JSON.stringify({ route: '/v1', error_rate: 1 }),
      });
      assert.equal(plain.status, 415);
      const rules = await fetch(`http://localhost:${port}/__sandbox/faults`, { headers: { authorization: 'Bearer sandbox_app_listen_test' } });
      assert.deepEqual(((await rules.json()) as { rules: unknown[] }).rules, []);
      if (externalAddress) {
        await assert.rejects(fetch(`http://${externalAddress}:${port}/__sandbox/health`), `reachable on ${externalAddress}`);
      }
    });

    it('listens wider only when SANDBOX_HOST says so, and warns', async () => {
      const { port, stdout, stderr } = await startSandbox({ SANDBOX_HOST: '0.0.0.0' });
      assert.match(stderr, /WARNING: SANDBOX_HOST=0\.0\.0\.0: the sandbox listens beyond this machine/);
      assert.match(stdout, new RegExp(`\\(0\\.0\\.0\\.0 port ${port}\\)`));
      if (externalAddress) assert.equal((await fetch(`http://${externalAddress}:${port}/__sandbox/health`)).status, 200);
    });
  });
});
