import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PREMISES } from '../data/addresses.js';
import { assertError, Harness } from './support/harness.js';

const h = new Harness({ flowUrl: 'http://flow.test', allowedOrigins: ['http://partner.test'] });
// A route added before the first request, only to prove that an unexpected exception becomes a JSON 500.
h.sb.app.get('/__test/throws', () => {
  throw new Error('boom');
});
after(() => h.close());

describe('error answers', () => {
  it('400 invalid_json for a body that does not parse', async () => {
    assertError(await h.call('POST', '/v1/app/accounts', { raw: '{"email": ' }), 400, 'invalid_json');
  });

  it('413 for a body over 64 KiB, declared or not', async () => {
    const big = JSON.stringify({ email: 'a@b.co', pad: 'x'.repeat(70 * 1024) });
    assertError(await h.call('POST', '/v1/app/accounts', { raw: big }), 413, 'payload_too_large');
  });

  it('404 JSON for unknown routes and 405 JSON with Allow for a wrong method', async () => {
    assertError(await h.call('GET', '/nope', { token: null }), 404, 'not_found');
    const res = await h.call('DELETE', '/v1/app/accounts');
    assertError(res, 405, 'method_not_allowed');
    assert.match(res.headers.get('allow')!, /GET/);
    assert.match(res.headers.get('allow')!, /POST/);
  });

  it('500 internal JSON for an unexpected exception', async () => {
    const res = await h.call('GET', '/__test/throws', { token: null });
    assertError(res, 500, 'internal');
  });

  it('answers JSON everywhere, health included', async () => {
    const res = await h.call('GET', '/__sandbox/health', { token: null });
    assert.equal(res.status, 200);
    assert.equal(res.body.status, 'ok');
    assert.match(res.headers.get('content-type')!, /application\/json/);
  });
});

describe('CORS', () => {
  it('allows the flow origin and the partner origins, exposing Retry-After', async () => {
    for (const origin of ['http://flow.test', 'http://partner.test']) {
      const pre = await h.sb.app.request('/v1/account', {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'PATCH', 'access-control-request-headers': 'authorization,content-type,idempotency-key' },
      });
      assert.equal(pre.status, 204);
      assert.equal(pre.headers.get('access-control-allow-origin'), origin);
      assert.match(pre.headers.get('access-control-allow-methods')!, /PATCH/);
      assert.match(pre.headers.get('access-control-allow-headers')!.toLowerCase(), /idempotency-key/);
    }
    const res = await h.sb.app.request('/v1/account', { headers: { origin: 'http://flow.test' } });
    assert.equal(res.status, 401);
    assert.equal(res.headers.get('access-control-allow-origin'), 'http://flow.test');
    assert.match(res.headers.get('access-control-expose-headers')!, /Retry-After/);
  });

  it('does not allow other origins', async () => {
    const res = await h.sb.app.request('/v1/account', { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' } });
    assert.equal(res.headers.get('access-control-allow-origin'), null);
  });
});

describe('Idempotency-Key', () => {
  it('replays the first response without repeating the side effect', async () => {
    const key = { 'idempotency-key': 'create-1' };
    const first = await h.call('POST', '/v1/app/accounts', { body: { email: 'idem@example.com' }, headers: key });
    const count = h.sb.store.accounts().length;
    const again = await h.call('POST', '/v1/app/accounts', { body: { email: 'idem@example.com' }, headers: key });
    assert.equal(again.status, 201);
    assert.deepEqual(again.body, first.body);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.equal(h.sb.store.accounts().length, count);
    // Another key, or another route, runs again
    const other = await h.call('POST', '/v1/app/accounts', { body: { email: 'idem@example.com' }, headers: { 'idempotency-key': 'create-2' } });
    assert.notEqual(other.body.uuid, first.body.uuid);
  });

  it('is scoped to the token subject: an account replays across its tokens, not across accounts', async () => {
    const a = await h.createAccount();
    const b = await h.createAccount();
    const key = { 'idempotency-key': 'same-key' };
    const first = await h.call('POST', '/v1/account/enroll/esi-id-search', { token: a.token, body: { esi_id: PREMISES[0]!.esi_id }, headers: key });
    const fresh = await h.app('POST', `/v1/app/accounts/${a.uuid}/token`);
    const replay = await h.call('POST', '/v1/account/enroll/esi-id-search', { token: fresh.body.token, body: { esi_id: 'ignored' }, headers: key });
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual(replay.body, first.body);
    const otherAccount = await h.call('POST', '/v1/account/enroll/esi-id-search', { token: b.token, body: { esi_id: 'ignored' }, headers: key });
    assertError(otherAccount, 400, 'invalid_request', ['esi_id']);
  });

  it('does not keep failures, and refuses an over-long key', async () => {
    const key = { 'idempotency-key': 'fail-then-fix' };
    assertError(await h.call('POST', '/v1/app/accounts', { body: {}, headers: key }), 400, 'invalid_request');
    assert.equal((await h.call('POST', '/v1/app/accounts', { body: { email: 'fixed@example.com' }, headers: key })).status, 201);
    assertError(await h.call('POST', '/v1/app/accounts', { body: { email: 'x@example.com' }, headers: { 'idempotency-key': 'k'.repeat(256) } }), 400, 'invalid_request', ['Idempotency-Key']);
  });

  it('lets a concurrent retry wait for the first and replay it', async () => {
    const key = { 'idempotency-key': 'concurrent' };
    const [one, two] = await Promise.all([
      h.call('POST', '/v1/app/accounts', { body: { email: 'c@example.com' }, headers: key }),
      h.call('POST', '/v1/app/accounts', { body: { email: 'c@example.com' }, headers: key }),
    ]);
    assert.equal(one.body.uuid, two.body.uuid);
    assert.equal(h.sb.store.accounts().filter((a) => a.email === 'c@example.com').length, 1);
  });

  it('never applies to GET', async () => {
    const res = await h.call('GET', '/v1/app/accounts', { headers: { 'idempotency-key': 'k'.repeat(300) } });
    assert.equal(res.status, 200);
  });
});
