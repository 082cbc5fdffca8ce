/**
 * The sandbox controls under hostile input: what could never work is a 400 naming its field, in the error shape,
 * and leaves the sandbox as it was (the webhook settings, the fault rules, the tokens).
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createSandbox } from '../app.js';
import { assertError, Harness } from './support/harness.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const h = new Harness();
after(() => h.close());

describe('PUT /__sandbox/webhooks/config: a URL no delivery could reach', () => {
  const configured = { url: 'http://localhost:4999/hooks', secret: 'whsec_kept_secret' };

  for (const [why, url, words] of [
    ['port 0, which nothing listens on', 'http://localhost:0/hooks', /port 0/],
    ['port 0 of an IPv6 host', 'https://[::1]:0/hooks', /port 0/],
    ['a user name and password, with which fetch sends nothing', 'http://partner:s3cret@localhost:4999/hooks', /user name or password/],
    ['a user name alone', 'https://partner@localhost/hooks', /user name or password/],
    ['a fragment, which a request never carries', 'http://localhost:4999/hooks#staging', /fragment/],
    ['an empty fragment', 'http://localhost:4999/hooks#', /fragment/],
  ] as const) {
    it(`refuses ${why}, naming url, and keeps the URL and secret in use`, async () => {
      assert.equal((await h.call('PUT', '/__sandbox/webhooks/config', { body: configured })).status, 200);
      const res = await h.call('PUT', '/__sandbox/webhooks/config', { body: { url, secret: 'whsec_other_secret' } });
      assertError(res, 400, 'invalid_request', ['url']);
      assert.equal(res.body.error.fields[0].code, 'format');
      assert.match(res.body.error.message, words);
      assert.doesNotMatch(res.body.error.message, /s3cret/, 'the password is not repeated');
      assert.equal((await h.call('GET', '/__sandbox/webhooks')).body.url, configured.url);
      // The secret in use is still the one configured: the next answer shows it.
      assert.deepEqual((await h.call('PUT', '/__sandbox/webhooks/config', { body: { url: configured.url } })).body, configured);
    });
  }

  it('still takes what a receiver can be: any port from 1 to 65535, a query, null to stop', async () => {
    for (const url of ['http://localhost:1/', 'https://partner.example:65535/hooks?env=sandbox', 'http://127.0.0.1:80/hooks']) {
      assert.equal((await h.call('PUT', '/__sandbox/webhooks/config', { body: { url } })).status, 200, url);
    }
    assert.equal((await h.call('PUT', '/__sandbox/webhooks/config', { body: { url: null } })).body.url, null);
  });

  it('refuses such a URL at start too (SANDBOX_WEBHOOK_URL), rather than failing every delivery', () => {
    assert.throws(() => createSandbox({ webhookUrl: 'http://localhost:0/hooks' }).close(), /port 0/);
  });
});

describe('POST /__sandbox/faults: what no rule can mean', () => {
  for (const [why, route] of [
    ['a NUL', '/v1/account\u0000'],
    ['another control character', '/v1/\u001baccount'],
    ['an unpaired surrogate', '/v1/\ud800account'],
  ] as const) {
    it(`refuses a route holding ${why}, naming route, and adds no rule`, async () => {
      const res = await h.call('POST', '/__sandbox/faults', { body: { route, latency_ms: 1 } });
      assertError(res, 400, 'invalid_request', ['route']);
      assert.equal(res.body.error.fields[0].code, 'format');
      assert.deepEqual((await h.call('GET', '/__sandbox/faults')).body.rules, []);
    });
  }

  it('says a route too long is too long, not that it is no path', async () => {
    const res = await h.call('POST', '/__sandbox/faults', { body: { route: `/v1/${'a'.repeat(600)}`, latency_ms: 1 } });
    assertError(res, 400, 'invalid_request', ['route']);
    assert.deepEqual([res.body.error.fields[0].code, res.body.error.fields[0].message], ['range', 'route must be at most 512 characters long']);
    assert.equal((await h.call('POST', '/__sandbox/faults', { body: { route: '/v1/account?x=1', latency_ms: 1 } })).body.error.fields[0].message, 'route must be a path starting with /, without spaces, ? or #');
    assert.deepEqual((await h.call('GET', '/__sandbox/faults')).body.rules, []);
  });

  it('refuses expire_tokens for an account_uuid that names no account, and expires nothing', async () => {
    const { uuid, token } = await h.createAccount();
    const res = await h.call('POST', '/__sandbox/faults', { body: { expire_tokens: true, account_uuid: '3f0b6a1e-6c1f-4e8a-9b1d-2a9f0c7d5e41' } });
    assertError(res, 400, 'invalid_request', ['account_uuid']);
    assert.match(res.body.error.message, /no account/);
    const listed = (await h.call('GET', '/__sandbox/faults')).body;
    assert.deepEqual([listed.rules, listed.counters.token_expiries], [[], 0]);
    assert.equal((await h.as(token)('GET', '/v1/account')).status, 200, 'no token was expired');
    // The account's own uuid, in capitals too, is one.
    assert.equal((await h.call('POST', '/__sandbox/faults', { body: { expire_tokens: true, account_uuid: uuid.toUpperCase() } })).status, 201);
    assertError(await h.as(token)('GET', '/v1/account'), 401, 'token_expired');
    await h.call('DELETE', '/__sandbox/faults');
  });
});

describe('the token expiry controls, which take no body', () => {
  it('refuse a body asking for something else (one account) rather than expiring every account\'s tokens', async () => {
    const { uuid, token } = await h.createAccount();
    const res = await h.call('POST', '/__sandbox/expire-tokens', { body: { account_uuid: uuid } });
    assertError(res, 400, 'invalid_request', ['account_uuid']);
    assert.equal(res.body.error.fields[0].code, 'unknown_field');
    assert.match(res.body.error.message, /\/__sandbox\/accounts\/\{account_uuid\}\/expire-tokens/, 'it says where one account\'s tokens are expired');
    for (const raw of ['[]', 'null', '"all"', '1']) {
      assertError(await h.call('POST', '/__sandbox/expire-tokens', { raw }), 400, 'invalid_request', ['body']);
    }
    assertError(await h.call('POST', '/__sandbox/expire-tokens', { raw: '{"scope":' }), 400, 'invalid_json');
    assertError(await h.call('POST', `/__sandbox/accounts/${uuid}/expire-tokens`, { body: { kind: 'flow' } }), 400, 'invalid_request', ['kind']);
    assert.equal((await h.as(token)('GET', '/v1/account')).status, 200, 'no token was expired');
    // No body, or an empty object, is what they take.
    assert.equal((await h.call('POST', `/__sandbox/accounts/${uuid}/expire-tokens`, { body: {} })).body.expired, 1);
    assert.equal((await h.call('POST', '/__sandbox/expire-tokens')).status, 200);
  });
});

describe('the webhook settings of the environment (main.ts)', () => {
  it('refuses a backoff that is not a number at start, rather than throwing at the first failed delivery', () => {
    assert.throws(() => createSandbox({ webhookBackoffMs: Number('1s') }).close(), /number of milliseconds/);
  });

  for (const [variable, value, words] of [
    ['SANDBOX_WEBHOOK_BACKOFF_MS', '1s', /SANDBOX_WEBHOOK_BACKOFF_MS must be a number of milliseconds/],
    ['SANDBOX_WEBHOOK_URL', 'http://partner:s3cret@localhost:3000/webhooks', /SANDBOX_WEBHOOK_URL is refused: url must not hold a user name or password/],
  ] as const) {
    it(`npm run sandbox stops at once on ${variable}=${value}, naming it${variable === 'SANDBOX_WEBHOOK_URL' ? ' (and not the password)' : ''}`, () => {
      const env: Record<string, string | undefined> = { ...process.env, SANDBOX_PORT: '1', SANDBOX_APP_TOKEN: 'sandbox_app_env_test', [variable]: value };
      delete env.NODE_TEST_CONTEXT;
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'demo/sandbox/main.ts'], { cwd: ROOT, env, encoding: 'utf8', timeout: 30_000 });
      assert.equal(run.status, 1, run.stdout + run.stderr);
      assert.match(run.stderr, words);
      assert.doesNotMatch(run.stderr, /s3cret/);
      assert.doesNotMatch(run.stdout, /listening/);
    });
  }
});

describe('where npm run sandbox listens (main.ts)', () => {
  it('SANDBOX_HOST that is no address of this machine stops it with one line naming the variable, not a stack', () => {
    const env: Record<string, string | undefined> = { ...process.env, SANDBOX_PORT: '4397', SANDBOX_HOST: 'not-an-address.invalid', SANDBOX_APP_TOKEN: 'sandbox_app_env_test' };
    delete env.NODE_TEST_CONTEXT;
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'demo/sandbox/main.ts'], { cwd: ROOT, env, encoding: 'utf8', timeout: 30_000 });
    assert.equal(run.status, 1, run.stdout + run.stderr);
    assert.match(run.stderr, /The sandbox cannot listen: SANDBOX_HOST=not-an-address\.invalid is not an address of this machine\./);
    assert.doesNotMatch(run.stderr, /\n\s+at /, 'no stack trace');
  });
});
