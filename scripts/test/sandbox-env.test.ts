/** The sandbox for a partner's own app: origins that add to the partner demo's, an App token stable across restarts. */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sandboxAppToken } from '../app-token.js';
import { frameAncestorsFrom } from '../flow-headers.js';
import { allowedOriginsFrom, topology, topologyEnv } from '../ports.js';
import { createSandbox } from '../../demo/sandbox/app.js';
import { createPartnerApp } from '../../demo/partner/app.js';
import { loadConfig } from '../../demo/partner/config.js';

const tmp = mkdtempSync(join(tmpdir(), 'sf-sandbox-env-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

describe('SANDBOX_ALLOWED_ORIGINS', () => {
  it('adds to the partner demo\'s origin, for the sandbox and the flow\'s frame-ancestors alike', () => {
    const env = { PARTNER_PORT: '5174', SANDBOX_ALLOWED_ORIGINS: 'http://localhost:3000/, https://app.partner.example' };
    assert.deepEqual(allowedOriginsFrom(env), ['http://localhost:5174', 'http://localhost:3000', 'https://app.partner.example']);
    assert.equal(frameAncestorsFrom(env), 'http://localhost:5174 http://localhost:3000 https://app.partner.example');
    assert.deepEqual(allowedOriginsFrom({ PARTNER_URL: 'http://localhost:6000' }), ['http://localhost:6000']);
    assert.deepEqual(allowedOriginsFrom({ SANDBOX_ALLOWED_ORIGINS: 'http://localhost:5174' }), ['http://localhost:5174']);
    // Other Apps' partners the hosting lets frame the flow: frame-ancestors only, never the App's own list.
    const shared = { ...env, FLOW_FRAME_ANCESTORS: 'http://127.0.0.1:5174, https://other-bank.example' };
    assert.equal(frameAncestorsFrom(shared), 'http://localhost:5174 http://localhost:3000 https://app.partner.example http://127.0.0.1:5174 https://other-bank.example');
    assert.deepEqual(allowedOriginsFrom(shared), allowedOriginsFrom(env));
    // A build against the sandbox on this machine (SERVICE_URL unset or local) keeps the sandbox App's origins…
    assert.equal(frameAncestorsFrom({ ...env, SERVICE_URL: 'http://localhost:4010' }), frameAncestorsFrom(env));
    // …a build against a deployed service lists only its own partners, never the localhost demo's.
    const deployed = { ...env, SERVICE_URL: 'https://api.service.example', FLOW_FRAME_ANCESTORS: 'https://bank.example' };
    assert.equal(frameAncestorsFrom(deployed), 'https://bank.example');
    assert.equal(frameAncestorsFrom({ SERVICE_URL: 'https://api.service.example' }), '');
  });

  it('frame-ancestors takes http(s) origins only: a wildcard, a bare scheme, a keyword or another directive stops the build, named', () => {
    const deployed = { SERVICE_URL: 'https://api.service.example' };
    // Each would open the flow page, and its token, to framing by any page (or rewrite the policy): never written.
    for (const value of ['*', 'https:', 'https://*.bank.example', "'unsafe-inline'", 'https://bank.example;script-src', 'bank.example', 'javascript:x']) {
      assert.throws(() => frameAncestorsFrom({ ...deployed, FLOW_FRAME_ANCESTORS: value }), (e: Error) => e.message.startsWith('FLOW_FRAME_ANCESTORS') && e.message.includes(JSON.stringify(value)), value);
    }
    assert.throws(() => frameAncestorsFrom({ SANDBOX_ALLOWED_ORIGINS: '*' }), /SANDBOX_ALLOWED_ORIGINS/);
    // The sandbox's own list, the same check: a wildcard or a host without its scheme would match no page (origins
    // compare exactly), so the sandbox refuses to start, naming the variable, rather than start and refuse every frame.
    for (const value of ['*', 'localhost:3000', 'https://*.bank.example', 'https:']) {
      assert.throws(() => allowedOriginsFrom({ SANDBOX_ALLOWED_ORIGINS: `http://localhost:3000,${value}` }), (e: Error) => e.message.startsWith('SANDBOX_ALLOWED_ORIGINS') && e.message.includes(JSON.stringify(value)), value);
    }
    assert.throws(() => allowedOriginsFrom({ PARTNER_URL: 'partner.example' }), /^Error: PARTNER_URL/);
    assert.deepEqual(allowedOriginsFrom({ SANDBOX_ALLOWED_ORIGINS: ' HTTP://App.Partner.example:80/x , ' }), ['http://localhost:5174', 'http://app.partner.example']);
    // An origin as written otherwise (case, default port, a path): the origin itself.
    assert.equal(frameAncestorsFrom({ ...deployed, FLOW_FRAME_ANCESTORS: 'https://Bank.example:443/app, http://[::1]:5174' }), 'https://bank.example http://[::1]:5174');
  });

  it('npm start passes the union to every process', () => {
    const saved = process.env.SANDBOX_ALLOWED_ORIGINS;
    process.env.SANDBOX_ALLOWED_ORIGINS = 'http://localhost:3000';
    try {
      const t = topology({ PARTNER_PORT: '5999' });
      assert.equal(topologyEnv(t, 'sandbox_app_x').SANDBOX_ALLOWED_ORIGINS, 'http://localhost:5999,http://localhost:3000');
    } finally {
      if (saved === undefined) delete process.env.SANDBOX_ALLOWED_ORIGINS;
      else process.env.SANDBOX_ALLOWED_ORIGINS = saved;
    }
  });

  it('the sandbox answers CORS for both and puts both in the flow session', async () => {
    const allowedOrigins = allowedOriginsFrom({ PARTNER_PORT: '5174', SANDBOX_ALLOWED_ORIGINS: 'http://localhost:3000' });
    const sb = createSandbox({ allowedOrigins, rateLimits: false, appToken: 'sandbox_app_test_0123456789abcdef' });
    try {
      for (const origin of ['http://localhost:5174', 'http://localhost:3000']) {
        const res = await sb.app.request('/v1/account', { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' } });
        assert.equal(res.headers.get('access-control-allow-origin'), origin, origin);
      }
      const other = await sb.app.request('/v1/account', { method: 'OPTIONS', headers: { origin: 'http://127.0.0.1:3000', 'access-control-request-method': 'GET' } });
      assert.notEqual(other.headers.get('access-control-allow-origin'), 'http://127.0.0.1:3000');
      const auth = { authorization: `Bearer ${sb.config.appToken}`, 'content-type': 'application/json' };
      const created = await sb.app.request('/v1/app/accounts', { method: 'POST', headers: auth, body: JSON.stringify({ email: 'own-app@example.com' }) });
      const { uuid } = (await created.json()) as { uuid: string };
      const link = await sb.app.request(`/v1/app/accounts/${uuid}/flow-login`, { method: 'POST', headers: auth, body: JSON.stringify({ scope: 'enrollment', behavior: 'embedded' }) });
      const { login_link } = (await link.json()) as { login_link: string };
      const flowToken = new URL(login_link).searchParams.get('token')!;
      const session = (await (await sb.app.request('/v1/account/flow', { headers: { authorization: `Bearer ${flowToken}` } })).json()) as { allowed_parent_origins: string[] };
      assert.deepEqual(session.allowed_parent_origins, allowedOrigins);
    } finally {
      sb.close();
    }
  });
});

describe('the sandbox App token', () => {
  it('is made once, kept owner-only in the file and the same at every start', () => {
    const file = join(tmp, 'a', '.sandbox', 'app-token');
    const first = sandboxAppToken({}, file);
    assert.equal(first.source, 'new');
    assert.match(first.token, /^sandbox_app_[0-9a-f]{32}$/);
    assert.equal(readFileSync(file, 'utf8').trim(), first.token);
    assert.equal(statSync(file).mode & 0o077, 0);
    const again = sandboxAppToken({}, file);
    assert.deepEqual([again.token, again.source], [first.token, 'file']);
  });

  it('SANDBOX_APP_TOKEN wins and leaves the file alone; an unusable file is replaced', () => {
    const file = join(tmp, 'b', 'app-token');
    const fromEnv = sandboxAppToken({ SANDBOX_APP_TOKEN: ' sandbox_app_mine_0123456789 ' }, file);
    assert.deepEqual([fromEnv.token, fromEnv.source], ['sandbox_app_mine_0123456789', 'env']);
    assert.throws(() => readFileSync(file));
    const bad = join(tmp, 'c-token');
    writeFileSync(bad, 'not a token\n');
    const made = sandboxAppToken({}, bad);
    assert.equal(made.source, 'new');
    assert.notEqual(made.token, 'not a token');
  });

  it('is never served by the sandbox or the partner demo (the flow\'s dev server: flow-headers.test.ts)', async () => {
    const sb = createSandbox({ rateLimits: false });
    try {
      for (const path of ['/.sandbox/app-token', '/.sandbox/', '/__sandbox/../.sandbox/app-token', '/%2Esandbox/app-token']) {
        const res = await sb.app.request(path);
        const body = await res.text();
        assert.notEqual(res.status, 200, path);
        assert.ok(!body.includes(sb.config.appToken), path);
      }
    } finally {
      sb.close();
    }
    const token = 'sandbox_app_partner_0123456789abcdef';
    const partner = createPartnerApp(loadConfig({ SANDBOX_APP_TOKEN: token }));
    for (const path of ['/.sandbox/app-token', '/.sandbox/', '/public/../.sandbox/app-token', '/%2Esandbox/app-token', '/static/..%2F..%2F.sandbox%2Fapp-token']) {
      const res = await partner.request(path);
      const body = await res.text();
      assert.notEqual(res.status, 200, `partner ${path}`);
      assert.ok(!body.includes(token), `partner ${path}`);
    }
  });
});
