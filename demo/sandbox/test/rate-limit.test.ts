import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { assertError, Harness } from './support/harness.js';

// Rate limits on, with the harness's frozen "real" time moved by hand (the limiter never reads the sandbox clock).
const h = new Harness({ rateLimits: {} });
after(() => h.close());

describe('rate limits (sliding one-second windows)', () => {
  it('lets 30 App requests through, refuses the 31st with Retry-After, and recovers after a second', async () => {
    for (let i = 1; i <= 30; i += 1) {
      h.realMs += 10; // 30 requests spread over 300 ms
      assert.equal((await h.app('GET', '/v1/app/accounts')).status, 200, `request ${i}`);
    }
    const refused = await h.app('GET', '/v1/app/accounts');
    assertError(refused, 429, 'rate_limited');
    assert.equal(refused.headers.get('retry-after'), '1');
    // The window slides: 1000 ms after the first request (at +10 ms) only it has left, so exactly one more passes.
    h.realMs += 710;
    assert.equal((await h.app('GET', '/v1/app/accounts')).status, 200);
    assertError(await h.app('GET', '/v1/app/accounts'), 429, 'rate_limited');
    h.realMs += 1000;
    assert.equal((await h.app('GET', '/v1/app/accounts')).status, 200);
  });

  it('counts 10 per account on /v1/account/*, each account separately, not sharing the App budget', async () => {
    h.realMs += 5000;
    const a = await h.createAccount();
    const b = await h.createAccount();
    h.realMs += 5000;
    for (let i = 1; i <= 10; i += 1) assert.equal((await h.as(a.token)('GET', '/v1/account')).status, 200, `request ${i}`);
    const refused = await h.as(a.token)('GET', '/v1/account');
    assertError(refused, 429, 'rate_limited');
    assert.ok(Number(refused.headers.get('retry-after')) >= 1);
    // A flow token of the same account shares its budget; another account has its own.
    const flow = await h.app('POST', `/v1/app/accounts/${a.uuid}/flow-login`, { scope: 'enrollment' });
    assertError(await h.as(new URL(flow.body.login_link).searchParams.get('token')!)('GET', '/v1/account'), 429, 'rate_limited');
    assert.equal((await h.as(b.token)('GET', '/v1/account')).status, 200);
    h.realMs += 1000;
    assert.equal((await h.as(a.token)('GET', '/v1/account')).status, 200);
  });

  it('ignores the sandbox clock: advancing it a day does not reset a burst', async () => {
    h.realMs += 5000;
    for (let i = 0; i < 30; i += 1) await h.app('GET', '/v1/app/accounts');
    h.sb.clock.advance(24 * 3_600_000);
    assertError(await h.app('GET', '/v1/app/accounts'), 429, 'rate_limited');
  });

  it('is off with rateLimits: false', async () => {
    const free = new Harness();
    try {
      for (let i = 0; i < 40; i += 1) assert.equal((await free.app('GET', '/v1/app/accounts')).status, 200);
    } finally {
      free.close();
    }
  });
});
