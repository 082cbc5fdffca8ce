import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { APP_TOKEN, assertError, Harness } from './support/harness.js';

const h = new Harness({ flowUrl: 'http://flow.test', allowedOrigins: ['http://partner.test'] });
after(() => h.close());

describe('POST /v1/app/accounts', () => {
  it('creates an account with an account token and the documented payload', async () => {
    const res = await h.app('POST', '/v1/app/accounts', {
      email: 'ana@example.com',
      first_name: 'Ana',
      phone: '713.555.0142',
      preliminary_address: { address_1: '1801 N Lamar St', address_2: 'Apt 512', city: 'Dallas', state: 'tx', postal_code: '75201' },
      locale: 'es',
    });
    assert.equal(res.status, 201);
    const a = res.body;
    assert.equal(a.uuid, a.account_uuid);
    assert.match(a.account_token, /^acct_/);
    assert.equal(Date.parse(a.account_token_expires_at) - Date.parse(a.created_at), 60 * 60 * 1000);
    assert.equal(a.phone, '+17135550142');
    assert.equal(a.preliminary_address.state, 'TX');
    assert.deepEqual([a.status, a.status_reason], ['created', 'unresolved']);
    assert.equal(a.locale, 'es');
    assert.equal(a.app.name, 'Sandbox Partner');
    assert.match(a.app.stripe_public_key, /^pk_test_sandbox[a-z0-9]+$/);
    assert.equal(a.enrollment.can_finalize_enrollment, false);
  });

  it('starts without an address as created/missing_address', async () => {
    const { account } = await h.createAccount();
    assert.deepEqual([account.status, account.status_reason], ['created', 'missing_address']);
  });

  it('names every bad field: required, format, type, enum', async () => {
    const res = await h.app('POST', '/v1/app/accounts', {
      first_name: 7,
      phone: '555-1234',
      date_of_birth: '1990-02-30',
      locale: 'fr',
      preliminary_address: { city: 'Dallas', postal_code: 'abc', state: 'XX' },
    });
    assertError(res, 400, 'invalid_request', [
      'email',
      'first_name',
      'phone',
      'date_of_birth',
      'locale',
      'preliminary_address.address_1',
      'preliminary_address.postal_code',
      'preliminary_address.state',
    ]);
    const codes = Object.fromEntries(res.body.error.fields.map((f: { field: string; code: string }) => [f.field, f.code]));
    assert.equal(codes.email, 'required');
    assert.equal(codes.first_name, 'type');
    assert.equal(codes.locale, 'enum');
    assert.equal(codes.date_of_birth, 'format');
  });

  it('refuses a customer under 18 by the sandbox clock', async () => {
    const today = h.sb.clock.today();
    const seventeen = `${Number(today.slice(0, 4)) - 17}${today.slice(4)}`;
    assertError(await h.app('POST', '/v1/app/accounts', { email: 'kid@example.com', date_of_birth: seventeen }), 400, 'invalid_request', ['date_of_birth']);
  });
});

describe('GET /v1/app/accounts', () => {
  it('pages newest first with an opaque cursor', async () => {
    const local = new Harness();
    try {
      const made = [];
      for (let i = 0; i < 5; i += 1) made.push((await local.createAccount({ email: `p${i}@example.com` })).uuid);
      const first = await local.app('GET', '/v1/app/accounts?limit=2');
      assert.deepEqual(first.body.data.map((a: { uuid: string }) => a.uuid), [made[4], made[3]]);
      const second = await local.app('GET', `/v1/app/accounts?limit=2&cursor=${first.body.next_cursor}`);
      assert.deepEqual(second.body.data.map((a: { uuid: string }) => a.uuid), [made[2], made[1]]);
      const third = await local.app('GET', `/v1/app/accounts?limit=2&cursor=${second.body.next_cursor}`);
      assert.deepEqual(third.body.data.map((a: { uuid: string }) => a.uuid), [made[0]]);
      assert.equal(third.body.next_cursor, null);
      assert.equal((await local.app('GET', '/v1/app/accounts')).body.data.length, 5);
    } finally {
      local.close();
    }
  });

  it('rejects a bad limit or cursor with 400', async () => {
    assertError(await h.app('GET', '/v1/app/accounts?limit=0'), 400, 'invalid_request', ['limit']);
    assertError(await h.app('GET', '/v1/app/accounts?limit=abc'), 400, 'invalid_request', ['limit']);
    assertError(await h.app('GET', '/v1/app/accounts?cursor=bm9wZQ'), 400, 'invalid_request', ['cursor']);
  });
});

