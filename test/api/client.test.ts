import { expect } from '@open-wc/testing';
import { createFlowApi, fullAddressSearch, getAccount, getFlow, recoverFrom, type FlowApiOptions } from '../../src/api/client.js';
import { addressSearch, esiIdSearch } from '../../src/api/address-search.js';
import { createPaymentSession, ensurePaymentMethodAdded, getPaymentMethod } from '../../src/api/card.js';
import { finalize, optOutReasons, recordEvent, submitCreditCheck, updateIdentity } from '../../src/api/enroll.js';
import { getLocation } from '../../src/api/locations.js';
import { requestPlans } from '../../src/api/plans.js';
import { ApiError } from '../../src/api/errors.js';
import { errorBody, fakeFetch, fakeSleep, json } from './fakes.js';

function setup(...responses: Response[]) {
  return setupWith({}, ...responses);
}

function setupWith(options: Partial<FlowApiOptions>, ...responses: Response[]) {
  const f = fakeFetch(...responses);
  const unauthorized: ApiError[] = [];
  const api = createFlowApi({
    baseUrl: 'https://api.test',
    token: 'flow_secret',
    fetch: f.fetch,
    sleep: fakeSleep().sleep,
    onUnauthorized: (e) => unauthorized.push(e),
    ...options,
  });
  return { api, calls: f.calls, unauthorized };
}

async function rejection(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    return e as ApiError;
  }
  throw new Error('expected a rejection');
}

