/**
 * The partner backend with a fake service: validation, the calls it makes in order, error pass-through, and that
 * the App token and account token never leave it. Run: node --import tsx --test demo/partner/test/*.test.ts
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createPartnerApp } from '../app.js';
import type { PartnerConfig } from '../config.js';
import { ServiceError, ServiceUnreachable, type ServiceApi } from '../sandbox-api.js';

const config: PartnerConfig = {
  port: 0,
  partnerUrl: 'http://partner.test',
  flowOrigin: 'http://flow.test',
  sandboxUrl: 'http://sandbox.test',
  appToken: 'sandbox_app_secret_for_tests',
};
const UUID = '3fe9b1a4-9d25-4a00-a581-030feb75238b';

function fakeService(overrides: Partial<ServiceApi> = {}): { api: ServiceApi; calls: [string, unknown][] } {
  const calls: [string, unknown][] = [];
  const api: ServiceApi = {
    async createAccount(body) {
      calls.push(['createAccount', body]);
      return { accountUuid: UUID };
    },
    async recordClientAgent(uuid) {
      calls.push(['recordClientAgent', uuid]);
    },
    async flowLogin(uuid, body) {
      calls.push(['flowLogin', { uuid, ...body }]);
      return { login_link: 'http://flow.test/login?token=flow_abc', scope: body.scope, behavior: body.behavior ?? 'embedded', expires_at: '2030-01-01T01:00:00Z' };
    },
    ...overrides,
  };
  return { api, calls };
}

function post(app: ReturnType<typeof createPartnerApp>, path: string, body: unknown, type = 'application/json'): Promise<Response> {
  return Promise.resolve(app.request(path, { method: 'POST', headers: { 'content-type': type }, body: typeof body === 'string' ? body : JSON.stringify(body) }));
}

describe('POST /api/flow-link', () => {
  it('creates the account, records power of attorney, then asks for the link', async () => {
    const { api, calls } = fakeService();
    const res = await post(createPartnerApp(config, api), '/api/flow-link', {
      email: 'ana@example.com',
      locale: 'es',
      client_agent: true,
      preliminary_address: { address_1: '1200 Smith St', city: 'Houston', state: 'tx', postal_code: '77002' },
    });
    assert.equal(res.status, 201);
    const body = (await res.json()) as Record<string, unknown>;
    assert.deepEqual(body, { login_link: 'http://flow.test/login?token=flow_abc', account_uuid: UUID, expires_at: '2030-01-01T01:00:00Z', scope: 'enrollment', behavior: 'embedded' });
    assert.deepEqual(calls.map(([name]) => name), ['createAccount', 'recordClientAgent', 'flowLogin']);
    assert.deepEqual(calls[0]?.[1], {
      email: 'ana@example.com',
      locale: 'es',
      preliminary_address: { address_1: '1200 Smith St', city: 'Houston', state: 'TX', postal_code: '77002' },
    });
    assert.deepEqual(calls[2]?.[1], { uuid: UUID, scope: 'enrollment', behavior: 'embedded', locale: 'es' });
  });

  it('reuses an account and sends the return URL for a hosted flow', async () => {
    const { api, calls } = fakeService();
    const res = await post(createPartnerApp(config, api), '/api/flow-link', { account_uuid: UUID, behavior: 'hosted', scope: 'billing' });
    assert.equal(res.status, 201);
    assert.deepEqual(calls, [['flowLogin', { uuid: UUID, scope: 'billing', behavior: 'hosted', locale: 'en', return_url: 'http://partner.test/return' }]]);
  });

  it('rejects bad input with 400 naming each field, before calling the service', async () => {
    const { api, calls } = fakeService();
    const res = await post(createPartnerApp(config, api), '/api/flow-link', { scope: 'nope', email: 'x', colour: 'red', preliminary_address: { address_1: '1 Main' } });
    assert.equal(res.status, 400);
    const { error } = (await res.json()) as { error: { code: string; fields: { field: string; code: string }[] } };
    assert.equal(error.code, 'invalid_request');
    assert.deepEqual(
      error.fields.map((f) => `${f.field}:${f.code}`).sort(),
      ['colour:unknown_field', 'email:format', 'preliminary_address.city:required', 'preliminary_address.postal_code:required', 'preliminary_address.state:required', 'scope:enum'],
    );
    assert.equal(calls.length, 0);
  });

  it('refuses creation-only fields together with account_uuid', async () => {
    const res = await post(createPartnerApp(config, fakeService().api), '/api/flow-link', { account_uuid: UUID, email: 'a@example.com' });
    assert.equal(res.status, 400);
  });

  it('needs JSON: a cross-site form post gets 415', async () => {
    const res = await post(createPartnerApp(config, fakeService().api), '/api/flow-link', 'scope=enrollment', 'application/x-www-form-urlencoded');
    assert.equal(res.status, 415);
    const bad = await post(createPartnerApp(config, fakeService().api), '/api/flow-link', '{oops');
    assert.equal(bad.status, 400);
  });

  it('passes the service error through with its status and Retry-After', async () => {
    const body = { error: { status: 429, code: 'rate_limited', message: 'Too Many Requests' } };
    const { api } = fakeService({
      createAccount: () => Promise.reject(new ServiceError(429, body, '3')),
    });
    const res = await post(createPartnerApp(config, api), '/api/flow-link', {});
    assert.equal(res.status, 429);
    assert.equal(res.headers.get('retry-after'), '3');
    assert.deepEqual(await res.json(), body);
  });

  it('answers 502 when the service is unreachable', async () => {
    const { api } = fakeService({ createAccount: () => Promise.reject(new ServiceUnreachable('down')) });
    const res = await post(createPartnerApp(config, api), '/api/flow-link', {});
    assert.equal(res.status, 502);
  });
});

describe('POST /api/demo-link', () => {
  it('defaults to a hosted enrollment link for a random example.com address', async () => {
    const { api, calls } = fakeService();
    const res = await post(createPartnerApp(config, api), '/api/demo-link', { scope: 'enrollment', behavior: 'hosted' });
    assert.equal(res.status, 201);
    const created = calls[0]?.[1] as { email: string };
    assert.match(created.email, /^customer\.[0-9a-f]{10}@example\.com$/);
    assert.equal((calls[1]?.[1] as { behavior: string }).behavior, 'hosted');
  });
});

describe('pages and headers', () => {
  it('serves the page with a strict CSP and the settings without the App token', async () => {
    const app = createPartnerApp(config, fakeService().api);
    const page = await app.request('/');
    assert.equal(page.status, 200);
    const csp = page.headers.get('content-security-policy') ?? '';
    assert.match(csp, /script-src 'self';/);
    assert.match(csp, /frame-src http:\/\/flow\.test;/);
    assert.match(csp, /connect-src 'self' http:\/\/sandbox\.test;/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.doesNotMatch(await page.text(), /<script>|\son[a-z]+=/i, 'no inline script or handler');
    const settings = await app.request('/api/config');
    const text = await settings.text();
    assert.deepEqual(JSON.parse(text), { flowOrigin: 'http://flow.test', sandboxUrl: 'http://sandbox.test' });
    assert.ok(!text.includes(config.appToken));
  });

  it('never serves files outside its folders', async () => {
    const app = createPartnerApp(config, fakeService().api);
    for (const path of ['/js/..%2Fserver.js', '/assets/..%2F..%2Fpackage.json', '/js/missing.js', '/assets/index.html']) {
      assert.equal((await app.request(path)).status, 404, path);
    }
  });
});