describe('GET and PATCH /v1/app/accounts/{uuid}', () => {
  it('reads and updates identity fields, emitting identity_updated', async () => {
    const { uuid } = await h.createAccount();
    const before = h.sb.dispatcher.events().length;
    const res = await h.app('PATCH', `/v1/app/accounts/${uuid}`, { first_name: 'Luis', last_name: 'Pérez', phone: '2145550100', date_of_birth: '1985-06-01', email: 'luis@example.com' });
    assert.equal(res.status, 200);
    assert.equal(res.body.enrollment.is_identity_verified, true);
    const events = h.sb.dispatcher.events().slice(before);
    assert.deepEqual(events.map((e) => e.type), ['enrollment.identity_updated']);
    assert.equal((await h.app('GET', `/v1/app/accounts/${uuid}`)).body.first_name, 'Luis');
  });

  it('sets and clears the preliminary address, moving between created reasons', async () => {
    const { uuid } = await h.createAccount();
    const set = await h.app('PATCH', `/v1/app/accounts/${uuid}`, { preliminary_address: { address_1: '2141 Grape St', postal_code: '79601' } });
    assert.equal(set.body.status_reason, 'unresolved');
    const cleared = await h.app('PATCH', `/v1/app/accounts/${uuid}`, { preliminary_address: null });
    assert.equal(cleared.body.preliminary_address, null);
    assert.equal(cleared.body.status_reason, 'missing_address');
  });

  it('needs at least one field, and 404s unknown or malformed uuids', async () => {
    const { uuid } = await h.createAccount();
    assertError(await h.app('PATCH', `/v1/app/accounts/${uuid}`, { unknown: 1 }), 400, 'invalid_request', ['body']);
    assertError(await h.app('GET', '/v1/app/accounts/3f0b6a1e-6c1f-4e8a-9b1d-2a9f0c7d5e41'), 404, 'not_found');
    assertError(await h.app('GET', '/v1/app/accounts/not-a-uuid'), 404, 'not_found');
  });
});