describe('FlowApi', () => {
  describe('responses the page asked for already (its early requests)', () => {
    const withEarly = (prefetched: Record<string, Promise<Response>>, ...responses: Response[]) =>
      setupWith({ baseUrl: 'https://api.test/', policy: { timeoutMs: 50 }, prefetched }, ...responses);

    it('answer the first GET of their URL, once; the next one is sent', async () => {
      const { api, calls } = withEarly({ 'https://api.test/v1/account/flow': Promise.resolve(json(200, { scope: 'billing' })) }, json(200, { scope: 'enrollment' }));
      expect(await getFlow(api)).to.deep.equal({ scope: 'billing' });
      expect(calls).to.have.length(0);
      expect(await getFlow(api)).to.deep.equal({ scope: 'enrollment' });
      expect(calls.map((c) => c.url)).to.deep.equal(['https://api.test/v1/account/flow']);
    });

    it('another URL is not answered by them', async () => {
      const { api, calls } = withEarly({ 'https://api.test/v1/account/flow': Promise.resolve(json(200, {})) }, json(200, { uuid: 'a' }));
      expect(await getAccount(api)).to.deep.equal({ uuid: 'a' });
      expect(calls.map((c) => c.url)).to.deep.equal(['https://api.test/v1/account']);
    });

    it('a lost network or an error status is handled as for any request: retried, read, a 401 reported', async () => {
      const offline = Promise.reject(new TypeError('Failed to fetch'));
      offline.catch(() => undefined);
      const retried = withEarly({ 'https://api.test/v1/account': offline }, json(200, { uuid: 'a' }));
      expect(await getAccount(retried.api)).to.deep.equal({ uuid: 'a' });
      expect(retried.calls).to.have.length(1);

      const expired = withEarly({ 'https://api.test/v1/account': Promise.resolve(json(401, errorBody(401, 'token_expired'))) });
      expect((await rejection(getAccount(expired.api))).kind).to.equal('unauthorized');
      expect(expired.unauthorized).to.have.length(1);
    });

    it('one that never answers is given up at the attempt deadline, then sent again', async () => {
      const { api, calls } = withEarly({ 'https://api.test/v1/account': new Promise<Response>(() => undefined) }, json(200, { uuid: 'a' }));
      expect(await getAccount(api)).to.deep.equal({ uuid: 'a' });
      expect(calls).to.have.length(1);
    });
  });

  it('sends the bearer token, JSON and no credentials or referrer', async () => {
    const { api, calls } = setup(json(200, []));
    await addressSearch(api, '123 Main', '77002');
    const { url, init } = calls[0]!;
    const headers = new Headers(init.headers);
    expect(url).to.equal('https://api.test/v1/account/enroll/address-search');
    expect(init.method).to.equal('POST');
    expect(headers.get('Authorization')).to.equal('Bearer flow_secret');
    expect(headers.get('Content-Type')).to.equal('application/json');
    expect(init.credentials).to.equal('omit');
    expect(init.referrerPolicy).to.equal('no-referrer');
    expect(JSON.parse(init.body as string)).to.deep.equal({ query: '123 Main', postal_code: '77002' });
  });

  it('maps every method to its route', async () => {
    const { api, calls } = setup(json(200, {}));
    await getAccount(api);
    await getFlow(api);
    await fullAddressSearch(api, { address_1: '1 A St', postal_code: '77002' });
    await esiIdSearch(api, '1008901000000000000001');
    await requestPlans(api, '1008901000000000000001');
    await updateIdentity(api, { first_name: 'A', last_name: 'B', phone: '5125550100', email: 'a@b.co', date_of_birth: '1990-01-01' });
    await submitCreditCheck(api, { ssn: '123-45-6789', consent: true });
    await createPaymentSession(api);
    await ensurePaymentMethodAdded(api, 'pm_1');
    await getPaymentMethod(api);
    await getLocation(api, '6f1c2a3b-0000-4000-8000-000000000001');
    await finalize(api, { is_client_agent_enrollment: true });
    await recordEvent(api, { event: 'plans_viewed', plan_uuids: ['p1'] });
    await optOutReasons(api, 'es');
    expect(calls.map((c) => `${c.init.method} ${c.url.replace('https://api.test', '')}`)).to.deep.equal([
      'GET /v1/account',
      'GET /v1/account/flow',
      'POST /v1/account/enroll/full-address-search',
      'POST /v1/account/enroll/esi-id-search',
      'POST /v1/account/enroll/plans/request',
      'PATCH /v1/account/enroll/identity',
      'POST /v1/account/enroll/credit-check',
      'POST /v1/account/billing/payment-session',
      'POST /v1/account/billing/ensure-payment-method-added',
      'GET /v1/account/billing/payment-method',
      'GET /v1/account/locations/6f1c2a3b-0000-4000-8000-000000000001',
      'POST /v1/account/enroll/finalize',
      'POST /v1/account/events',
      'GET /v1/account/enroll/opt-out/reasons?locale=es',
    ]);
    for (const c of calls) {
      const key = new Headers(c.init.headers).get('Idempotency-Key');
      if (c.init.method === 'GET') expect(key).to.equal(null);
      else expect(key).to.be.a('string');
    }
    const keys = calls.filter((c) => c.init.method !== 'GET').map((c) => new Headers(c.init.headers).get('Idempotency-Key'));
    expect(new Set(keys).size).to.equal(keys.length);
  });

  it('turns a 400 into a validation ApiError with its fields, without retrying', async () => {
    const fields = [{ field: 'date_of_birth', code: 'range', message: 'must be 18 or older' }];
    const { api, calls } = setup(json(400, errorBody(400, 'invalid_request', fields)));
    const error = await rejection(
      updateIdentity(api, { first_name: 'A', last_name: 'B', phone: '1', email: 'x', date_of_birth: '2020-01-01' }),
    );
    expect(error).to.be.instanceOf(ApiError);
    expect(error.kind).to.equal('validation');
    expect(error.code).to.equal('invalid_request');
    expect(error.fields).to.deep.equal(fields);
    expect(error.fields.find((f) => f.field === 'date_of_birth')?.code).to.equal('range');
    expect(calls).to.have.length(1);
  });

  it('classifies 401, 403, 404, 422 at once and calls onUnauthorized for 401', async () => {
    for (const [status, code, kind] of [
      [401, 'token_expired', 'unauthorized'],
      [403, 'forbidden', 'forbidden'],
      [404, 'not_found', 'not_found'],
      [422, 'cannot_finalize_enrollment', 'validation'],
    ] as const) {
      const { api, calls, unauthorized } = setup(json(status, errorBody(status, code)));
      const error = await rejection(getAccount(api));
      expect(error.kind).to.equal(kind);
      expect(error.code).to.equal(code);
      expect(calls).to.have.length(1);
      expect(unauthorized).to.have.length(status === 401 ? 1 : 0);
    }
  });

  it('survives an error body that is not JSON', async () => {
    const { api } = setup(new Response('<html>Bad gateway</html>', { status: 400, statusText: 'Bad Request' }));
    const error = await rejection(getAccount(api));
    expect(error.code).to.equal('invalid_request');
    expect(error.fields).to.deep.equal([]);
  });

  it('reports what happened, without retrying, when the code for trouble cannot load (offline)', async () => {
    const calls: number[] = [];
    const attempt = async () => (calls.push(1), json(200, {}));
    const offline = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    const send = { method: 'GET', headers: new Headers() };
    const lost = await rejection(recoverFrom(attempt, send, { error: new TypeError('Failed to fetch') }, offline));
    expect(lost).to.be.instanceOf(ApiError);
    expect(lost.kind).to.equal('network');
    const answered = await rejection(recoverFrom(attempt, send, { response: new Response('', { status: 503, statusText: 'Service Unavailable' }) }, offline));
    expect([answered.status, answered.kind, answered.message]).to.deep.equal([503, 'server', 'Service Unavailable']);
    expect(calls).to.have.length(0);
    // With its code, the same outcome is retried (a GET is safe to send again).
    const response = await recoverFrom(attempt, { ...send, sleep: fakeSleep().sleep }, { error: new TypeError('Failed to fetch') });
    expect(response.status).to.equal(200);
    expect(calls).to.have.length(1);
  });

  it('resolves finalize on 200 {} with nothing', async () => {
    const { api } = setup(json(200, {}));
    expect(await finalize(api)).to.equal(undefined);
  });
});
