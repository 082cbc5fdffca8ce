/**
 * The partner backend (demo/partner/app.ts, sandbox-api.ts) when the service misbehaves in ways other than a clean
 * 4xx/5xx (a cut, a stall, a page that is not JSON), and when the page uses the wrong method: never a 500 of its own.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { createPartnerApp } from '../app.js';
import { TEST_CONFIG } from './config.js';
import { serviceApi } from '../sandbox-api.js';

const config = TEST_CONFIG;

/** A real HTTP server playing a misbehaving service (or a proxy in front of it); the backend talks to it over TCP. */
async function withService(handler: (req: IncomingMessage, res: ServerResponse) => void, run: (url: string) => Promise<void>): Promise<void> {
  const server = createServer(handler);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    await run(url);
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

/** Console output is captured: the tests also check that nothing secret is written. */
async function quietly<T>(fn: () => Promise<T>): Promise<{ value: T; lines: string[] }> {
  const lines: string[] = [];
  const saved = { log: console.log, warn: console.warn, error: console.error };
  for (const level of ['log', 'warn', 'error'] as const) console[level] = (...args: unknown[]) => void lines.push(args.map(String).join(' '));
  try {
    return { value: await fn(), lines };
  } finally {
    Object.assign(console, saved);
  }
}

function postLink(url: string, timeoutMs?: number): Promise<Response> {
  const app = createPartnerApp(config, serviceApi(url, config.appToken, fetch, timeoutMs));
  return Promise.resolve(app.request('/api/flow-link', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }));
}

/** A failure of the service, however it fails, is the service's (a 5xx of the gateway kind), never the demo's own 500. */
async function expectGatewayError(res: Response, lines: string[]): Promise<void> {
  const body = (await res.json()) as { error: { code: string } };
  assert.ok([502, 503, 504].includes(res.status), `expected a 502/503/504 naming the service, got ${res.status} ${JSON.stringify(body)}`);
  assert.notEqual(body.error.code, 'internal');
  for (const line of lines) assert.ok(!line.includes(config.appToken), `the log line "${line}" shows the App token`);
}

describe('the service answers, but not with a usable body', () => {
  it('a connection cut off in the middle of the answer is a 502 (service unreachable), not a 500', async () => {
    await withService(
      (req, res) => {
        // Headers and the start of a JSON body, then the connection drops (a restart of the service, a proxy's reset).
        res.writeHead(201, { 'content-type': 'application/json', 'content-length': '200' });
        res.write('{"account_uuid":');
        setTimeout(() => req.socket.destroy(), 20);
      },
      async (url) => {
        const { value: res, lines } = await quietly(() => postLink(url));
        await expectGatewayError(res, lines);
      },
    );
  });

  it('a 2xx answer that is not JSON (a proxy or captive portal page) is a 502, not a 500', async () => {
    await withService(
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<!doctype html><title>Gateway</title><p>Please sign in to the network</p>');
      },
      async (url) => {
        const { value: res, lines } = await quietly(() => postLink(url));
        await expectGatewayError(res, lines);
      },
    );
  });

  it('a service that sends its headers and then stalls past the timeout is a 502/504, not a 500', async () => {
    await withService(
      (_req, res) => {
        res.writeHead(201, { 'content-type': 'application/json', 'content-length': '500' });
        res.write('{"account_uuid":"'); // …and nothing more
      },
      async (url) => {
        const { value: res, lines } = await quietly(() => postLink(url, 500));
        await expectGatewayError(res, lines);
      },
    );
  });
});

describe('wrong method on the API routes', () => {
  it('GET/PUT/DELETE /api/flow-link say 405 with Allow: POST, not 404 "No such endpoint"', async () => {
    const app = createPartnerApp(config, serviceApi('http://127.0.0.1:9', config.appToken));
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
      const { value: res } = await quietly(() => Promise.resolve(app.request('/api/flow-link', { method })));
      assert.equal(res.status, 405, `${method} /api/flow-link answered ${res.status}: ${await res.clone().text()}`);
      assert.match(res.headers.get('allow') ?? '', /\bPOST\b/, `${method}: Allow header`);
    }
  });
});

describe('a failure after the account was created', () => {
  it('names the account it created (Account-Uuid), so that trying again uses it rather than creating another', async () => {
    const uuid = '1e3b89d6-2f0c-4d5e-9a7b-3c1d2e4f5a6b';
    const seen: string[] = [];
    await withService(
      (req, res) => {
        seen.push(`${req.method} ${req.url}`);
        res.setHeader('content-type', 'application/json');
        if (req.url === '/v1/app/accounts') {
          res.writeHead(201).end(JSON.stringify({ account_uuid: uuid, status: 'created', status_reason: 'missing_address' }));
        } else {
          res.writeHead(500).end(JSON.stringify({ error: { status: 500, code: 'internal', message: 'Internal server error' } }));
        }
      },
      async (url) => {
        const { value: res } = await quietly(() => postLink(url));
        assert.equal(res.status, 500);
        assert.equal(res.headers.get('account-uuid'), uuid);
        assert.deepEqual(seen, ['POST /v1/app/accounts', `POST /v1/app/accounts/${uuid}/flow-login`]);
      },
    );
  });
});
