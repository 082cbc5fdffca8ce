/**
 * Connecting a battery: makers, an authorization answered on the emulated maker's page (fetched and submitted as a
 * browser would: its form, its hidden fields, the button pressed), by popup or by redirect, a refusal, a popup
 * closed without an answer, expiry, the devices, and the connect-battery flow token's reach.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BATTERY_AUTHORIZATION_TTL_MS } from '../state/battery.js';
import { authorizePage, missingPage, resultPage } from '../battery/page.js';
import { assertError, Harness } from './support/harness.js';
import type { BatteryAuthorization } from '../../../src/api/types.js';

const FLOW_ORIGIN = 'http://localhost:5173';
const PARTNER_ORIGIN = 'http://localhost:5174';

interface Page {
  status: number;
  html: string;
  headers: Headers;
}

/** The maker's page, as the browser opens authorization_url (no token, no Origin). */
async function open(h: Harness, url: string): Promise<Page> {
  const u = new URL(url);
  const res = await h.sb.app.request(`${u.pathname}${u.search}`);
  return { status: res.status, html: await res.text(), headers: res.headers };
}

/** Submits the page's form with one of its buttons, as a browser does: urlencoded hidden fields plus the button. */
async function press(h: Harness, page: Page, pageUrl: string, decision: 'allow' | 'deny'): Promise<Response> {
  const action = /<form method="post" action="([^"]+)"/.exec(page.html)?.[1];
  assert.ok(action, 'the page has a form');
  const button = new RegExp(`<button type="submit" name="decision" value="${decision}"`).test(page.html);
  assert.ok(button, `the page has a ${decision} button`);
  const form = new URLSearchParams();
  for (const [, name, value] of page.html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) form.set(name!, value!.replace(/&#(\d+);/g, (_m, n: string) => String.fromCharCode(Number(n))));
  form.set('decision', decision);
  const target = new URL(action.replace(/&#(\d+);/g, (_m, n: string) => String.fromCharCode(Number(n))), pageUrl);
  return h.sb.app.request(target.pathname, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
}

async function flowToken(h: Harness, uuid: string, scope: string): Promise<string> {
  const res = await h.app('POST', `/v1/app/accounts/${uuid}/flow-login`, { scope });
  assert.equal(res.status, 201);
  return new URL(res.body.login_link).searchParams.get('token')!;
}

describe('battery makers and authorizations', () => {
  let h: Harness;
  let uuid: string;
  let token: string;
  let acct: ReturnType<Harness['as']>;

  before(async () => {
    h = new Harness();
    const created = await h.createAccount();
    uuid = created.uuid;
    token = await flowToken(h, uuid, 'connect-battery');
    acct = h.as(token);
  });
  after(() => h.close());

  it('lists the makers with ids, names and models', async () => {
    const res = await acct('GET', '/v1/account/battery/makers');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.map((m: { id: string }) => m.id), ['tesla', 'enphase', 'generac', 'franklinwh']);
    assert.ok(res.body.every((m: { name: string; models: string[] }) => m.name && m.models.length === 1));
  });

  it('starts a pending authorization once per Idempotency-Key; its URL carries a ticket, never the token', async () => {
    const headers = { 'idempotency-key': 'battery-1' };
    const first = await acct('POST', '/v1/account/battery/authorizations', { maker: 'tesla' }, { headers });
    assert.equal(first.status, 201, JSON.stringify(first.body));
    const auth = first.body as BatteryAuthorization;
    assert.equal(auth.status, 'pending');
    assert.equal(auth.reason, null);
    assert.equal(auth.return_url, null);
    assert.equal(Date.parse(auth.expires_at) - Date.parse(auth.created_at), BATTERY_AUTHORIZATION_TTL_MS);
    const url = new URL(auth.authorization_url);
    assert.equal(url.pathname, `/__sandbox/battery/authorize/${auth.id}`);
    assert.ok(url.searchParams.get('ticket')!.length >= 32);
    assert.ok(!auth.authorization_url.includes(token));
    const replay = await acct('POST', '/v1/account/battery/authorizations', { maker: 'tesla' }, { headers });
    assert.equal(replay.status, 201);
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.equal(replay.body.id, auth.id);
    assert.equal(h.sb.store.batteryAuthorizations.size, 1);
    assert.deepEqual((await acct('GET', `/v1/account/battery/authorizations/${auth.id}`)).body, auth);
  });

  it('refuses bad input with a 400 naming the field, and a return_url off the flow\'s and the App\'s origins with a 422', async () => {
    assertError(await acct('POST', '/v1/account/battery/authorizations', {}), 400, 'invalid_request', ['maker']);
    assertError(await acct('POST', '/v1/account/battery/authorizations', { maker: 'acme' }), 400, 'invalid_request', ['maker']);
    assertError(await acct('POST', '/v1/account/battery/authorizations', { maker: 'tesla', return_url: 'javascript:alert(1)' }), 400, 'invalid_request', ['return_url']);
    assertError(await acct('POST', '/v1/account/battery/authorizations', { maker: 'tesla', return_url: 'https://evil.example/cb' }), 422, 'unprocessable', ['return_url']);
    assertError(await acct('GET', '/v1/account/battery/authorizations/00000000-0000-4000-8000-000000000000'), 404, 'not_found');
    assertError(await acct('GET', '/v1/account/battery/authorizations/not-an-id'), 404, 'not_found');
  });

  it('serves an accessible, CSP-safe maker page that cannot be framed and shows no token, in English or Spanish', async () => {
    const auth = (await acct('POST', '/v1/account/battery/authorizations', { maker: 'enphase' })).body as BatteryAuthorization;
    const page = await open(h, auth.authorization_url);
    assert.equal(page.status, 200);
    assert.match(page.html, /<html lang="en">/);
    assert.match(page.html, /<h1 id="heading">Allow Sandbox Partner to connect to your Enphase battery\?<\/h1>/);
    assert.match(page.html, /<form [^>]*aria-labelledby="heading">/);
    assert.match(page.html, />Allow<\/button>/);
    assert.match(page.html, />Deny<\/button>/);
    assert.doesNotMatch(page.html, /<script(?![^>]*\bsrc=)/, 'no inline script');
    assert.doesNotMatch(page.html, /style=/, 'no inline style');
    assert.ok(!page.html.includes(token));
    const csp = page.headers.get('content-security-policy')!;
    assert.match(csp, /frame-ancestors 'none'/);
    assert.match(csp, /script-src 'self'/);
    assert.doesNotMatch(csp, /unsafe-inline/);
    assert.equal(page.headers.get('referrer-policy'), 'no-referrer');
    const css = await h.sb.app.request('/__sandbox/battery/assets/authorize.css');
    assert.equal(css.status, 200);
    const es = await open(h, `${auth.authorization_url}&locale=es`);
    assert.match(es.html, /<html lang="es">/);
    assert.match(es.html, />Permitir<\/button>/);
    assert.match(es.html, />Denegar<\/button>/);
  });

  it('speaks Spanish as the flow does, with "usted" (never "tú"), on every page of the maker: consent, outcome, way back, unknown', () => {
    const base = { authorizationId: 'a1', locale: 'es' as const, makerName: 'Tesla' };
    const pages = [
      authorizePage({ ...base, ticket: 't', appName: 'Banco' }),
      ...(['approved', 'denied', 'expired'] as const).flatMap((status) => [
        resultPage({ ...base, status, notifyOrigins: [FLOW_ORIGIN] }),
        resultPage({ ...base, status, notifyOrigins: [FLOW_ORIGIN], back: { url: `${FLOW_ORIGIN}/`, appName: 'Banco' } }),
      ]),
      missingPage('es'),
    ];
    const informal = /\b(tu|tus|tú|te|puedes|vuelve|empieza|conecta|permite|elige)\b/i;
    const said = pages.map((p) => p.replace(/<[^>]+>/g, ' ')).flatMap((t) => t.split(/(?<=[.?!])\s+|\n/)).filter((t) => informal.test(t));
    assert.deepEqual(said, []);
  });

  // A popup's result page closes itself only when it has an opener to tell (done.js): opened without one (a React
  // Native WebView hands window.open to the system browser, docs/integration.md) it stays, so it never promises that.
  // ARIA in HTML allows a heading no role but none, presentation, tab or doc-subtitle: role="status" on the h1 took its
  // heading away (no heading to jump to, an axe aria-allowed-role violation), and a live region that is there when the
  // page loads is not announced anyway. The outcome is said on load by the page's title, which screen readers read.
  it('an answered or expired page keeps its outcome a heading (no role on the h1) and names the outcome in its title', () => {
    const outcomes = { en: ['Battery connected', 'Connection declined', 'This request has expired'], es: ['Batería conectada', 'Conexión rechazada', 'Esta solicitud venció'] };
    for (const locale of ['en', 'es'] as const) {
      (['approved', 'denied', 'expired'] as const).forEach((status, i) => {
        for (const back of [undefined, { url: `${FLOW_ORIGIN}/?battery_authorization=a1`, appName: 'Sandbox Partner' }]) {
          const html = resultPage({ authorizationId: 'a1', status, locale, makerName: 'Tesla', notifyOrigins: [FLOW_ORIGIN], ...(back ? { back } : {}) });
          const h1 = /<h1([^>]*)>([^<]*)<\/h1>/.exec(html);
          assert.ok(h1, `${locale} ${status}: a heading`);
          assert.doesNotMatch(h1[1]!, /\brole=/, `${locale} ${status}: the h1 keeps its heading role`);
          assert.equal(h1[2], outcomes[locale][i]);
          assert.match(/<title>([^<]*)<\/title>/.exec(html)![1]!, new RegExp(`^${outcomes[locale][i]}`), `${locale} ${status}: the title says the outcome`);
        }
      });
    }
  });

  it('a popup\'s answered page promises no closing it cannot keep: without an opener it stays open, so it says to go back', () => {
    for (const locale of ['en', 'es'] as const) {
      for (const status of ['approved', 'denied'] as const) {
        const html = resultPage({ authorizationId: 'a1', status, locale, makerName: 'Tesla', notifyOrigins: [FLOW_ORIGIN] });
        assert.doesNotMatch(html, /closes by itself|se cierra sola/, `${locale} ${status}`);
        assert.match(html, locale === 'en' ? /return to the app/ : /volver a la aplicación/, `${locale} ${status}`);
      }
    }
  });

  it('Allow (popup): the page tells its opener on the flow\'s and the App\'s origins only, and the device is connected', async () => {
    const auth = (await acct('POST', '/v1/account/battery/authorizations', { maker: 'tesla' })).body as BatteryAuthorization;
    const page = await open(h, auth.authorization_url);
    const res = await press(h, page, auth.authorization_url, 'allow');
    assert.equal(res.status, 200);
    const html = await res.text();
    assert.match(html, /<h1 class="result-approved">Battery connected<\/h1>/);
    const origins = /data-origins="([^"]*)"/.exec(html)![1]!.split(' ');
    assert.deepEqual(origins.sort(), [FLOW_ORIGIN, PARTNER_ORIGIN].sort());
    assert.ok(!origins.includes('*'));
    const script = await h.sb.app.request('/__sandbox/battery/assets/done.js');
    const js = await script.text();
    assert.match(js, /postMessage\(/);
    assert.doesNotMatch(js, /'\*'\)/, 'never posts to any origin');

    const done = (await acct('GET', `/v1/account/battery/authorizations/${auth.id}`)).body as BatteryAuthorization;
    assert.equal(done.status, 'approved');
    assert.equal(done.reason, null);
    assert.ok(done.completed_at && done.device_id);
    const devices = (await acct('GET', '/v1/account/battery/devices')).body.data;
    assert.equal(devices.length, 1);
    const [device] = devices;
    assert.equal(device.id, done.device_id);
    assert.equal(device.maker, 'tesla');
    assert.equal(device.model, 'Powerwall 3');
    assert.equal(device.capacity_kwh, '13.5');
    assert.match(device.serial_last4, /^\d{4}$/);
    assert.equal(device.status, 'connected');
    assert.ok(device.state_of_charge_percent >= 0 && device.state_of_charge_percent <= 100);

    // A reload shows the answer; pressing Allow again changes nothing; Deny after Allow is refused.
    assert.match((await open(h, auth.authorization_url)).html, /Battery connected/);
    assert.equal((await press(h, page, auth.authorization_url, 'allow')).status, 200);
    const late = await h.call('POST', `/__sandbox/battery/authorize/${auth.id}`, { token: null, body: { ticket: new URL(auth.authorization_url).searchParams.get('ticket'), decision: 'deny' } });
    assertError(late, 422, 'unprocessable', ['decision']);
    assert.equal((await acct('GET', `/v1/account/battery/authorizations/${auth.id}`)).body.status, 'approved');
    // Allowing the same maker again refreshes the one device.
    const again = (await acct('POST', '/v1/account/battery/authorizations', { maker: 'tesla' })).body as BatteryAuthorization;
    await press(h, await open(h, again.authorization_url), again.authorization_url, 'allow');
    const after = (await acct('GET', '/v1/account/battery/devices')).body.data;
    assert.equal(after.length, 1);
    assert.equal(after[0].serial_last4, device.serial_last4);
  });

  it('Deny: the authorization is denied (access_denied) and nothing is connected', async () => {
    const auth = (await acct('POST', '/v1/account/battery/authorizations', { maker: 'generac' })).body as BatteryAuthorization;
    const res = await press(h, await open(h, auth.authorization_url), auth.authorization_url, 'deny');
    assert.equal(res.status, 200);
    assert.match(await res.text(), /Connection declined/);
    const denied = (await acct('GET', `/v1/account/battery/authorizations/${auth.id}`)).body as BatteryAuthorization;
    assert.equal(denied.status, 'denied');
    assert.equal(denied.reason, 'access_denied');
    assert.equal(denied.device_id, null);
    const devices = (await acct('GET', '/v1/account/battery/devices')).body.data as { maker: string }[];
    assert.ok(!devices.some((d) => d.maker === 'generac'));
  });

  it('a wrong ticket or unknown authorization gets the "unknown" page and changes nothing', async () => {
    const auth = (await acct('POST', '/v1/account/battery/authorizations', { maker: 'franklinwh' })).body as BatteryAuthorization;
    const wrong = new URL(auth.authorization_url);
    wrong.searchParams.set('ticket', 'guess');
    assert.equal((await open(h, wrong.toString())).status, 404);
    const posted = await h.sb.app.request(wrong.pathname, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'ticket=guess&decision=allow' });
    assert.equal(posted.status, 404);
    assert.equal((await acct('GET', `/v1/account/battery/authorizations/${auth.id}`)).body.status, 'pending');
  });

  // The page is open (it acts on the one-time ticket of its URL), so anything may be posted to it.
  it('answers 400 naming the body, not 500, to a post whose form is broken or whose JSON is not an object, and changes nothing', async () => {
    const auth = (await acct('POST', '/v1/account/battery/authorizations', { maker: 'tesla' })).body as BatteryAuthorization;
    const post = (contentType: string, body: string) =>
      h.sb.app.request(`/__sandbox/battery/authorize/${auth.id}`, { method: 'POST', headers: { 'content-type': contentType }, body });
    const broken = await post('multipart/form-data; boundary=x', 'decision=allow');
    assert.equal(broken.status, 400, `broken multipart: ${await broken.clone().text()}`);
    assert.deepEqual(((await broken.json()) as { error: { fields: Array<{ field: string; code: string }> } }).error.fields.map((f) => [f.field, f.code]), [['body', 'format']]);
    for (const body of ['null', '[]', '"allow"']) {
      const res = await post('application/json', body);
      assert.equal(res.status, 400, body);
      assert.deepEqual(((await res.json()) as { error: { fields: Array<{ field: string; code: string }> } }).error.fields.map((f) => [f.field, f.code]), [['body', 'type']]);
    }
    assert.equal((await acct('GET', `/v1/account/battery/authorizations/${auth.id}`)).body.status, 'pending');
  });

  it('answers a JSON answer without a ticket, or with one that is not a string, with a 400 naming ticket (not an "unknown" 404)', async () => {
    const auth = (await acct('POST', '/v1/account/battery/authorizations', { maker: 'generac' })).body as BatteryAuthorization;
    const ticket = new URL(auth.authorization_url).searchParams.get('ticket')!;
    const post = (body: unknown) =>
      h.sb.app.request(`/__sandbox/battery/authorize/${auth.id}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const fieldsOf = async (res: Response) => ((await res.json()) as { error: { fields?: Array<{ field: string; code: string }> } }).error.fields?.map((f) => [f.field, f.code]);
    for (const [body, code] of [
      [{ decision: 'allow' }, 'required'],
      [{ ticket: '', decision: 'allow' }, 'required'],
      [{ ticket: 42, decision: 'allow' }, 'type'],
      [{ ticket: [ticket], decision: 'allow' }, 'type'],
    ] as const) {
      const res = await post(body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.deepEqual(await fieldsOf(res), [['ticket', code]], JSON.stringify(body));
    }
    // A well-formed ticket that is not this authorization's stays a 404: nothing says whether the id exists.
    assert.equal((await post({ ticket: 'guess', decision: 'allow' })).status, 404);
    assert.equal((await acct('GET', `/v1/account/battery/authorizations/${auth.id}`)).body.status, 'pending');
  });
});

describe('battery authorization by redirect (WebView, hosted page)', () => {
  it('redirects to the return_url with battery_authorization, keeping its query; the page allows that origin as a form target', async () => {
    const h = new Harness();
    try {
      const { uuid } = await h.createAccount();
      const acct = h.as(await flowToken(h, uuid, 'connect-battery'));
      const returnUrl = `${FLOW_ORIGIN}/battery/return?step=devices`;
      const auth = (await acct('POST', '/v1/account/battery/authorizations', { maker: 'tesla', return_url: returnUrl })).body as BatteryAuthorization;
      assert.equal(auth.return_url, returnUrl);
      const page = await open(h, auth.authorization_url);
      assert.match(page.headers.get('content-security-policy')!, new RegExp(`form-action 'self' ${FLOW_ORIGIN};`));
      const res = await press(h, page, auth.authorization_url, 'deny');
      assert.equal(res.status, 303);
      const location = new URL(res.headers.get('location')!);
      assert.equal(location.origin + location.pathname, `${FLOW_ORIGIN}/battery/return`);
      assert.equal(location.searchParams.get('step'), 'devices');
      assert.equal(location.searchParams.get('battery_authorization'), auth.id);
      assert.ok(!res.headers.get('location')!.includes('ticket'));
      assert.equal((await acct('GET', `/v1/account/battery/authorizations/${auth.id}`)).body.status, 'denied');
      // A partner page of the App may be the return_url too.
      const partner = await acct('POST', '/v1/account/battery/authorizations', { maker: 'tesla', return_url: `${PARTNER_ORIGIN}/done` });
      assert.equal(partner.status, 201);
    } finally {
      h.close();
    }
  });

  /** A redirect authorization as the flow starts one in a WebView, and its maker page (opened before any answer). */
  async function redirectAuthorization(h: Harness) {
    const { uuid } = await h.createAccount();
    const acct = h.as(await flowToken(h, uuid, 'connect-battery'));
    const res = await acct('POST', '/v1/account/battery/authorizations', { maker: 'tesla', return_url: `${FLOW_ORIGIN}/` });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const auth = res.body as BatteryAuthorization;
    return { auth, acct, page: await open(h, auth.authorization_url) };
  }

  it('sends the customer back to return_url even when the answer came after the authorization expired (the flow then offers a new one)', async () => {
    const h = new Harness();
    try {
      const { auth, acct, page } = await redirectAuthorization(h);
      // The customer left the maker's page open past 15 minutes, then pressed Allow. In a WebView the flow's page was
      // replaced by the maker's: a "Return to the app" page would strand the customer with no app to return to.
      h.sb.clock.advance(BATTERY_AUTHORIZATION_TTL_MS + 1_000);
      const res = await press(h, page, auth.authorization_url, 'allow');
      assert.equal(res.status, 303);
      const location = new URL(res.headers.get('location')!);
      assert.equal(location.origin + location.pathname, `${FLOW_ORIGIN}/`);
      assert.equal(location.searchParams.get('battery_authorization'), auth.id);
      assert.equal((await acct('GET', `/v1/account/battery/authorizations/${auth.id}`)).body.status, 'expired');
      // Pressed again (a resubmitted form): back again, the answer unchanged.
      const twice = await press(h, page, auth.authorization_url, 'deny');
      assert.equal(twice.status, 303);
      assert.equal(twice.headers.get('location'), res.headers.get('location'));
    } finally {
      h.close();
    }
  });

  it('shows the maker page opened again after its answer (Back, reload) with the outcome and a link back to the flow, never "this window closes by itself"', async () => {
    const h = new Harness();
    try {
      const { auth, page } = await redirectAuthorization(h);
      assert.equal((await press(h, page, auth.authorization_url, 'deny')).status, 303);
      const again = await open(h, auth.authorization_url);
      assert.equal(again.status, 200);
      assert.doesNotMatch(again.html, /this window closes by itself/, 'a page reached by navigation is no popup: it never closes itself');
      assert.doesNotMatch(again.html, /<script/, 'nothing to tell an opener');
      assert.match(again.html, /<h1 class="result-denied">Connection declined<\/h1>/);
      const link = /<a class="back" href="([^"]+)">Return to ([^<]+)<\/a>/.exec(again.html);
      assert.ok(link, 'a link back to the app');
      const back = new URL(link[1]!.replace(/&amp;/g, '&'));
      assert.equal(back.origin + back.pathname, `${FLOW_ORIGIN}/`);
      assert.equal(back.searchParams.get('battery_authorization'), auth.id);
      assert.equal(link[2], h.sb.store.app.name);
      // Expired meanwhile: 410, still with the way back; in Spanish too.
      h.sb.clock.advance(BATTERY_AUTHORIZATION_TTL_MS + 1_000);
      const { auth: late } = await redirectAuthorization(h);
      h.sb.clock.advance(BATTERY_AUTHORIZATION_TTL_MS + 1_000);
      const expired = await open(h, `${late.authorization_url}&locale=es`);
      assert.equal(expired.status, 410);
      assert.match(expired.html, /Volver a /);
      assert.match(expired.html, new RegExp(`href="${FLOW_ORIGIN}/\\?battery_authorization=${late.id}"`));
    } finally {
      h.close();
    }
  });
});

describe('a popup closed without an answer', () => {
  it('stays pending, then expires (reason expired); the page then refuses an answer; a new authorization can start', async () => {
    const h = new Harness();
    try {
      const { uuid } = await h.createAccount({ locale: 'es' });
      const token = await flowToken(h, uuid, 'connect-battery');
      const acct = h.as(token);
      const auth = (await acct('POST', '/v1/account/battery/authorizations', { maker: 'enphase' })).body as BatteryAuthorization;
      assert.equal(new URL(auth.authorization_url).searchParams.get('locale'), 'es');
      const page = await open(h, auth.authorization_url);
      assert.match(page.html, /<html lang="es">/);
      // The customer closes the popup: nothing is sent, nothing changes.
      h.sb.clock.advance(BATTERY_AUTHORIZATION_TTL_MS - 1_000);
      assert.equal((await acct('GET', `/v1/account/battery/authorizations/${auth.id}`)).body.status, 'pending');
      h.sb.clock.advance(1_000);
      const expired = (await acct('GET', `/v1/account/battery/authorizations/${auth.id}`)).body as BatteryAuthorization;
      assert.equal(expired.status, 'expired');
      assert.equal(expired.reason, 'expired');
      const reopened = await open(h, auth.authorization_url);
      assert.equal(reopened.status, 410);
      assert.match(reopened.html, /Esta solicitud venció/);
      const late = await press(h, page, auth.authorization_url, 'allow');
      assert.equal(late.status, 410);
      assert.equal((await acct('GET', `/v1/account/battery/authorizations/${auth.id}`)).body.status, 'expired');
      assert.equal((await acct('GET', '/v1/account/battery/devices')).body.data.length, 0);
      assert.equal((await acct('POST', '/v1/account/battery/authorizations', { maker: 'enphase' })).status, 201);
    } finally {
      h.close();
    }
  });
});

describe('the connect-battery flow token', () => {
  it('reaches the battery endpoints and not the others; other scopes do not reach battery', async () => {
    const h = new Harness();
    try {
      const { uuid, token: accountToken } = await h.createAccount();
      const battery = h.as(await flowToken(h, uuid, 'connect-battery'));
      assert.equal((await battery('GET', '/v1/account/battery/makers')).status, 200);
      assert.equal((await battery('GET', '/v1/account/battery/devices')).status, 200);
      const auth = await battery('POST', '/v1/account/battery/authorizations', { maker: 'tesla' });
      assert.equal(auth.status, 201);
      assert.equal((await battery('GET', `/v1/account/battery/authorizations/${auth.body.id}`)).status, 200);
      assertError(await battery('GET', '/v1/account/billing/invoices'), 403, 'forbidden');
      assertError(await battery('POST', '/v1/account/enroll/plans/request', {}), 403, 'forbidden');
      const renewal = h.as(await flowToken(h, uuid, 'renewal'));
      assertError(await renewal('GET', '/v1/account/battery/makers'), 403, 'forbidden');
      // Another account never sees this one's authorization.
      const other = await h.createAccount();
      assertError(await h.as(other.token)('GET', `/v1/account/battery/authorizations/${auth.body.id}`), 404, 'not_found');
      assert.equal((await h.as(accountToken)('GET', `/v1/account/battery/authorizations/${auth.body.id}`)).status, 200);
    } finally {
      h.close();
    }
  });
});
