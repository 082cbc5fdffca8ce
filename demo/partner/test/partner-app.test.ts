/**
 * The partner backend with a fake service: validation, the calls it makes in order, error pass-through, and that
 * the App token and account token never leave it. Run: node --import tsx --test demo/partner/test/*.test.ts
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createPartnerApp } from '../app.js';
import { TEST_CONFIG } from './config.js';
import { ServiceError, ServiceUnreachable, serviceApi, type ServiceApi } from '../sandbox-api.js';
import { SUITED_PRESETS } from '../client/account-states.js';
import { RETURN_PAGE, describeReason, describeReturn } from '../client/labels.js';
import { createSandbox } from '../../sandbox/app.js';
import { addDays } from '../../sandbox/time.js';

const config = TEST_CONFIG;
const UUID = '3fe9b1a4-9d25-4a00-a581-030feb75238b';

function fakeService(overrides: Partial<ServiceApi> = {}): { api: ServiceApi; calls: [string, unknown][] } {
  const calls: [string, unknown][] = [];
  const api: ServiceApi = {
    async createAccount(body) {
      calls.push(['createAccount', body]);
      return { accountUuid: UUID };
    },
    async createPresetAccount(preset, locale) {
      calls.push(['createPresetAccount', { preset, locale }]);
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
    // Handlers are looked for inside tags: the page shows code snippets (escaped) that mention onMessage=.
    assert.doesNotMatch(await page.text(), /<script>|<[a-z][^>]*\son[a-z]+=/i, 'no inline script or handler');
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

describe('the account a new link is for (account_state)', () => {
  it('suits the flow by default: a new account to enroll, a sandbox preset for every other scope', async () => {
    for (const [scope, preset] of Object.entries(SUITED_PRESETS)) {
      const { api, calls } = fakeService();
      const res = await post(createPartnerApp(config, api), '/api/flow-link', { scope, locale: 'es' });
      assert.equal(res.status, 201, scope);
      assert.deepEqual(calls[0], preset === null ? ['createAccount', { email: (calls[0]?.[1] as { email: string }).email, locale: 'es' }] : ['createPresetAccount', { preset, locale: 'es' }], scope);
      assert.deepEqual(calls[1], ['flowLogin', { uuid: UUID, scope, behavior: 'embedded', locale: 'es' }]);
    }
    assert.equal(SUITED_PRESETS.billing, 'active-with-invoices');
    assert.equal(SUITED_PRESETS.renewal, 'active-contract-ending-soon');
  });

  it('takes "new" or any preset name, whatever the scope', async () => {
    let { api, calls } = fakeService();
    await post(createPartnerApp(config, api), '/api/flow-link', { scope: 'billing', account_state: 'new', email: 'ana@example.com' });
    assert.deepEqual(calls.map(([name]) => name), ['createAccount', 'flowLogin']);
    ({ api, calls } = fakeService());
    await post(createPartnerApp(config, api), '/api/flow-link', { scope: 'enrollment', account_state: 'needs-attention-credit-check-frozen' });
    assert.deepEqual(calls[0], ['createPresetAccount', { preset: 'needs-attention-credit-check-frozen', locale: 'en' }]);
    ({ api, calls } = fakeService());
    const hosted = await post(createPartnerApp(config, api), '/api/demo-link', { scope: 'documents' });
    assert.equal(hosted.status, 201);
    assert.deepEqual(calls[0], ['createPresetAccount', { preset: 'active-with-invoices', locale: 'en' }], 'no random email for a preset');
  });

  it('refuses what a preset account cannot take, and a state with an existing account, before calling the service', async () => {
    const cases: [Record<string, unknown>, string[]][] = [
      [{ scope: 'billing', email: 'ana@example.com', first_name: 'Ana' }, ['email', 'first_name']],
      [{ account_state: 'active-no-card', client_agent: true }, ['client_agent']],
      [{ account_state: 'active-no-card', preliminary_address: { address_1: '1200 Smith St', city: 'Houston', state: 'TX', postal_code: '77002' } }, ['preliminary_address']],
      [{ account_uuid: UUID, account_state: 'new' }, ['account_state']],
      [{ account_state: 'Active With Invoices' }, ['account_state']],
      [{ account_state: 42 }, ['account_state']],
    ];
    for (const [body, fields] of cases) {
      const { api, calls } = fakeService();
      const res = await post(createPartnerApp(config, api), '/api/flow-link', body);
      assert.equal(res.status, 400, JSON.stringify(body));
      const { error } = (await res.json()) as { error: { fields: { field: string }[] } };
      assert.deepEqual(error.fields.map((f) => f.field).sort(), fields.sort(), JSON.stringify(body));
      assert.equal(calls.length, 0);
    }
  });

  it('asks the real sandbox for the preset: a billing link opens on an active account with invoices; nothing personal is logged', async () => {
    const sandbox = createSandbox({ appToken: config.appToken, rateLimits: false, publicUrl: 'http://sandbox.test', allowedOrigins: [config.partnerUrl] });
    const viaSandbox: typeof fetch = (input, init) => Promise.resolve(sandbox.app.request(String(input).replace('http://sandbox.test', ''), init));
    const app = createPartnerApp(config, serviceApi('http://sandbox.test', config.appToken, viaSandbox));
    const lines: string[] = [];
    const saved = { log: console.log, warn: console.warn, error: console.error };
    for (const level of ['log', 'warn', 'error'] as const) console[level] = (...args: unknown[]) => void lines.push(args.map(String).join(' '));
    let links: { account_uuid: string; login_link: string }[] = [];
    try {
      const billing = await post(app, '/api/flow-link', { scope: 'billing' });
      const renewal = await post(app, '/api/flow-link', { scope: 'renewal', behavior: 'hosted' });
      const fresh = await post(app, '/api/flow-link', { scope: 'enrollment', email: 'lupe.garza@example.com', first_name: 'Lupe', last_name: 'Garza' });
      const unknown = await post(app, '/api/flow-link', { account_state: 'active-with-everything' });
      assert.deepEqual([billing.status, renewal.status, fresh.status, unknown.status], [201, 201, 201, 400]);
      const refusal = (await unknown.json()) as { error: { fields: { field: string; message: string }[] } };
      assert.equal(refusal.error.fields[0]?.field, 'preset', "the sandbox's 400 goes through, naming the presets");
      assert.match(refusal.error.fields[0]?.message ?? '', /active-with-invoices/);
      links = [(await billing.json()) as (typeof links)[0], (await renewal.json()) as (typeof links)[0], (await fresh.json()) as (typeof links)[0]];
    } finally {
      Object.assign(console, saved);
      sandbox.close();
    }
    const [billingLink, renewalLink, freshLink] = links.map((l) => sandbox.store.account(l.account_uuid)!);
    assert.equal(billingLink?.progress?.status, 'active');
    assert.ok(billingLink?.card, 'a card on file');
    assert.ok(renewalLink?.location && renewalLink.location.contract.endDate <= addDays(sandbox.clock.today(), 30), 'the contract ends within 30 days');
    assert.equal(freshLink?.finalizedAt, null);
    // Logs hold methods, paths, statuses and error codes: no name, email, address, token or link.
    assert.ok(lines.length >= 4);
    const secrets = [config.appToken, 'lupe.garza@example.com', 'Lupe', 'Garza', ...links.map((l) => new URL(l.login_link).searchParams.get('token')!)];
    for (const a of [billingLink, renewalLink]) secrets.push(a!.email, a!.first_name!, a!.last_name!, a!.phone!, a!.location!.address.address_1);
    for (const line of lines) for (const secret of secrets) assert.ok(!line.includes(secret), `the log line "${line}" shows personal data or a secret`);
  });
});

describe('GET /sdk/:name (the host SDK build, dist/host)', () => {
  it('serves only the build\'s script names, as JavaScript under the page\'s security headers', async () => {
    const app = createPartnerApp(config, fakeService().api);
    for (const name of ['..%2Fpackage.json', 'service-flow.ts', 'types', '.vite', 'Service-Flow.js']) {
      assert.equal((await app.request(`/sdk/${name}`)).status, 404, name);
    }
    const res = await app.request('/sdk/service-flow.iife.js');
    // Present once `npm run build` (or `npm run build:host`) has run; a clear 404 otherwise.
    if (res.status === 200) {
      assert.match(res.headers.get('content-type') ?? '', /^text\/javascript/);
      assert.match(res.headers.get('content-security-policy') ?? '', /script-src 'self'/);
      assert.match(await res.text(), /ServiceFlow/);
    } else {
      assert.equal(res.status, 404);
    }
  });
});

describe('the return page and the close status (client/labels.ts)', () => {
  it('says what each reason of the contract means, in the language the flow ended in', () => {
    // Closed, not "left before finishing": there may have been nothing to finish (a bill read, a battery not yet possible).
    assert.equal(describeReturn('exited', 'es'), 'Cerró el proceso de electricidad. Lo que guardó allí se conserva para la próxima vez que lo abra desde Lone Star Bank.');
    // An expired link is not opened again: the bank gives a new one.
    assert.doesNotMatch(describeReturn('expired', 'en'), /open it again/i);
    assert.equal(describeReason('expired'), 'The login link expired.');
    assert.equal(describeReturn(undefined, 'en'), 'The electricity flow has closed.');
  });

  it('speaks to the customer in neutral formal Spanish: no welcome nor pronoun that assumes a man', () => {
    assert.equal(RETURN_PAGE.es.heading, 'Le damos la bienvenida de nuevo');
    const spanish = [...Object.values(RETURN_PAGE.es), ...['completed', 'exited', 'expired', 'error', undefined].map((r) => describeReturn(r, 'es'))];
    for (const sentence of spanish) assert.doesNotMatch(sentence, /(?<!la )\bbienvenid[oa]s?\b|\blo regresó\b/i, sentence);
  });

  // Anyone can type /return?reason=…: what a plain object inherits is no reason.
  for (const reason of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
    it(`?reason=${reason} shows the generic sentence, not JavaScript internals`, () => {
      assert.equal(describeReturn(reason, 'en'), 'The electricity flow has closed.');
      assert.equal(describeReturn(reason, 'es'), 'El proceso de electricidad se cerró.');
      assert.equal(describeReason(reason), `The flow closed (reason: ${reason}).`);
    });
  }
});
