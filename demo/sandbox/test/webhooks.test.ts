import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import {
  MAX_ATTEMPTS,
  WEBHOOK_TYPES,
  WebhookDispatcher,
  signPayload,
  signatureHeader,
  verifySignature,
} from '../webhooks.js';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local receiver answering each request with the next status of `statuses` (the last one repeats). */
async function receiver(statuses: number[]): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = statuses[Math.min(received.length - 1, statuses.length - 1)];
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const SECRET = 'whsec_sandbox_test';

test('WEBHOOK_TYPES lists the eleven events of the specification', () => {
  assert.equal(WEBHOOK_TYPES.length, 11);
  assert.ok(WEBHOOK_TYPES.includes('enrollment.finalized'));
  assert.ok(WEBHOOK_TYPES.includes('location.usage_history_available'));
});

test('a delivery arrives signed: verifySignature and an independent HMAC both accept it', async () => {
  const server = await receiver([200]);
  const dispatcher = new WebhookDispatcher({ url: server.url, secret: SECRET });
  try {
    const event = dispatcher.emit('enrollment.finalized', { account_uuid: 'acc-1' });
    await dispatcher.idle();
    assert.equal(server.received.length, 1);
    const { headers, body } = server.received[0];
    assert.equal(headers['content-type'], 'application/json');
    assert.equal(headers['service-webhook-id'], event.id);
    assert.deepEqual(JSON.parse(body), { id: event.id, type: 'enrollment.finalized', created_at: event.created_at, data: { account_uuid: 'acc-1' } });
    const signature = String(headers['service-signature']);
    assert.ok(verifySignature(signature, body, SECRET));
    const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature);
    assert.ok(match, signature);
    const independent = createHmac('sha256', SECRET).update(`${match[1]}.${body}`).digest('hex');
    assert.equal(match[2], independent);
    assert.ok(Math.abs(Number(match[1]) - Date.now() / 1000) < 5, 't is the current unix time in seconds');
    const [delivery] = dispatcher.deliveries();
    assert.deepEqual(
      { outcome: delivery.outcome, attempt: delivery.attempt, status_code: delivery.status_code, error: delivery.error, next: delivery.next_retry_at },
      { outcome: 'delivered', attempt: 1, status_code: 200, error: null, next: null },
    );
    assert.equal(delivery.url, server.url);
    assert.deepEqual(dispatcher.events(), [event]);
  } finally {
    dispatcher.close();
    await server.close();
  }
});

test('a 500 is retried after the backoff and the retry carries the same id and body', async () => {
  const server = await receiver([500, 200]);
  const dispatcher = new WebhookDispatcher({ url: server.url, secret: SECRET, backoffMs: 5 });
  try {
    const event = dispatcher.emit('account.payment_method_added', { account_uuid: 'acc-2' });
    await dispatcher.idle();
    assert.equal(server.received.length, 2);
    const [first, second] = server.received;
    assert.equal(first.body, second.body);
    assert.equal(first.headers['service-webhook-id'], event.id);
    assert.equal(second.headers['service-webhook-id'], event.id);
    assert.ok(verifySignature(String(second.headers['service-signature']), second.body, SECRET));
    const records = dispatcher.deliveries();
    assert.deepEqual(records.map((r) => [r.attempt, r.status_code, r.outcome]), [[1, 500, 'retrying'], [2, 200, 'delivered']]);
    assert.equal(records[0].error, 'HTTP 500');
    assert.equal(Date.parse(records[0].next_retry_at ?? '') - Date.parse(records[0].attempted_at), 5);
  } finally {
    dispatcher.close();
    await server.close();
  }
});

test('gives up after six attempts with doubling delays', async () => {
  const server = await receiver([503]);
  const dispatcher = new WebhookDispatcher({ url: server.url, secret: SECRET, backoffMs: 2 });
  try {
    dispatcher.emit('location.service_active', { account_uuid: 'acc-3', location_uuid: 'loc-3' });
    await dispatcher.idle();
    assert.equal(server.received.length, MAX_ATTEMPTS);
    const records = dispatcher.deliveries();
    assert.deepEqual(records.map((r) => r.attempt), [1, 2, 3, 4, 5, 6]);
    assert.deepEqual(records.map((r) => r.outcome), ['retrying', 'retrying', 'retrying', 'retrying', 'retrying', 'failed']);
    const delays = records.slice(0, -1).map((r) => Date.parse(r.next_retry_at ?? '') - Date.parse(r.attempted_at));
    assert.deepEqual(delays, [2, 4, 8, 16, 32]);
    assert.equal(records.at(-1)?.next_retry_at, null);
  } finally {
    dispatcher.close();
    await server.close();
  }
});

