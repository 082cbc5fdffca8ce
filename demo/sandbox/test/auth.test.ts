import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { FLOW_SCOPES, type FlowScope } from '../../../src/api/types.js';
import { scopeAllows } from '../http/scopes.js';
import { APP_TOKEN, assertError, Harness } from './support/harness.js';

const h = new Harness();
after(() => h.close());

async function flowToken(uuid: string, scope: FlowScope): Promise<string> {
  const res = await h.app('POST', `/v1/app/accounts/${uuid}/flow-login`, { scope });
  return new URL(res.body.login_link).searchParams.get('token')!;
}

describe('authentication', () => {
  it('401s a missing, malformed or unknown token on both groups', async () => {
    for (const path of ['/v1/app/accounts', '/v1/account']) {
      assertError(await h.call('GET', path, { token: null }), 401, 'unauthorized');
      assertError(await h.call('GET', path, { token: null, headers: { authorization: 'Basic abc' } }), 401, 'unauthorized');
      assertError(await h.call('GET', path, { token: 'acct_nope' }), 401, 'unauthorized');
    }
  });

  it('accepts only the token type of each group', async () => {
    const { uuid, token } = await h.createAccount();
    const flow = await flowToken(uuid, 'enrollment');
    assertError(await h.as(token)('GET', '/v1/app/accounts'), 401, 'unauthorized');
    assertError(await h.as(flow)('GET', '/v1/app/accounts'), 401, 'unauthorized');
    assertError(await h.as(flow)('POST', '/v1/app/accounts/events', { event: 'plans_viewed', plan_uuids: [] }), 401, 'unauthorized');
    assertError(await h.as(APP_TOKEN)('GET', '/v1/account'), 401, 'unauthorized');
    assert.equal((await h.as(flow)('GET', '/v1/account')).status, 200);
  });

  it('expires account tokens after 60 minutes and flow tokens after an hour of sandbox time', async () => {
    const { uuid, token } = await h.createAccount();
    const flow = await flowToken(uuid, 'enrollment');
    h.sb.clock.advance(59 * 60 * 1000);
    assert.equal((await h.as(token)('GET', '/v1/account')).status, 200);
    h.sb.clock.advance(60 * 1000);
    assertError(await h.as(token)('GET', '/v1/account'), 401, 'token_expired');
    assertError(await h.as(flow)('GET', '/v1/account/flow'), 401, 'token_expired');
    // A fresh token from the App works again
    const fresh = await h.app('POST', `/v1/app/accounts/${uuid}/token`);
    assert.equal((await h.as(fresh.body.token)('GET', '/v1/account')).status, 200);
  });

  it('ends a flow session when the flow closes (DELETE /v1/account/flow): its link stops working at once, other links and tokens do not', async () => {
    const { uuid, token } = await h.createAccount();
    const flow = await flowToken(uuid, 'billing');
    const other = await flowToken(uuid, 'enrollment');
    // An account token is not a flow session.
    assertError(await h.as(token)('DELETE', '/v1/account/flow'), 403, 'forbidden');
    const ended = await h.as(flow)('DELETE', '/v1/account/flow');
    assert.equal(ended.status, 204);
    // Opened again from the browser's history: expired, which tells the partner to ask for a fresh link.
    assertError(await h.as(flow)('GET', '/v1/account/flow'), 401, 'token_expired');
    assertError(await h.as(flow)('GET', '/v1/account'), 401, 'token_expired');
    assertError(await h.as(flow)('DELETE', '/v1/account/flow'), 401, 'token_expired');
    assert.equal((await h.as(other)('GET', '/v1/account')).status, 200);
    assert.equal((await h.as(token)('GET', '/v1/account')).status, 200);
  });

  it('forces expiry for one account or all, through the store, the control route and the fault injector', async () => {
    const a = await h.createAccount();
    const b = await h.createAccount();
    assert.equal(h.sb.store.expireTokens(a.uuid), 1);
    assertError(await h.as(a.token)('GET', '/v1/account'), 401, 'token_expired');
    assert.equal((await h.as(b.token)('GET', '/v1/account')).status, 200);

    const again = await h.app('POST', `/v1/app/accounts/${b.uuid}/token`);
    const res = await h.call('POST', `/__sandbox/accounts/${b.uuid}/expire-tokens`);
    assert.deepEqual(res.body, { expired: 2 });
    assertError(await h.as(again.body.token)('GET', '/v1/account'), 401, 'token_expired');

    const c = await h.createAccount();
    const fault = await h.call('POST', '/__sandbox/faults', { body: { expire_tokens: true, account_uuid: c.uuid } });
    assert.equal(fault.status, 201);
    assertError(await h.as(c.token)('GET', '/v1/account'), 401, 'token_expired');
  });
});

