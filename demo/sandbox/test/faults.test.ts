/**
 * Fault injection on a small Hono app shaped like the sandbox (CORS outside, faults, then routes): latency, 5xx with
 * counts, 429 bursts, dropped connections over real TCP, failures after the side effect, token expiry, validation.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { serve } from '@hono/node-server';
import { ConnectionDroppedError, Faults } from '../faults.js';

const ORIGIN = 'http://localhost:5173';

function testApp(faults = new Faults({ seed: 7 })) {
  const app = new Hono();
  const calls = { finalize: 0 };
  const errors: unknown[] = [];
  app.use('*', cors({ origin: (origin) => origin || null }));
  app.use('*', faults.middleware());
  app.route('/__sandbox/faults', faults.routes());
  app.get('/__sandbox/clock', (c) => c.json({ now: 'fixed' }));
  app.get('/v1/account', (c) => c.json({ ok: true }));
  app.get('/v1/accounts', (c) => c.json({ ok: true }));
  app.get('/v1/account/locations/:uuid/documents', (c) => c.json({ data: [] }));
  app.post('/v1/account/enroll/finalize', (c) => {
    calls.finalize += 1;
    c.header('X-Handler', 'ran');
    return c.json({});
  });
  app.onError((error, c) => {
    errors.push(error);
    return c.json({ error: { status: 500, code: 'internal', message: 'boom' } }, 500);
  });
  const addRule = async (rule: unknown) =>
    app.request('/__sandbox/faults', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(rule) });
  const get = (path: string) => app.request(path, { headers: { Origin: ORIGIN } });
  const finalize = () => app.request('/v1/account/enroll/finalize', { method: 'POST', headers: { Origin: ORIGIN } });
  return { app, faults, calls, errors, addRule, get, finalize };
}

async function statuses(n: number, request: () => Response | Promise<Response>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i += 1) out.push((await request()).status);
  return out;
}

describe('fault rules', () => {
  it('adds latency to matching API routes but never to /__sandbox routes', async () => {
    const { addRule, get, faults } = testApp();
    // A latency far above what a loaded machine adds (a GC pause, another process on the two cores), so that the
    // undelayed control call is told apart by a wide margin.
    const created = await addRule({ latency_ms: 1000 });
    assert.equal(created.status, 201);
    const rule = (await created.json()) as { id: string; route: string };
    assert.equal(rule.route, '/v1', 'the default route is every API route');

    let started = Date.now();
    assert.equal((await get('/v1/account')).status, 200);
    assert.ok(Date.now() - started >= 990, `the API call took ${Date.now() - started} ms`);
    started = Date.now();
    assert.equal((await get('/__sandbox/clock')).status, 200);
    assert.ok(Date.now() - started < 500, `control routes are never delayed (took ${Date.now() - started} ms)`);

    const listed = faults.list();
    assert.equal(listed.rules[0]!.matched, 1);
    assert.equal(listed.rules[0]!.affected, 1);
    assert.equal(listed.counters.delayed, 1);
  });

  it('fails the next N matching requests with the chosen 5xx and the standard error body', async () => {
    const { addRule, finalize, faults, calls } = testApp();
    const rule = (await (await addRule({ route: '/v1/account/enroll/finalize', error_rate: 1, error_status: 502, count: 2 })).json()) as { id: string };
    const first = await finalize();
    assert.equal(first.status, 502);
    assert.deepEqual(await first.json(), { error: { status: 502, code: 'unavailable', message: 'Bad gateway (injected fault)' } });
    assert.equal(first.headers.get('x-sandbox-fault'), rule.id);
    assert.equal(first.headers.get('access-control-allow-origin'), ORIGIN, 'the browser can read the injected error');
    assert.deepEqual(await statuses(2, finalize), [502, 200]);
    assert.equal(calls.finalize, 1, 'the failed requests never reached the route');
    const [listed] = faults.list().rules;
    assert.deepEqual([listed!.matched, listed!.affected, listed!.remaining, listed!.active], [2, 2, 0, false]);
    assert.equal(faults.list().counters.errors, 2);
  });

  it('draws error_rate from a seeded sequence: same seed, same outcomes, again after clearing', async () => {
    const run = async (faults: Faults) => {
      const { addRule, get } = testApp(faults);
      await addRule({ error_rate: 0.5 });
      return statuses(24, () => get('/v1/account'));
    };
    const a = new Faults({ seed: 42 });
    const first = await run(a);
    assert.deepEqual(await run(new Faults({ seed: 42 })), first);
    assert.ok(first.includes(503) && first.includes(200), `a 0.5 rate gives both outcomes: ${first.join(',')}`);
    a.clear();
    assert.deepEqual(await run(a), first, 'clearing restarts the sequence');
    assert.notDeepEqual(await run(new Faults({ seed: 43 })), first, 'another seed gives another sequence');
  });

  it('answers a burst with 429 and Retry-After, then lets requests through', async () => {
    const { addRule, get, faults } = testApp();
    await addRule({ rate_limit_burst: 2, retry_after_seconds: 7 });
    const limited = await get('/v1/account');
    assert.equal(limited.status, 429);
    assert.equal(limited.headers.get('retry-after'), '7');
    assert.deepEqual(await limited.json(), { error: { status: 429, code: 'rate_limited', message: 'Too Many Requests' } });
    assert.deepEqual(await statuses(2, () => get('/v1/account')), [429, 200]);
    assert.equal(faults.list().counters.rate_limited, 2);
    assert.equal(faults.list().rules[0]!.active, false);
  });

  it('matches routes by whole segments, with * for one segment, and by method', async () => {
    const { addRule, get, finalize } = testApp();
    await addRule({ route: '/v1/account', method: 'post', error_rate: 1, error_status: 500 });
    await addRule({ route: '/v1/account/locations/*/documents', error_rate: 1, error_status: 504 });
    assert.equal((await get('/v1/account')).status, 200, 'the POST-only rule ignores GET');
    assert.equal((await finalize()).status, 500, '/v1/account matches /v1/account/enroll/finalize');
    assert.equal((await get('/v1/accounts')).status, 200, '/v1/account does not match /v1/accounts');
    assert.equal((await get('/v1/account/locations/loc-1/documents')).status, 504);
  });

  it('never applies to CORS preflights', async () => {
    const { addRule, app } = testApp();
    await addRule({ error_rate: 1 });
    const res = await app.request('/v1/account', { method: 'OPTIONS', headers: { Origin: ORIGIN, 'Access-Control-Request-Method': 'GET' } });
    assert.equal(res.status, 204);
  });

  it('after: true runs the route (its side effect happens) and then replaces its answer', async () => {
    const { addRule, finalize, calls } = testApp();
    await addRule({ route: '/v1/account/enroll/finalize', error_rate: 1, error_status: 500, after: true, count: 1 });
    const res = await finalize();
    assert.equal(calls.finalize, 1, 'the handler ran');
    assert.equal(res.status, 500);
    assert.equal(((await res.json()) as { error: { code: string } }).error.code, 'internal');
    assert.equal(res.headers.get('x-handler'), null, "the route's own headers do not leak onto the error");
    assert.equal(res.headers.get('access-control-allow-origin'), ORIGIN);
    assert.equal((await finalize()).status, 200);
  });

  it('expire_tokens calls the registered callback at once, for all accounts or one', async () => {
    const { addRule, faults } = testApp();
    const expired: Array<string | undefined> = [];
    faults.onExpireTokens((accountUuid) => expired.push(accountUuid));
    assert.equal((await addRule({ expire_tokens: true })).status, 201);
    const uuid = '3f1c2a7e-8b9d-4c5e-a6f7-0123456789ab';
    const rule = (await (await addRule({ expire_tokens: true, account_uuid: uuid.toUpperCase() })).json()) as { active: boolean };
    assert.deepEqual(expired, [undefined, uuid]);
    assert.equal(rule.active, false, 'an expiry-only rule affects no later request');
    assert.equal(faults.list().counters.token_expiries, 2);
  });

  it('without a socket to close (in-process request), a drop fails with ConnectionDroppedError', async () => {
    const { addRule, get, errors } = testApp();
    await addRule({ drop_rate: 1, count: 1 });
    assert.equal((await get('/v1/account')).status, 500);
    assert.ok(errors[0] instanceof ConnectionDroppedError);
  });
});