test('a network error is recorded and retried like a failed status', async () => {
  const server = await receiver([200]);
  const deadUrl = server.url;
  await server.close(); // nothing listens on that port any more
  const dispatcher = new WebhookDispatcher({ url: deadUrl, secret: SECRET, backoffMs: 1 });
  try {
    dispatcher.emit('enrollment.plan_accepted', { account_uuid: 'acc-4' });
    await dispatcher.idle();
    const records = dispatcher.deliveries();
    assert.equal(records.length, MAX_ATTEMPTS);
    assert.ok(records.every((r) => r.status_code === null && r.error && /ECONNREFUSED|fetch failed/.test(r.error)));
    assert.equal(records.at(-1)?.outcome, 'failed');
  } finally {
    dispatcher.close();
  }
});

test('a tampered body, a wrong secret, a stale timestamp or a malformed header fail verification', () => {
  const body = JSON.stringify({ id: 'evt_1', type: 'enrollment.finalized', created_at: '2026-01-01T00:00:00.000Z', data: {} });
  const now = new Date('2026-01-01T00:00:10Z');
  const t = Math.floor(now.getTime() / 1000) - 10;
  const header = signatureHeader(SECRET, t, body);
  assert.equal(header, `t=${t},v1=${signPayload(SECRET, t, body)}`);
  assert.equal(verifySignature(header, body, SECRET, 300, now), true);
  assert.equal(verifySignature(header, body.replace('"data":{}', '"data":{"x":1}'), SECRET, 300, now), false);
  assert.equal(verifySignature(header, `${body} `, SECRET, 300, now), false);
  assert.equal(verifySignature(header, body, 'whsec_other', 300, now), false);
  assert.equal(verifySignature(header, body, SECRET, 300, new Date(now.getTime() + 600_000)), false);
  assert.equal(verifySignature(header.replace(/^t=\d+/, `t=${t + 1}`), body, SECRET, 300, now), false);
  assert.equal(verifySignature('v1=abc', body, SECRET, 300, now), false);
  assert.equal(verifySignature('', body, SECRET, 300, now), false);
  // During a secret rotation the header may carry a signature per secret; any one of them suffices.
  const rotated = `t=${t},v1=${signPayload('whsec_old', t, body)},v1=${signPayload(SECRET, t, body)}`;
  assert.equal(verifySignature(rotated, body, SECRET, 300, now), true);
});

test('without a URL events are recorded but nothing is sent; configure turns delivery on', async () => {
  const server = await receiver([204]);
  const dispatcher = new WebhookDispatcher({ secret: SECRET });
  try {
    dispatcher.emit('enrollment.plan_requested', { account_uuid: 'acc-5' });
    await dispatcher.idle();
    assert.equal(dispatcher.events().length, 1);
    assert.equal(dispatcher.deliveries().length, 0);
    dispatcher.configure({ url: server.url, secret: 'whsec_new' });
    dispatcher.emit('enrollment.identity_updated', { account_uuid: 'acc-5' });
    await dispatcher.idle();
    assert.equal(server.received.length, 1);
    assert.ok(verifySignature(String(server.received[0].headers['service-signature']), server.received[0].body, 'whsec_new'));
    assert.throws(() => dispatcher.configure({ url: 'ftp://example.test/' }), TypeError);
    assert.throws(() => dispatcher.configure({ url: 'not a url' }), TypeError);
    assert.throws(() => dispatcher.emit('account.unknown' as never, {}), TypeError);
  } finally {
    dispatcher.close();
    await server.close();
  }
});

test('close cancels a waiting retry and settles idle()', async () => {
  const server = await receiver([500]);
  const dispatcher = new WebhookDispatcher({ url: server.url, secret: SECRET, backoffMs: 60_000 });
  try {
    dispatcher.emit('account.invoice_sent', { account_uuid: 'acc-6' });
    const idle = dispatcher.idle();
    while (dispatcher.deliveries().length === 0) await new Promise((r) => setTimeout(r, 5));
    assert.equal(dispatcher.deliveries()[0].outcome, 'retrying');
    dispatcher.close();
    await idle;
    assert.equal(server.received.length, 1);
  } finally {
    await server.close();
  }
});

test('a retry waiting on its timer does not keep the process alive', () => {
  const modulePath = fileURLToPath(new URL('../webhooks.ts', import.meta.url));
  const script = `
    const { WebhookDispatcher } = await import(${JSON.stringify(modulePath)});
    const d = new WebhookDispatcher({ url: 'http://127.0.0.1:9/x', secret: 's', backoffMs: 600000,
      fetch: async () => new Response('no', { status: 500 }) });
    d.emit('enrollment.finalized', {});
    setTimeout(() => console.log(d.deliveries().map((r) => r.outcome).join()), 50);`;
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
    timeout: 20_000,
  });
  assert.equal(child.signal, null, 'the child exited on its own instead of being killed by the timeout');
  assert.equal(child.status, 0, child.stderr);
  assert.equal(child.stdout.trim(), 'retrying');
});