describe('flow token scopes', () => {
  const probes: Array<[string, string]> = [
    ['GET', '/v1/account'],
    ['GET', '/v1/account/flow'],
    ['POST', '/v1/account/enroll/address-search'],
    ['POST', '/v1/account/events'],
    ['POST', '/v1/account/billing/payment-session'],
    ['GET', '/v1/account/billing/payment-method'],
    ['GET', '/v1/account/billing/invoices'],
    ['PUT', '/v1/account/billing/address'],
    ['GET', '/v1/account/locations/3f0b6a1e-6c1f-4e8a-9b1d-2a9f0c7d5e41/documents'],
    ['GET', '/v1/account/locations/3f0b6a1e-6c1f-4e8a-9b1d-2a9f0c7d5e41/all-documents'],
    ['GET', '/v1/account/locations/3f0b6a1e-6c1f-4e8a-9b1d-2a9f0c7d5e41/usage/monthly'],
    ['POST', '/v1/account/sandbox/advance'],
    ['GET', '/v1/account/locations/3f0b6a1e-6c1f-4e8a-9b1d-2a9f0c7d5e41/renewal/plans'],
    ['POST', '/v1/account/locations/3f0b6a1e-6c1f-4e8a-9b1d-2a9f0c7d5e41/renewal/accept'],
    ['GET', '/v1/account/battery/makers'],
    ['POST', '/v1/account/battery/authorizations'],
  ];
  const allowed: Record<FlowScope, string[]> = {
    enrollment: ['/v1/account', '/v1/account/flow', 'address-search', 'events', 'payment-session', 'payment-method', '/documents'],
    'update-payment-method': ['/v1/account', '/v1/account/flow', 'payment-session', 'payment-method'],
    documents: ['/v1/account', '/v1/account/flow', '/documents', 'all-documents'],
    billing: ['/v1/account', '/v1/account/flow', 'invoices', 'billing/address'],
    renewal: ['/v1/account', '/v1/account/flow', '/documents', 'all-documents', 'renewal/plans', 'renewal/accept'],
    'connect-battery': ['/v1/account', '/v1/account/flow', 'battery/makers', 'battery/authorizations'],
  };

  it('answers 403 forbidden outside the scope and lets the scope through', async () => {
    const { uuid } = await h.createAccount();
    for (const scope of FLOW_SCOPES) {
      const token = await flowToken(uuid, scope);
      for (const [method, path] of probes) {
        const expected = allowed[scope].some((needle) => path.endsWith(needle) || path.includes(`/${needle}`));
        const res = await h.call(method, path, { token, ...(method === 'GET' ? {} : { body: {} }) });
        if (expected) assert.notEqual(res.status, 403, `${scope} ${method} ${path}`);
        else assertError(res, 403, 'forbidden');
      }
    }
  });

  it('matches the x-flow-scopes of every operation in the contract', () => {
    const doc = parseYaml(readFileSync(new URL('../../../openapi/openapi.yaml', import.meta.url), 'utf8')) as {
      paths: Record<string, Record<string, { 'x-flow-scopes'?: string[]; operationId?: string }>>;
    };
    for (const [template, item] of Object.entries(doc.paths)) {
      if (!template.startsWith('/v1/account')) continue;
      const path = template.replace(/\{[^}]+\}/g, '3f0b6a1e-6c1f-4e8a-9b1d-2a9f0c7d5e41');
      for (const [method, op] of Object.entries(item)) {
        if (!op?.operationId) continue;
        const scopes = op['x-flow-scopes'] ?? [];
        for (const scope of FLOW_SCOPES) {
          assert.equal(scopeAllows(scope, method.toUpperCase(), path), scopes.includes(scope), `${scope} ${method} ${template}`);
        }
      }
    }
  });
});