describe('tokens and links', () => {
  it('issues 60-minute account tokens that open /v1/account', async () => {
    const { uuid } = await h.createAccount();
    const res = await h.app('POST', `/v1/app/accounts/${uuid}/token`);
    assert.equal(res.status, 201);
    assert.match(res.body.token, /^acct_/);
    assert.equal(Date.parse(res.body.expires_at) - h.sb.clock.nowMs(), 60 * 60 * 1000);
    assert.equal((await h.account(res.body.token)).uuid, uuid);
  });

  it('puts the flow\'s language in the link, the one asked for or else the account\'s, so the first screen is in it', async () => {
    const spanish = await h.createAccount({ locale: 'es' });
    const link = async (uuid: string, body: object) =>
      new URL((await h.app('POST', `/v1/app/accounts/${uuid}/flow-login`, { scope: 'enrollment', ...body })).body.login_link).searchParams.get('locale');
    assert.equal(await link(spanish.uuid, {}), 'es');
    assert.equal(await link(spanish.uuid, { locale: 'en' }), null);
    const english = await h.createAccount();
    assert.equal(await link(english.uuid, { locale: 'es' }), 'es');
    assert.equal(await link(english.uuid, {}), null);
  });

  it('issues scoped flow links on the flow origin, embedded by default', async () => {
    const { uuid } = await h.createAccount();
    const res = await h.app('POST', `/v1/app/accounts/${uuid}/flow-login`, { scope: 'enrollment' });
    assert.equal(res.status, 201);
    assert.equal(res.body.behavior, 'embedded');
    assert.equal(res.body.scope, 'enrollment');
    const link = new URL(res.body.login_link);
    assert.equal(`${link.origin}${link.pathname}`, 'http://flow.test/login');
    assert.match(link.searchParams.get('token')!, /^flow_/);
    assert.equal(Date.parse(res.body.expires_at) - h.sb.clock.nowMs(), 60 * 60 * 1000);

    const es = await h.app('POST', `/v1/app/accounts/${uuid}/flow-login`, { scope: 'billing', behavior: 'hosted', locale: 'es', return_url: 'http://partner.test/done' });
    assert.equal(new URL(es.body.login_link).searchParams.get('locale'), 'es');
    assert.equal(link.searchParams.get('locale'), null, 'an English account, no locale asked for');
    const flowToken = new URL(es.body.login_link).searchParams.get('token')!;
    const session = await h.as(flowToken)('GET', '/v1/account/flow');
    assert.equal(session.body.expires_at, es.body.expires_at);
    // What is left, by the sandbox clock: a client counts it from its answer, whatever the device's clock says.
    assert.equal(session.body.expires_in, 3600);
    h.sb.clock.advance(10 * 60 * 1000);
    assert.equal((await h.as(flowToken)('GET', '/v1/account/flow')).body.expires_in, 3000);
    assert.deepEqual(
      { ...session.body, expires_at: undefined, expires_in: undefined },
      {
        scope: 'billing',
        behavior: 'hosted',
        expires_at: undefined,
        expires_in: undefined,
        allowed_parent_origins: ['http://partner.test'],
        return_url: 'http://partner.test/done',
        locale: 'es',
        branding: { name: 'Sandbox Partner', primary_color: '#1d68d8', logo_url: 'http://localhost:4010/__sandbox/branding/logo.svg' },
      },
    );
  });

  it('validates flow-login: scope required and enumerated, return_url http(s) on an allowed origin', async () => {
    const { uuid } = await h.createAccount();
    assertError(await h.app('POST', `/v1/app/accounts/${uuid}/flow-login`, {}), 400, 'invalid_request', ['scope']);
    assertError(await h.app('POST', `/v1/app/accounts/${uuid}/flow-login`, { scope: 'everything', behavior: 'popup', return_url: 'ftp://x' }), 400, 'invalid_request', ['scope', 'behavior', 'return_url']);
    const foreign = await h.app('POST', `/v1/app/accounts/${uuid}/flow-login`, { scope: 'enrollment', return_url: 'https://evil.example/' });
    assertError(foreign, 422, 'unprocessable', ['return_url']);
  });

  it('issues 14-day app-login links', async () => {
    const { uuid } = await h.createAccount();
    const res = await h.app('POST', `/v1/app/accounts/${uuid}/app-login`, { route: '/billing' });
    assert.equal(res.status, 201);
    assert.match(res.body.login_link, /^http:\/\/flow\.test\/app\/login\?token=applogin_/);
    assert.equal(Date.parse(res.body.expires_at) - h.sb.clock.nowMs(), 14 * 24 * 3600 * 1000);
    // The link is the Hosted Application's for 14 days; its token is no bearer for the API, where an account token
    // lives 60 minutes: not even within that hour, nor for the flow.
    const token = new URL(res.body.login_link).searchParams.get('token')!;
    for (const path of ['/v1/account', '/v1/account/flow', '/v1/account/billing/invoices']) {
      const refused = await h.call('GET', path, { token });
      assertError(refused, 401, 'unauthorized');
      assert.match(refused.body.error.message, /Hosted Application/);
    }
    assertError(await h.as(token)('POST', '/v1/account/sandbox/status', { status: 'cancelled', status_reason: 'cancelled_pre_start' }), 401, 'unauthorized');
    assertError(await h.app('POST', `/v1/app/accounts/${uuid}/app-login`, { route: 'https://elsewhere' }), 400, 'invalid_request', ['route']);
  });

  it('takes an app-login route with or without its leading slash ("the billing area": billing is /billing)', async () => {
    const { uuid } = await h.createAccount();
    const routeOf = (link: string) => {
      const found = h.sb.store.tokens.lookup(new URL(link).searchParams.get('token')!);
      assert.equal(found.state, 'valid');
      return found.state === 'valid' ? found.record.route : undefined;
    };
    for (const [sent, kept] of [['billing', '/billing'], ['/billing', '/billing'], ['documents/efl', '/documents/efl'], [' billing ', '/billing'], ['/', '/']]) {
      const res = await h.app('POST', `/v1/app/accounts/${uuid}/app-login`, { route: sent });
      assert.equal(res.status, 201, sent);
      assert.equal(routeOf(res.body.login_link), kept, sent);
    }
    for (const bad of ['//evil.example', 'https://evil.example/', 'javascript:alert(1)', '\\evil.example', '/a b', '']) {
      assertError(await h.app('POST', `/v1/app/accounts/${uuid}/app-login`, { route: bad }), 400, 'invalid_request', ['route']);
    }
  });

  it('carries the route into the login link: /billing and /documents do not give the same link', async () => {
    const { uuid } = await h.createAccount();
    const linkOf = async (route?: string) => {
      const res = await h.app('POST', `/v1/app/accounts/${uuid}/app-login`, route === undefined ? {} : { route });
      assert.equal(res.status, 201);
      const url = new URL(res.body.login_link);
      url.searchParams.delete('token');
      return url.toString();
    };
    const billing = await linkOf('/billing');
    const documents = await linkOf('documents/efl');
    assert.notEqual(billing, documents, `the route is dropped: both links are ${billing}?token=…`);
    assert.equal(billing, 'http://flow.test/app/login?route=%2Fbilling', 'the route as kept, percent-encoded');
    assert.equal(new URL(documents).searchParams.get('route'), '/documents/efl');
    assert.equal(await linkOf(), 'http://flow.test/app/login', 'no route, no route parameter');
  });

  it('refuses GET /v1/account/flow to a plain account token', async () => {
    const { token } = await h.createAccount();
    assertError(await h.as(token)('GET', '/v1/account/flow'), 403, 'forbidden');
  });

  it('records the power of attorney (client agent)', async () => {
    const { uuid } = await h.createAccount();
    const res = await h.app('POST', `/v1/app/accounts/${uuid}/record-client-agent`, { client_agent_accepted_at: '2026-03-01T12:00:00Z' });
    assert.equal(res.status, 200);
    assert.equal(res.body.client_agent_accepted, true);
    assert.equal(res.body.client_agent_accepted_at, '2026-03-01T12:00:00.000Z');
    assertError(await h.app('POST', `/v1/app/accounts/${uuid}/record-client-agent`, { client_agent_accepted_at: '2099-01-01T00:00:00Z' }), 400, 'invalid_request', ['client_agent_accepted_at']);
    assertError(await h.app('POST', `/v1/app/accounts/${uuid}/record-client-agent`, { client_agent_accepted_at: 'yesterday' }), 400, 'invalid_request', ['client_agent_accepted_at']);
  });

  for (const impossible of ['2026-02-30T10:00:00Z', '2026-02-29T12:00:00Z', '2026-03-01T24:00:00Z']) {
    it(`refuses a power of attorney accepted at ${impossible} (no such instant) instead of storing another day`, async () => {
      const { uuid } = await h.createAccount();
      const res = await h.app('POST', `/v1/app/accounts/${uuid}/record-client-agent`, { client_agent_accepted_at: impossible }, { contract: false });
      assertError(res, 400, 'invalid_request', ['client_agent_accepted_at']);
      const account = (await h.app('GET', `/v1/app/accounts/${uuid}`)).body;
      assert.equal(account.client_agent_accepted, false, 'nothing recorded');
    });
  }

  it('keeps the App token out of account payloads', async () => {
    const res = await h.app('GET', '/v1/app/accounts');
    assert.ok(!JSON.stringify(res.body).includes(APP_TOKEN));
  });
});

