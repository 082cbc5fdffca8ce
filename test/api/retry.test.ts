import { expect } from '@open-wc/testing';
import { createFlowApi, getAccount, getFlow } from '../../src/api/client.js';
import { acceptPlan, finalize } from '../../src/api/enroll.js';
import { ApiError } from '../../src/api/errors.js';
import { backoffDelay, parseRetryAfter, sendWithRetry, DEFAULT_RETRY_POLICY } from '../../src/api/retry.js';
import { errorBody, fakeFetch, fakeSleep, json } from './fakes.js';

const account = { uuid: 'a1', enrollment: {} };

function api(fetch: typeof globalThis.fetch, sleep = fakeSleep().sleep) {
  return createFlowApi({ baseUrl: 'https://api.test/', token: 'flow_t', fetch, sleep });
}

async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error('expected a rejection');
}

describe('retry policy', () => {
  it('waits for Retry-After on 429, then succeeds', async () => {
    const f = fakeFetch(json(429, errorBody(429, 'rate_limited'), { 'Retry-After': '2' }), json(200, account));
    const s = fakeSleep();
    const result = await getAccount(api(f.fetch, s.sleep));
    expect(result).to.deep.equal(account);
    expect(f.calls).to.have.length(2);
    expect(s.waits).to.deep.equal([2000]);
  });

  it('retries 429 even for a POST without a key (nothing was processed)', async () => {
    const s = fakeSleep();
    const result = await sendWithRetry(async () => (s.waits.length ? json(201, {}) : json(429, {}, { 'Retry-After': '1' })), {
      safe: false,
      sleep: s.sleep,
    });
    expect(result.status).to.equal(201);
  });

  it('gives up at once when Retry-After is longer than a few seconds, reporting retryAfter (no half-minute loading line)', async () => {
    const f = fakeFetch(json(429, errorBody(429, 'rate_limited'), { 'Retry-After': '30' }));
    const s = fakeSleep();
    const error = await rejection(getAccount(api(f.fetch, s.sleep)));
    expect(error).to.be.instanceOf(ApiError);
    expect((error as ApiError).kind).to.equal('rate_limited');
    expect((error as ApiError).retryAfter).to.equal(30);
    expect(f.calls).to.have.length(1);
    expect(s.waits).to.deep.equal([]);
  });

  it('stops after maxRetries and reports the last 429', async () => {
    const f = fakeFetch(json(429, errorBody(429, 'rate_limited'), { 'Retry-After': '1' }));
    const error = await rejection(getAccount(api(f.fetch)));
    expect((error as ApiError).status).to.equal(429);
    expect(f.calls).to.have.length(DEFAULT_RETRY_POLICY.maxRetries + 1);
  });

  it('retries 5xx for a GET with growing backoff', async () => {
    const f = fakeFetch(json(503, errorBody(503, 'unavailable')), json(500, errorBody(500, 'internal')), json(200, account));
    const s = fakeSleep();
    expect(await getAccount(api(f.fetch, s.sleep))).to.deep.equal(account);
    expect(f.calls).to.have.length(3);
    expect(s.waits).to.have.length(2);
    expect(s.waits[0]).to.be.within(250, 500);
    expect(s.waits[1]).to.be.within(500, 1000);
  });

  it('retries 5xx for a POST with an Idempotency-Key, reusing the same key and body', async () => {
    const f = fakeFetch(json(502, {}), json(200, account));
    await acceptPlan(api(f.fetch), { esi_id: 'e', plan_uuid: 'p', start_date: '2030-01-02', terms_accepted: true });
    expect(f.calls).to.have.length(2);
    const keys = f.calls.map((c) => new Headers(c.init.headers).get('Idempotency-Key'));
    expect(keys[0]).to.match(/^[0-9a-f-]{36}$/);
    expect(keys[1]).to.equal(keys[0]);
    expect(f.calls[1]!.init.body).to.equal(f.calls[0]!.init.body);
  });

  it('uses the idempotency key the caller passes', async () => {
    const f = fakeFetch(json(200, {}));
    await finalize(api(f.fetch), {}, { idempotencyKey: 'user-action-1' });
    expect(new Headers(f.calls[0]!.init.headers).get('Idempotency-Key')).to.equal('user-action-1');
  });

  it('does not retry a POST without an Idempotency-Key on 5xx or network loss', async () => {
    const s = fakeSleep();
    const res = await sendWithRetry(async () => json(500, {}), { safe: false, sleep: s.sleep });
    expect(res.status).to.equal(500);
    let calls = 0;
    const error = await rejection(
      sendWithRetry(async () => { calls += 1; throw new TypeError('Failed to fetch'); }, { safe: false, sleep: s.sleep }),
    );
    expect((error as ApiError).kind).to.equal('network');
    expect(calls).to.equal(1);
    expect(s.waits).to.deep.equal([]);
  });

  it('retries network loss for safe requests, then reports a network ApiError', async () => {
    const f = fakeFetch(new TypeError('Failed to fetch'));
    const error = await rejection(getFlow(api(f.fetch)));
    expect(error).to.be.instanceOf(ApiError);
    expect((error as ApiError).kind).to.equal('network');
    expect((error as ApiError).kind).to.equal('network');
    expect(f.calls).to.have.length(DEFAULT_RETRY_POLICY.maxRetries + 1);
  });

  it('recovers when the network comes back', async () => {
    const f = fakeFetch(new TypeError('Failed to fetch'), json(200, account));
    expect(await getAccount(api(f.fetch))).to.deep.equal(account);
  });

  it('treats a hung attempt as network loss (per-attempt timeout)', async () => {
    let calls = 0;
    const hang = (signal: AbortSignal) =>
      new Promise<Response>((resolve, reject) => {
        calls += 1;
        if (calls > 1) resolve(json(200, {}));
        signal.addEventListener('abort', () => reject(signal.reason));
      });
    const res = await sendWithRetry(hang, { safe: true, sleep: fakeSleep().sleep, policy: { timeoutMs: 20 } });
    expect(res.status).to.equal(200);
    expect(calls).to.equal(2);
  });

  it('stops at once on abort, with an AbortError (not an ApiError)', async () => {
    const controller = new AbortController();
    const f = fakeFetch(() => {
      controller.abort();
      throw new DOMException('aborted', 'AbortError');
    });
    const error = await rejection(getAccount(api(f.fetch), controller.signal));
    expect(error).not.to.be.instanceOf(ApiError);
    expect((error as Error).name).to.equal('AbortError');
    expect(f.calls).to.have.length(1);
  });

  it('aborts while waiting between attempts', async () => {
    const controller = new AbortController();
    const f = fakeFetch(json(503, {}));
    const sleep = async () => {
      controller.abort();
      throw new DOMException('aborted', 'AbortError');
    };
    const error = await rejection(getAccount(api(f.fetch, sleep), controller.signal));
    expect((error as Error).name).to.equal('AbortError');
    expect(f.calls).to.have.length(1);
  });

  it('never sends when already aborted', async () => {
    const f = fakeFetch(json(200, account));
    const error = await rejection(getAccount(api(f.fetch), AbortSignal.abort()));
    expect((error as Error).name).to.equal('AbortError');
    expect(f.calls).to.have.length(0);
  });

  it('parses Retry-After seconds and dates', () => {
    expect(parseRetryAfter('3')).to.equal(3);
    expect(parseRetryAfter(null)).to.equal(undefined);
    expect(parseRetryAfter('soon')).to.equal(undefined);
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(parseRetryAfter('Tue, 01 Jan 2030 00:00:05 GMT', now)).to.equal(5);
  });

  it('keeps backoff within [half, full] of the capped exponential delay', () => {
    expect(backoffDelay(0, DEFAULT_RETRY_POLICY, () => 0)).to.equal(250);
    expect(backoffDelay(0, DEFAULT_RETRY_POLICY, () => 1)).to.equal(500);
    expect(backoffDelay(20, DEFAULT_RETRY_POLICY, () => 1)).to.equal(DEFAULT_RETRY_POLICY.maxDelayMs);
  });
});
