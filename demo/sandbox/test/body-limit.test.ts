/**
 * The one body limit (64 KiB, http/body.ts) over a real socket: a chunked upload that declares no length is
 * refused while it is read, early, without the process buffering it; a Content-Length that lies changes nothing.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { request, type ClientRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { createSandbox, type Sandbox } from '../app.js';
import { MAX_BODY_BYTES } from '../http/body.js';

const TOKEN = 'sandbox_app_body_limit_test';
const MiB = 1024 * 1024;

let sandbox: Sandbox;
let server: ServerType;
let port = 0;

before(async () => {
  sandbox = createSandbox({ appToken: TOKEN, rateLimits: false });
  await new Promise<void>((resolve) => {
    server = serve({ fetch: sandbox.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
  });
  port = (server.address() as AddressInfo).port;
});
after(async () => {
  sandbox.close();
  (server as Server).closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

interface Outcome {
  status: number;
  body: string;
  /** Bytes the client had handed to the socket when the answer arrived. */
  sentWhenAnswered: number;
  ms: number;
}

/**
 * POSTs up to `total` bytes in 64 KiB chunks made one at a time (one reused buffer, so the client holds no more than
 * the socket's buffers), honouring back-pressure, and stops sending as soon as the answer arrives.
 */
function upload(path: string, total: number, headers: Record<string, string> = {}): Promise<Outcome> {
  const started = performance.now();
  return new Promise<Outcome>((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req: ClientRequest = request({ host: '127.0.0.1', port, method: 'POST', path, headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', ...headers } });
    req.on('response', (res) => {
      answered = true;
      const sentWhenAnswered = sent;
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString('utf8'), sentWhenAnswered, ms: performance.now() - started });
        req.destroy();
      });
    });
    // The server closes the connection after answering while the client still sends: expected, not a failure.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    const chunk = Buffer.alloc(64 * 1024, 'x');
    chunk.write('{"email":"big@example.com","pad":"');
    const pump = async (): Promise<void> => {
      while (!answered && !req.destroyed && sent < total) {
        sent += chunk.byteLength;
        if (!req.write(chunk)) {
          await new Promise<void>((go) => {
            const done = (): void => {
              req.off('drain', done).off('close', done);
              go();
            };
            req.on('drain', done).on('close', done);
          });
        }
      }
      if (!answered && !req.destroyed) req.end();
    };
    pump().catch(reject);
  });
}

function code(body: string): string {
  return (JSON.parse(body) as { error: { code: string } }).error.code;
}

describe('the body limit, over a socket', () => {
  it('refuses a 256 MiB chunked upload early, without buffering it', async () => {
    globalThis.gc?.();
    const before = process.memoryUsage();
    const outcome = await upload('/v1/app/accounts', 256 * MiB);
    const afterwards = process.memoryUsage();
    const growth = { rss: (afterwards.rss - before.rss) / MiB, heap: (afterwards.heapUsed - before.heapUsed) / MiB };
    console.log(
      `256 MiB chunked upload: 413 after ${(outcome.sentWhenAnswered / MiB).toFixed(2)} MiB sent, ${outcome.ms.toFixed(0)} ms; ` +
        `rss ${(before.rss / MiB).toFixed(1)} → ${(afterwards.rss / MiB).toFixed(1)} MB, heap ${(before.heapUsed / MiB).toFixed(1)} → ${(afterwards.heapUsed / MiB).toFixed(1)} MB`,
    );
    assert.equal(outcome.status, 413);
    assert.equal(code(outcome.body), 'payload_too_large');
    // Answered once the limit was passed, not after the upload: what was sent by then is the limit plus the
    // socket buffers of both ends.
    assert.ok(outcome.sentWhenAnswered < 32 * MiB, `answered only after ${outcome.sentWhenAnswered} bytes`);
    assert.ok(outcome.ms < 10_000, `took ${outcome.ms} ms`);
    assert.ok(growth.rss < 24, `rss grew by ${growth.rss.toFixed(1)} MB`);
    assert.ok(growth.heap < 16, `heap grew by ${growth.heap.toFixed(1)} MB`);
  });

  it('bounds every route that reads a body: faults, webhook configuration, the card processor', async () => {
    for (const path of ['/__sandbox/faults', '/__sandbox/clock', '/__sandbox/processor/setup_intents/seti_x/confirm', '/__sandbox/processor/3ds/seti_x']) {
      const outcome = await upload(path, 8 * MiB);
      assert.equal(outcome.status, 413, path);
      assert.equal(code(outcome.body), 'payload_too_large', path);
      assert.ok(outcome.sentWhenAnswered < 8 * MiB, `${path}: answered only after the whole upload`);
    }
    const put = await new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, method: 'PUT', path: '/__sandbox/webhooks/config', headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
      req.on('error', reject);
      req.write('x'.repeat(MAX_BODY_BYTES + 1));
    });
    assert.equal(put, 413);
  });

  it('refuses a declared Content-Length over the limit before the body is sent', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/v1/app/accounts', headers: { authorization: `Bearer ${TOKEN}`, 'content-length': String(256 * MiB) } });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
      req.on('error', reject);
      req.flushHeaders(); // headers only: the answer cannot depend on a body
    });
    assert.equal(status, 413);
  });

  it("a 413 closes its connection: a client's keep-alive pool sends its next request on a new one, which works", async () => {
    const base = `http://127.0.0.1:${port}`;
    const headers = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
    const big = await fetch(`${base}/v1/app/accounts`, { method: 'POST', headers, body: JSON.stringify({ pad: 'x'.repeat(MiB) }) });
    assert.equal(big.status, 413);
    assert.equal(big.headers.get('connection'), 'close');
    await big.text();
    // Sequential requests on the same pool (Node's fetch keeps connections alive): none meets a closing socket.
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${base}/v1/app/accounts`, { method: 'POST', headers, body: '{}' });
      assert.equal(res.status, 400);
      await res.text();
      await new Promise((r) => setTimeout(r, 600));
    }
  });

  it('counts the bytes, not the declared length: an understated Content-Length is still 413', async () => {
    const res = await sandbox.app.request('/v1/app/accounts', {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', 'content-length': '16' },
      body: JSON.stringify({ email: 'lie@example.com', pad: 'x'.repeat(MAX_BODY_BYTES) }),
    });
    assert.equal(res.status, 413);
    assert.equal(code(await res.text()), 'payload_too_large');
  });

  it('still reads a body under the limit sent in chunks', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/v1/app/accounts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: new Blob(['{"email":', '"chunks@example.com",', `"pad":"${'y'.repeat(MAX_BODY_BYTES - 100)}"}`]).stream(),
      duplex: 'half',
    } as RequestInit);
    assert.equal(res.status, 201);
  });
});