describe('a 400 names every bad field, the handler\'s own checks (cursor, age) with the contract\'s', () => {
  const h = new Harness();
  after(() => h.close());

  const named = (body: { error?: { fields?: { field: string }[] } }) => (body.error?.fields ?? []).map((f) => f.field).sort();

  it('GET /v1/app/accounts?limit=0&cursor=garbage names limit and cursor', async () => {
    const res = await h.app('GET', '/v1/app/accounts?limit=0&cursor=garbage');
    assert.equal(res.status, 400);
    assert.deepEqual(named(res.body), ['cursor', 'limit'], JSON.stringify(res.body));
  });

  it('GET /v1/account/billing/invoices?limit=0&cursor=garbage names limit and cursor', async () => {
    const { token } = await h.createAccount();
    const res = await h.as(token)('GET', '/v1/account/billing/invoices?limit=0&cursor=garbage');
    assert.equal(res.status, 400);
    assert.deepEqual(named(res.body), ['cursor', 'limit'], JSON.stringify(res.body));
  });

  it('POST /v1/app/accounts with a malformed email and an under-18 date_of_birth names both', async () => {
    const res = await h.app('POST', '/v1/app/accounts', { email: 'not an email', date_of_birth: '2020-01-01' });
    assert.equal(res.status, 400);
    assert.deepEqual(named(res.body), ['date_of_birth', 'email'], JSON.stringify(res.body));
  });
});