describe('dropped connections over TCP', () => {
  it('destroys the socket: fetch rejects; with after: true the route ran first', async () => {
    const { app, addRule, calls } = testApp();
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    try {
      await new Promise<void>((resolve) => server.once('listening', () => resolve()));
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const post = () => fetch(`${base}/v1/account/enroll/finalize`, { method: 'POST' });

      await addRule({ route: '/v1/account/enroll/finalize', drop_rate: 1, count: 1 });
      await assert.rejects(post(), TypeError);
      assert.equal(calls.finalize, 0, 'dropped before the route ran');
      assert.equal((await post()).status, 200, 'the next request goes through');
      assert.equal(calls.finalize, 1);

      await addRule({ route: '/v1/account/enroll/finalize', drop_rate: 1, count: 1, after: true });
      await assert.rejects(post(), TypeError);
      assert.equal(calls.finalize, 2, 'the side effect happened, the answer was lost');
      assert.equal((await fetch(`${base}/__sandbox/faults`)).status, 200);
    } finally {
      server.close();
      (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
    }
  });
});

describe('fault control routes', () => {
  it('rejects bad rules with 400 naming each field', async () => {
    const { addRule, app } = testApp();
    const fieldsOf = async (rule: unknown) => {
      const res = await addRule(rule);
      assert.equal(res.status, 400, JSON.stringify(rule));
      const body = (await res.json()) as { error: { status: number; code: string; fields: Array<{ field: string; code: string }> } };
      assert.equal(body.error.status, 400);
      assert.equal(body.error.code, 'invalid_request');
      return body.error.fields.map((f) => `${f.field}:${f.code}`);
    };
    assert.deepEqual(await fieldsOf({ error_rate: 2, error_status: 418, method: 'FETCH', colour: 'red' }), [
      'colour:unknown_field',
      'method:enum',
      'error_rate:range',
      'error_status:enum',
    ]);
    assert.deepEqual(await fieldsOf({ latency_ms: 'slow', count: 0, after: 'yes' }), ['latency_ms:type', 'count:range', 'after:type']);
    assert.deepEqual(await fieldsOf({ route: '/__sandbox/faults', error_rate: 1 }), ['route:range']);
    assert.deepEqual(await fieldsOf({ route: 'v1', error_rate: 1 }), ['route:format']);
    assert.deepEqual(await fieldsOf({ account_uuid: '3f1c2a7e-8b9d-4c5e-a6f7-0123456789ab', latency_ms: 5 }), ['account_uuid:range']);
    assert.deepEqual(await fieldsOf({ expire_tokens: true, account_uuid: 'nope' }), ['account_uuid:format']);
    assert.deepEqual(await fieldsOf({ latency_ms: 10, after: true }), ['after:range']);
    assert.deepEqual(await fieldsOf({}), ['latency_ms:required']);
    assert.deepEqual(await fieldsOf([1]), ['body:type']);
    assert.deepEqual(await fieldsOf({ '': 1, latency_ms: 5 }), ['"":unknown_field']);

    const broken = await app.request('/__sandbox/faults', { method: 'POST', body: '{"latency_ms":' });
    assert.equal(broken.status, 400);
    assert.equal(((await broken.json()) as { error: { code: string } }).error.code, 'invalid_json');
  });

  it('lists rules with counters, deletes one, clears all', async () => {
    const { addRule, app, get } = testApp();
    const a = (await (await addRule({ latency_ms: 1 })).json()) as { id: string };
    const b = (await (await addRule({ route: '/v1/accounts', error_rate: 1 })).json()) as { id: string };
    await get('/v1/account');
    const listed = (await (await app.request('/__sandbox/faults')).json()) as {
      seed: number;
      rules: Array<{ id: string; matched: number }>;
      counters: { requests: number };
    };
    assert.equal(listed.seed, 7);
    assert.deepEqual(listed.rules.map((r) => [r.id, r.matched]), [[a.id, 1], [b.id, 0]]);
    assert.equal(listed.counters.requests, 1);

    assert.equal((await app.request(`/__sandbox/faults/${a.id}`, { method: 'DELETE' })).status, 204);
    assert.equal((await app.request(`/__sandbox/faults/${a.id}`, { method: 'DELETE' })).status, 404);
    assert.equal((await app.request('/__sandbox/faults', { method: 'DELETE' })).status, 204);
    const cleared = (await (await app.request('/__sandbox/faults')).json()) as { rules: unknown[]; counters: { requests: number } };
    assert.deepEqual(cleared.rules, []);
    assert.equal(cleared.counters.requests, 0);
    assert.equal((await get('/v1/accounts')).status, 200);
  });
});
