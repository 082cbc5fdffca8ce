/** The sandbox over a real socket, as main.ts serves it: what app.request cannot show (CORS from a browser origin,
 * chunked bodies over the limit, the fault injector's dropped connection). */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { createSandbox, type Sandbox } from '../app.js';

let sandbox: Sandbox;
let server: ServerType;
let base = '';

before(async () => {
  sandbox = createSandbox({ appToken: 'sandbox_app_server_test', rateLimits: false, allowedOrigins: ['http://partner.test'] });
  await new Promise<void>((resolve) => {
    server = serve({ fetch: sandbox.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(async () => {
  sandbox.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('the sandbox over HTTP', () => {
  it('answers health and an App request', async () => {
    assert.equal((await fetch(`${base}/__sandbox/health`)).status, 200);
    const res = await fetch(`${base}/v1/app/accounts`, {
      method: 'POST',
      headers: { authorization: 'Bearer sandbox_app_server_test', 'content-type': 'application/json', origin: 'http://partner.test' },
      body: JSON.stringify({ email: 'socket@example.com' }),
    });
    assert.equal(res.status, 201);
    // The App API is for the partner's backend: a page's Origin, even an allowed one, gets no CORS grant.
    assert.equal(res.headers.get('access-control-allow-origin'), null);
    const flow = await fetch(`${base}/v1/account`, { method: 'OPTIONS', headers: { origin: 'http://partner.test', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' } });
    assert.equal(flow.headers.get('access-control-allow-origin'), 'http://partner.test');
  });

  it('refuses a streamed body over 64 KiB that declares no length', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(16 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 5) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const res = await fetch(`${base}/v1/app/accounts`, {
      method: 'POST',
      headers: { authorization: 'Bearer sandbox_app_server_test', 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    assert.equal(res.status, 413);
    assert.equal(((await res.json()) as { error: { code: string } }).error.code, 'payload_too_large');
  });

  it('drops the connection when the fault injector says so', async () => {
    const rule = await fetch(`${base}/__sandbox/faults`, { method: 'POST', headers: { authorization: 'Bearer sandbox_app_server_test', 'content-type': 'application/json' }, body: JSON.stringify({ route: '/v1/app/accounts', drop_rate: 1, count: 1 }) });
    assert.equal(rule.status, 201);
    await assert.rejects(fetch(`${base}/v1/app/accounts`, { headers: { authorization: 'Bearer sandbox_app_server_test' } }));
    assert.equal((await fetch(`${base}/v1/app/accounts`, { headers: { authorization: 'Bearer sandbox_app_server_test' } })).status, 200);
  });
});

/** A raw request over the socket: TRACE cannot be sent by fetch (the Request constructor refuses the method). */
function raw(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<{ status: number; text: string }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, method, path, headers: { connection: 'close', ...headers } }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (p: Buffer) => parts.push(p));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(parts).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('methods only a socket carries', () => {
  it('TRACE to a path without a route is a 4xx in the error body, never a 500 (with a body too)', async () => {
    const answers: string[] = [];
    for (const path of ['/nope', '/', '/v1', '/v1/account/nope', '/__sandbox/nope', '/__sandbox/processor/nope']) {
      const res = await raw('TRACE', path, { authorization: 'Bearer sandbox_app_server_test' });
      answers.push(`TRACE ${path} → ${res.status} ${res.text.slice(0, 120)}`);
    }
    const withBody = await raw('TRACE', '/nope', { 'content-type': 'application/json', 'content-length': '2' }, '{}');
    answers.push(`TRACE /nope with a body → ${withBody.status} ${withBody.text.slice(0, 120)}`);
    for (const a of answers) assert.match(a, / → 4\d\d \{"error":/, a);
  });
});

