import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { CORS_MAX_AGE_SECONDS } from '../app.js';
import * as idempotency from '../http/idempotency.js';
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

  it('a trailing slash is another path: 404 not_found naming it, never the operation without the slash', async () => {
    const { uuid } = await h.createAccount();
    for (const path of ['/v1/app/accounts/', `/v1/app/accounts/${uuid}/`, '/v1/app/accounts//']) {
      // With the harness's contract check on: a path with the slash is not an operation of the contract.
      const res = await h.call<{ error: { message: string } }>('GET', path);
      assertError(res, 404, 'not_found');
      assert.match(res.body.error.message, new RegExp(`GET ${path.replace(/[/.]/g, '\\$&')}$`));
    }
  });

  it('405 before the token is looked at: a flow token calling a wrong method is told the method, not its scope', async () => {
    const { uuid } = await h.createAccount();
    const link = await h.app('POST', `/v1/app/accounts/${uuid}/flow-login`, { scope: 'documents' });
    const flowToken = new URL(link.body.login_link).searchParams.get('token')!;
    for (const token of [flowToken, null, 'not-a-token']) {
      const res = await h.call('PATCH', '/v1/account/flow', { token, body: {} });
      assertError(res, 405, 'method_not_allowed');
      assert.equal(res.headers.get('allow'), 'DELETE, GET, HEAD');
    }
    // The right method still goes through authentication and the scope.
    assert.equal((await h.call('GET', '/v1/account/flow', { token: flowToken })).status, 200);
    assertError(await h.call('GET', '/v1/account/billing/invoices', { token: flowToken }), 403, 'forbidden');
  });

  it('405 for a concrete path asked with a templated sibling\'s method: /v1/app/accounts/events is not an account', async () => {
    for (const method of ['GET', 'PATCH']) {
      const res = await h.call(method, '/v1/app/accounts/events', method === 'PATCH' ? { body: {} } : {});
      assertError(res, 405, 'method_not_allowed');
      assert.equal(res.headers.get('allow'), 'POST');
    }
    const { uuid } = await h.createAccount();
    assert.equal((await h.app('GET', `/v1/app/accounts/${uuid}`)).status, 200);
    assertError(await h.app('GET', '/v1/app/accounts/3f1c0a8e-0000-4000-8000-000000000000'), 404, 'not_found');
    const del = await h.call('DELETE', `/v1/app/accounts/${uuid}`);
    assertError(del, 405, 'method_not_allowed');
    assert.equal(del.headers.get('allow'), 'GET, HEAD, PATCH');
  });

  it('400 naming a query parameter given twice, on every route that reads one', async () => {
    const twice = await h.app('GET', '/v1/app/accounts?limit=5&limit=500');
    assertError(twice, 400, 'invalid_request', ['limit']);
    assert.equal(twice.body.error.fields[0].message, 'limit must be given once, not 2 times');
    assert.equal((await h.app('GET', '/v1/app/accounts?limit=5')).status, 200);
    assertError(await h.app('GET', '/v1/app/accounts/enroll/opt-out/reasons?locale=es&locale=en'), 400, 'invalid_request', ['locale']);
    const { token } = await h.createAccount();
    assertError(await h.call('GET', '/v1/account/billing/invoices?cursor=a&cursor=b&limit=1&limit=2', { token }), 400, 'invalid_request', ['cursor', 'limit']);
    // A parameter the operation does not read is ignored, like an unknown body key, repeated or not.
    assert.equal((await h.call('GET', '/v1/account/billing/invoices?utm=a&utm=b', { token })).status, 200);
  });

  it('tells a field with a format its format, however long the value', async () => {
    const res = await h.app('POST', '/v1/app/accounts/enroll/eligibility', { postal_code: '7'.repeat(10_000) });
    assertError(res, 400, 'invalid_request', ['postal_code']);
    assert.equal(res.body.error.fields[0].code, 'format');
    assert.equal(res.body.error.fields[0].message, 'postal_code must be a 5-digit ZIP code');
    const ssn = await h.createAccount().then(({ token }) => h.call('POST', '/v1/account/enroll/credit-check', { token, body: { ssn: '1'.repeat(5000), consent: true } }));
    assert.match(ssn.body.error.fields[0].message, /^ssn must be 9 digits/);
    // A value its format accepts but too long for the field is told the length.
    const { uuid } = await h.createAccount();
    const long = await h.app('POST', `/v1/app/accounts/${uuid}/flow-login`, { scope: 'enrollment', return_url: `http://partner.test/${'a'.repeat(2100)}` });
    assertError(long, 400, 'invalid_request', ['return_url']);
    assert.equal(long.body.error.fields[0].code, 'range');
  });

  it('400 naming a string that is not text (a NUL, an unpaired surrogate), and keeps nothing of the request', async () => {
    const { uuid, token } = await h.createAccount();
    const identity = { first_name: 'Ana', last_name: 'García', phone: '(713) 555-0142', email: 'ana@example.com', date_of_birth: '1990-04-01' };
    // Raw text, so the escapes reach the server as JSON wrote them (\u0000, a lone \ud800).
    const nul = await h.call('PATCH', '/v1/account/enroll/identity', { token, raw: JSON.stringify({ ...identity, first_name: 'A\u0000B' }) });
    assertError(nul, 400, 'invalid_request', ['first_name']);
    assert.equal(nul.body.error.fields[0].code, 'format');
    const lone = await h.app('PATCH', `/v1/app/accounts/${uuid}`, undefined, { raw: '{"last_name":"\\ud800"}' });
    assertError(lone, 400, 'invalid_request', ['last_name']);
    assert.equal((await h.app('GET', `/v1/app/accounts/${uuid}`)).body.last_name, null);
    assertError(await h.app('PUT', '/__sandbox/webhooks/config', undefined, { raw: '{"url":null,"secret":"\\ud800\\ud800\\ud800\\ud800\\ud800\\ud800\\ud800\\ud800"}' }), 400, 'invalid_request', ['secret']);
    // A C1 control (U+009B, the terminals' CSI) is no text either.
    const c1 = await h.call('PATCH', '/v1/account/enroll/identity', { token, raw: JSON.stringify({ ...identity, first_name: 'A\u009bB' }) });
    assertError(c1, 400, 'invalid_request', ['first_name']);
    assert.equal(c1.body.error.fields[0].code, 'format');
  });

  it('a value of nothing but invisible characters (zero-width spaces, a direction mark) is missing, and one around text is trimmed', async () => {
    const { token } = await h.createAccount();
    const identity = { first_name: 'Ana', last_name: 'García', phone: '(713) 555-0142', email: 'ana@example.com', date_of_birth: '1990-04-01' };
    const blank = await h.call('PATCH', '/v1/account/enroll/identity', { token, body: { ...identity, first_name: '\u200b\u200b' } });
    assertError(blank, 400, 'invalid_request', ['first_name']);
    const marked = await h.call('PATCH', '/v1/account/enroll/identity', { token, body: { ...identity, last_name: '\u202eGarcía\u200b' } });
    assert.equal(marked.status, 200, JSON.stringify(marked.body));
    assert.equal((await h.call('GET', '/v1/account', { token })).body.last_name, 'García');
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

  it('lets browsers cache a preflight for 2 hours (Access-Control-Max-Age 7200, Chromium\'s cap), on preflights only', async () => {
    assert.equal(CORS_MAX_AGE_SECONDS, 7200);
    for (const origin of ['http://flow.test', 'http://partner.test']) {
      const pre = await h.sb.app.request('/v1/app/accounts', {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
      });
      assert.equal(pre.status, 204);
      assert.equal(pre.headers.get('access-control-max-age'), '7200', origin);
    }
    const res = await h.sb.app.request('/v1/account', { headers: { origin: 'http://flow.test' } });
    assert.equal(res.headers.get('access-control-max-age'), null, 'not on an actual request');
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
    const replay = await h.call('POST', '/v1/account/enroll/esi-id-search', { token: fresh.body.token, body: { esi_id: PREMISES[0]!.esi_id }, headers: key });
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

  it('binds the key to its request: another body, path or method under a used key is 422, naming the key', async () => {
    const a = await h.createAccount();
    const flow = h.as(a.token);
    const key = { 'idempotency-key': 'credit-click-1' };
    const first = await flow('POST', '/v1/account/enroll/credit-check', { ssn: '123-45-9001', consent: true }, { headers: key });
    assert.equal(first.status, 200);
    // The same SSN again is the same request: replayed.
    const retry = await flow('POST', '/v1/account/enroll/credit-check', { consent: true, ssn: '123-45-9001' }, { headers: key });
    assert.equal(retry.headers.get('idempotent-replayed'), 'true');
    // Another SSN is another request: refused, not answered with the first one's response.
    const other = await flow('POST', '/v1/account/enroll/credit-check', { ssn: '123-45-9002', consent: true }, { headers: key });
    assertError(other, 422, 'unprocessable', ['Idempotency-Key']);
    assert.equal(other.body.error.fields[0].code, 'reused');
    assert.match(other.body.error.message, /credit-click-1.*already used for a different request \(POST \/v1\/account\/enroll\/credit-check\)/);
    assert.equal(other.headers.get('idempotent-replayed'), null);
    // Another path, or another method, under the same key: refused as well.
    assertError(await flow('POST', '/v1/account/enroll/esi-id-search', { esi_id: PREMISES[0]!.esi_id }, { headers: key }), 422, 'unprocessable', ['Idempotency-Key']);
    const app = await h.app('POST', '/v1/app/accounts', { email: 'bound@example.com' }, { headers: { 'idempotency-key': 'patch-or-post' } });
    assertError(await h.app('PATCH', `/v1/app/accounts/${app.body.uuid}`, { first_name: 'Ana' }, { headers: { 'idempotency-key': 'patch-or-post' } }), 422, 'unprocessable', ['Idempotency-Key']);
  });

  // A credit check's body holds an SSN: 10^9 values, so a plain hash of the body in the store gives it back by brute
  // force. The fingerprint is an HMAC under a secret of this process: the same body still matches, nothing else does.
  it('keeps no brute-forceable hash of the body: the fingerprint is keyed by a secret of the process', async () => {
    const app = new Hono();
    app.post('/v1/account/enroll/credit-check', async (c) => c.text(await idempotency.fingerprintOf(c)));
    const print = async (raw: string) => (await app.request('/v1/account/enroll/credit-check', { method: 'POST', body: raw })).text();
    const first = await print('{"ssn":"123-45-9001","consent":true}');
    assert.equal(await print('{ "consent": true, "ssn": "123-45-9001" }'), first, 'the same request, the same fingerprint');
    assert.notEqual(await print('{"ssn":"123-45-9002","consent":true}'), first, 'another SSN, another fingerprint');
    const plain = (ssn: string) => createHash('sha256').update(`POST\n/v1/account/enroll/credit-check\n\njson:{"consent":true,"ssn":"${ssn}"}`).digest('hex');
    assert.notEqual(first, plain('123-45-9001'), 'not the unkeyed SHA-256 an attacker can recompute');
    assert.doesNotMatch(first, /123-45-9001|123459001/);
  });

  it('fingerprints the canonical JSON: key order and spacing are the same request, an empty body is {}', async () => {
    const key = { 'idempotency-key': 'canonical-1' };
    const first = await h.call('POST', '/v1/app/accounts', { raw: '{"email":"canon@example.com","first_name":"Ana"}', headers: key });
    assert.equal(first.status, 201);
    const again = await h.call('POST', '/v1/app/accounts', { raw: '{ "first_name": "Ana",\n  "email": "canon@example.com" }', headers: key });
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.equal(again.body.uuid, first.body.uuid);
    const a = await h.createAccount();
    const tokenKey = { 'idempotency-key': 'empty-is-object' };
    const token = await h.call('POST', `/v1/app/accounts/${a.uuid}/token`, { headers: tokenKey });
    assert.equal(token.status, 201);
    const sameAsEmpty = await h.call('POST', `/v1/app/accounts/${a.uuid}/token`, { body: {}, headers: tokenKey });
    assert.equal(sameAsEmpty.headers.get('idempotent-replayed'), 'true');
    assert.equal(sameAsEmpty.body.token, token.body.token);
  });

  it('runs a different request under a key whose first request failed', async () => {
    const key = { 'idempotency-key': 'failed-first' };
    assertError(await h.call('POST', '/v1/app/accounts', { body: { email: 'not an email' }, headers: key }), 400, 'invalid_request');
    assert.equal((await h.call('POST', '/v1/app/accounts', { body: { email: 'other@example.com' }, headers: key })).status, 201);
  });

  it('lets a concurrent different request under the key wait, then refuses it', async () => {
    const key = { 'idempotency-key': 'concurrent-different' };
    const replies = await Promise.all([
      h.call('POST', '/v1/app/accounts', { body: { email: 'd1@example.com' }, headers: key }),
      h.call('POST', '/v1/app/accounts', { body: { email: 'd2@example.com' }, headers: key }),
    ]);
    // Whichever arrived first ran; the other waited for it and was refused.
    const ran = replies.find((r) => r.status === 201)!;
    assert.ok(ran);
    assertError(replies.find((r) => r !== ran)!, 422, 'unprocessable', ['Idempotency-Key']);
    assert.equal(h.sb.store.accounts().filter((a) => a.email === 'd1@example.com' || a.email === 'd2@example.com').length, 1);
  });

  it('never applies to GET', async () => {
    const res = await h.call('GET', '/v1/app/accounts', { headers: { 'idempotency-key': 'k'.repeat(300) } });
    assert.equal(res.status, 200);
  });
});
