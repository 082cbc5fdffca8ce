/**
 * The card processor emulator: every test card's outcome, card validation, setup intent state transitions and
 * 3-D Secure, then the HTTP routes the Stripe.js emulator calls (over app.request, mounted like the core mounts them).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import vm from 'node:vm';
import { Hono } from 'hono';
import { Processor, type CardInput } from '../processor/processor.js';
import { TEST_CARDS } from '../processor/cards.js';
import { processorRoutes } from '../processor/routes.js';
import { bundleEmulator } from '../processor/bundle.js';
import { challengePage, missingChallengePage, resultPage } from '../processor/challenge.js';
import { cardBrand, luhnValid } from '../processor/emulator/card-rules.js';

const KEY = 'pk_test_sandbox_processor_key';
const NOW = new Date('2030-06-15T12:00:00Z');

function processor(now = NOW): Processor {
  return new Processor({ publicKey: KEY, now: () => now });
}

function card(number: string, overrides: Partial<CardInput> = {}): CardInput {
  const amex = cardBrand(number.replace(/\D/g, '')) === 'amex';
  return { number, exp_month: 12, exp_year: 34, cvc: amex ? '1234' : '123', postal_code: '77002', ...overrides };
}

function errorOf(result: ReturnType<Processor['confirmSetupIntent']>) {
  assert.equal(result.ok, false, 'expected the confirmation to fail');
  if (result.ok) throw new Error('unreachable');
  return result;
}

describe('test cards', () => {
  it('every listed number passes Luhn and is detected as its brand', () => {
    for (const entry of TEST_CARDS) {
      assert.ok(luhnValid(entry.number), `${entry.number} should pass the Luhn check`);
      assert.equal(cardBrand(entry.number), entry.brand, `${entry.number} should be detected as ${entry.brand}`);
    }
  });

  for (const entry of TEST_CARDS.filter((c) => c.outcome.kind === 'succeed')) {
    it(`${entry.number} (${entry.description}) sets up a ${entry.brand} card`, () => {
      const p = processor();
      const { id, client_secret } = p.createSetupIntent('acct-1');
      const result = p.confirmSetupIntent(client_secret, card(entry.number));
      assert.ok(result.ok, `confirm should succeed: ${JSON.stringify(result)}`);
      assert.equal(result.setupIntent.status, 'succeeded');
      const pm = p.getPaymentMethod(result.setupIntent.payment_method!);
      assert.ok(pm, 'the payment method is known to the processor');
      assert.match(pm.id, /^pm_[A-Za-z0-9]{24}$/);
      assert.deepEqual(pm.card, {
        brand: entry.brand,
        last4: entry.number.slice(-4),
        exp_month: 12,
        exp_year: 2034,
        funding: entry.funding,
      });
      assert.deepEqual(pm.billing_details, { postal_code: '77002' });
      assert.equal(pm.setup_intent_id, id);
      assert.equal(pm.customer_ref, 'acct-1');
      assert.equal(pm.status, 'succeeded');
    });
  }

  const declines: Array<[string, string, string | undefined]> = [
    ['4000 0000 0000 0002', 'card_declined', 'generic_decline'],
    ['4000 0000 0000 9995', 'card_declined', 'insufficient_funds'],
    ['4000 0000 0000 9987', 'card_declined', 'lost_card'],
    ['4000 0000 0000 9979', 'card_declined', 'stolen_card'],
    ['4000 0000 0000 0069', 'expired_card', undefined],
    ['4000 0000 0000 0127', 'incorrect_cvc', undefined],
    ['4000 0000 0000 0119', 'processing_error', undefined],
    // A Luhn-valid number that is not a test card is a "live" card, which test mode declines.
    ['4111 1111 1111 1111', 'card_declined', 'test_mode_live_card'],
  ];
  for (const [number, code, declineCode] of declines) {
    it(`${number} is declined with ${code}${declineCode ? `/${declineCode}` : ''} and the intent can be retried`, () => {
      const p = processor();
      const { id, client_secret } = p.createSetupIntent('acct-1');
      const failed = errorOf(p.confirmSetupIntent(client_secret, card(number)));
      assert.equal(failed.status, 402);
      assert.equal(failed.error.type, 'card_error');
      assert.equal(failed.error.code, code);
      assert.equal(failed.error.decline_code, declineCode);
      assert.ok(failed.error.message.length > 0);
      const intent = p.getSetupIntent(id)!;
      assert.equal(intent.status, 'requires_payment_method');
      assert.deepEqual(intent.last_setup_error, failed.error);
      assert.equal(intent.payment_method, null);

      const retried = p.confirmSetupIntent(client_secret, card('4242424242424242'));
      assert.ok(retried.ok && retried.setupIntent.status === 'succeeded', 'the same client secret works with a good card');
      assert.equal(p.getSetupIntent(id)!.last_setup_error, null);
    });
  }
});

describe('card validation', () => {
  const cases: Array<[string, CardInput, number, string, string | undefined]> = [
    ['a number failing Luhn', card('4242424242424241'), 402, 'incorrect_number', 'card[number]'],
    ['a short number', card('4242 4242'), 402, 'invalid_number', 'card[number]'],
    ['a missing number', card('', { number: undefined }), 402, 'invalid_number', 'card[number]'],
    ['month 13', card('4242424242424242', { exp_month: 13 }), 402, 'invalid_expiry_month', 'card[exp_month]'],
    ['last month of this year', card('4242424242424242', { exp_month: 5, exp_year: 30 }), 402, 'invalid_expiry_month', 'card[exp_month]'],
    ['last year', card('4242424242424242', { exp_month: 12, exp_year: 2029 }), 402, 'invalid_expiry_year', 'card[exp_year]'],
    ['a year 60 years out', card('4242424242424242', { exp_year: 2090 }), 402, 'invalid_expiry_year', 'card[exp_year]'],
    ['a 2-digit CVC', card('4242424242424242', { cvc: '12' }), 402, 'invalid_cvc', 'card[cvc]'],
    ['a 4-digit CVC on a visa', card('4242424242424242', { cvc: '1234' }), 402, 'invalid_cvc', 'card[cvc]'],
    ['a 3-digit CVC on an amex', card('378282246310005', { cvc: '123' }), 402, 'invalid_cvc', 'card[cvc]'],
    ['a 4-digit ZIP', card('4242424242424242', { postal_code: '7700' }), 400, 'postal_code_invalid', 'billing_details[address][postal_code]'],
    ['a ZIP with letters', card('4242424242424242', { postal_code: '7700A' }), 400, 'postal_code_invalid', 'billing_details[address][postal_code]'],
  ];
  for (const [label, input, status, code, param] of cases) {
    it(`rejects ${label} (${code}) without touching the intent`, () => {
      const p = processor();
      const { id, client_secret } = p.createSetupIntent('acct-1');
      const failed = errorOf(p.confirmSetupIntent(client_secret, input));
      assert.equal(failed.status, status);
      assert.equal(failed.error.code, code);
      assert.equal(failed.error.param, param);
      const intent = p.getSetupIntent(id)!;
      assert.equal(intent.status, 'requires_payment_method');
      assert.equal(intent.last_setup_error, null, 'malformed data is not a decline');
    });
  }

  it('accepts a card expiring this very month (valid through its last day)', () => {
    const p = processor();
    const { client_secret } = p.createSetupIntent('acct-1');
    const result = p.confirmSetupIntent(client_secret, card('4242424242424242', { exp_month: 6, exp_year: 30 }));
    assert.ok(result.ok, JSON.stringify(result));
  });

  it('judges expiry by the injected clock', () => {
    const later = processor(new Date('2034-12-31T23:00:00Z'));
    const { client_secret } = later.createSetupIntent('acct-1');
    assert.ok(later.confirmSetupIntent(client_secret, card('4242424242424242', { exp_month: 12, exp_year: 34 })).ok);
    const muchLater = processor(new Date('2035-01-01T12:00:00Z'));
    const second = muchLater.createSetupIntent('acct-1');
    const failed = errorOf(muchLater.confirmSetupIntent(second.client_secret, card('4242424242424242', { exp_month: 12, exp_year: 34 })));
    assert.equal(failed.error.code, 'invalid_expiry_year');
  });
});

describe('setup intents', () => {
  it('issues seti_ ids with a seti_…_secret_… client secret, starting in requires_payment_method', () => {
    const p = processor();
    const { id, client_secret } = p.createSetupIntent('acct-9');
    assert.match(id, /^seti_[A-Za-z0-9]{24}$/);
    assert.match(client_secret, new RegExp(`^${id}_secret_[A-Za-z0-9]+$`));
    const intent = p.getSetupIntent(id)!;
    assert.equal(intent.status, 'requires_payment_method');
    assert.equal(intent.customer_ref, 'acct-9');
    assert.equal(intent.created, Math.floor(NOW.getTime() / 1000));
  });

  it('refuses an unknown or altered client secret', () => {
    const p = processor();
    const { client_secret } = p.createSetupIntent('acct-1');
    assert.equal(errorOf(p.confirmSetupIntent(`${client_secret}x`, card('4242424242424242'))).status, 404);
    assert.equal(errorOf(p.confirmSetupIntent('seti_nope_secret_nope', card('4242424242424242'))).status, 404);
    assert.equal(errorOf(p.confirmSetupIntent(undefined, card('4242424242424242'))).status, 404);
  });

  it('refuses to confirm an intent that already succeeded', () => {
    const p = processor();
    const { client_secret } = p.createSetupIntent('acct-1');
    assert.ok(p.confirmSetupIntent(client_secret, card('4242424242424242')).ok);
    const again = errorOf(p.confirmSetupIntent(client_secret, card('5555555555554444')));
    assert.equal(again.status, 400);
    assert.equal(again.error.code, 'setup_intent_unexpected_state');
    assert.equal(p.paymentMethodsOf('acct-1').length, 1, 'no second payment method was created');
  });

  it('hands out copies, so callers cannot change its state', () => {
    const p = processor();
    const { id } = p.createSetupIntent('acct-1');
    p.getSetupIntent(id)!.status = 'succeeded';
    assert.equal(p.getSetupIntent(id)!.status, 'requires_payment_method');
  });
});

describe('3-D Secure', () => {
  function pending() {
    const p = processor();
    const { id, client_secret } = p.createSetupIntent('acct-1');
    const result = p.confirmSetupIntent(client_secret, card('4000 0025 0000 3155'));
    assert.ok(result.ok);
    assert.equal(result.setupIntent.status, 'requires_action');
    const token = result.setupIntent.next_action?.use_stripe_sdk.challenge_token;
    assert.ok(token, 'a challenge token is issued');
    const pmId = result.setupIntent.payment_method!;
    assert.equal(p.getPaymentMethod(pmId)!.status, 'requires_action');
    return { p, id, client_secret, token, pmId };
  }

  it('completing the challenge makes the intent and its card succeed', () => {
    const { p, id, token, pmId } = pending();
    const done = p.authenticate(id, token, 'complete');
    assert.ok(done.ok);
    assert.equal(done.setupIntent.status, 'succeeded');
    assert.equal(done.setupIntent.next_action, null);
    assert.equal(done.setupIntent.payment_method, pmId);
    assert.equal(p.getPaymentMethod(pmId)!.status, 'succeeded');
    assert.ok(p.authenticate(id, token, 'complete').ok, 'answering the same way twice is harmless');
    assert.equal(errorOf(p.authenticate(id, token, 'fail')).status, 400, 'a different second answer is refused');
  });

  it('failing the challenge returns the intent to requires_payment_method with the authentication error', () => {
    const { p, id, client_secret, token, pmId } = pending();
    const done = p.authenticate(id, token, 'fail');
    assert.ok(done.ok);
    assert.equal(done.setupIntent.status, 'requires_payment_method');
    assert.equal(done.setupIntent.payment_method, null);
    assert.equal(done.setupIntent.last_setup_error?.code, 'setup_intent_authentication_failure');
    assert.equal(p.getPaymentMethod(pmId)!.status, 'failed');
    assert.ok(p.confirmSetupIntent(client_secret, card('4242424242424242')).ok, 'another card can be tried');
  });

  it('rejects a wrong challenge token, and confirming again abandons the pending challenge', () => {
    const { p, id, client_secret, token, pmId } = pending();
    assert.equal(errorOf(p.authenticate(id, 'not-the-token', 'complete')).status, 404);
    assert.ok(p.confirmSetupIntent(client_secret, card('4242424242424242')).ok);
    assert.equal(p.challengeMatches(id, token), false);
    assert.equal(errorOf(p.authenticate(id, token, 'complete')).status, 404);
    assert.equal(p.getPaymentMethod(pmId)!.status, 'failed');
  });

  it('speaks Spanish as the flow does, with "usted" (never "tú"), on the challenge, its outcomes and the unknown page', () => {
    const base = { setupIntentId: 'seti_1', locale: 'es' as const, parentOrigin: 'http://localhost:5173' };
    const pages = [
      challengePage({ ...base, token: 't' }),
      resultPage({ ...base, outcome: 'complete' }),
      resultPage({ ...base, outcome: 'fail' }),
      missingChallengePage('es'),
    ];
    const informal = /\b(tu|tus|tú|te|puedes|autentica|vuelve|completa|elige)\b/i;
    const said = pages.map((p) => p.replace(/<[^>]+>/g, ' ')).flatMap((t) => t.split(/(?<=[.?!;])\s+|\n/)).filter((t) => informal.test(t));
    assert.deepEqual(said, []);
  });
});

describe('processor routes', () => {
  function setup(opts: { sandboxUrl?: string } = {}) {
    const p = processor();
    const app = new Hono();
    app.route('/__sandbox', processorRoutes(p, opts));
    const auth = { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' };
    const confirm = (id: string, body: unknown, headers: Record<string, string> = auth) =>
      app.request(`/__sandbox/processor/setup_intents/${id}/confirm`, { method: 'POST', headers, body: JSON.stringify(body) });
    const cardBody = (client_secret: string, number: string) => ({
      client_secret,
      payment_method_data: {
        type: 'card',
        card: { number, exp_month: 12, exp_year: 34, cvc: '123' },
        billing_details: { address: { postal_code: '77002' } },
      },
    });
    return { p, app, auth, confirm, cardBody };
  }

  it('serves the Stripe.js emulator as one parseable classic script, open to any origin', async () => {
    const { app } = setup();
    const res = await app.request('/__sandbox/stripe.js');
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^application\/javascript/);
    assert.equal(res.headers.get('access-control-allow-origin'), '*');
    const source = await res.text();
    assert.doesNotThrow(() => new vm.Script(source), 'the bundle parses');
    assert.doesNotMatch(source, /^\s*(import|export)\s/m, 'no module syntax is left in the classic script');
  });

  it('the served script installs window.Stripe with version endive, reading its origin from currentScript', async () => {
    const { app } = setup();
    const source = await (await app.request('/__sandbox/stripe.js')).text();
    const window: Record<string, unknown> = {};
    const document = { currentScript: { src: 'http://localhost:4010/__sandbox/stripe.js' }, querySelector: () => null };
    vm.runInNewContext(source, { window, document, URL, fetch, setTimeout });
    const Stripe = window.Stripe as ((key: string) => Record<string, unknown>) & { version: string };
    assert.equal(typeof Stripe, 'function');
    assert.equal(Stripe.version, 'endive');
    const stripe = Stripe(KEY);
    for (const method of ['elements', 'confirmSetup', 'retrieveSetupIntent']) assert.equal(typeof stripe[method], 'function', method);
    assert.throws(() => Stripe('sk_test_secret'), /publishable key/);
  });

  it('bundles every emulator file and refuses module syntax it cannot inline', () => {
    assert.throws(() => bundleEmulator(() => "import x from 'somewhere';\n"), /cannot inline/);
    assert.match(bundleEmulator(), /---- payment-element\.js ----/);
  });

  it('requires the publishable key', async () => {
    const { p, confirm, cardBody } = setup();
    const { id, client_secret } = p.createSetupIntent('acct-1');
    const missing = await confirm(id, cardBody(client_secret, '4242424242424242'), { 'Content-Type': 'application/json' });
    assert.equal(missing.status, 401);
    const wrong = await confirm(id, cardBody(client_secret, '4242424242424242'), { Authorization: 'Bearer pk_test_someone_elses_key' });
    assert.equal(wrong.status, 401);
    const body = (await wrong.json()) as { error: { type: string; code: string; message: string } };
    assert.equal(body.error.code, 'api_key_invalid');
    assert.doesNotMatch(body.error.message, /someone_elses/, 'the rejected key is masked');
    assert.equal(p.getSetupIntent(id)!.status, 'requires_payment_method');
  });

  it('confirms a card and retrieves the intent in its client view (no customer reference)', async () => {
    const { p, app, auth, confirm, cardBody } = setup();
    const { id, client_secret } = p.createSetupIntent('acct-1');
    const res = await confirm(id, cardBody(client_secret, '4242 4242 4242 4242'));
    assert.equal(res.status, 200);
    const intent = (await res.json()) as Record<string, unknown>;
    assert.equal(intent.status, 'succeeded');
    assert.equal(intent.customer_ref, undefined);
    assert.ok(p.getPaymentMethod(intent.payment_method as string));

    const read = await app.request(`/__sandbox/processor/setup_intents/${id}?client_secret=${client_secret}`, { headers: auth });
    assert.equal(read.status, 200);
    assert.equal(((await read.json()) as { status: string }).status, 'succeeded');
    const wrongSecret = await app.request(`/__sandbox/processor/setup_intents/${id}?client_secret=${client_secret}0`, { headers: auth });
    assert.equal(wrongSecret.status, 404);
  });

  it('answers a decline with 402, the Stripe error and the intent', async () => {
    const { p, confirm, cardBody } = setup();
    const { id, client_secret } = p.createSetupIntent('acct-1');
    const res = await confirm(id, cardBody(client_secret, '4000000000000002'));
    assert.equal(res.status, 402);
    const { error } = (await res.json()) as { error: { code: string; decline_code: string; setup_intent: { status: string } } };
    assert.equal(error.code, 'card_declined');
    assert.equal(error.decline_code, 'generic_decline');
    assert.equal(error.setup_intent.status, 'requires_payment_method');
  });

  it('rejects a body without card data and a secret for another intent', async () => {
    const { p, confirm, cardBody } = setup();
    const a = p.createSetupIntent('acct-1');
    const b = p.createSetupIntent('acct-2');
    assert.equal((await confirm(a.id, { client_secret: a.client_secret })).status, 400);
    assert.equal((await confirm(a.id, cardBody(b.client_secret, '4242424242424242'))).status, 404);
    assert.equal(p.getSetupIntent(b.id)!.status, 'requires_payment_method');
  });

  it('allows CORS from localhost origins only', async () => {
    const { app } = setup();
    const preflight = (origin: string) =>
      app.request('/__sandbox/processor/setup_intents/seti_x/confirm', {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type' },
      });
    const local = await preflight('http://localhost:5173');
    assert.equal(local.headers.get('access-control-allow-origin'), 'http://localhost:5173');
    assert.match(local.headers.get('access-control-allow-headers') ?? '', /Authorization/);
    assert.equal((await preflight('http://127.0.0.1:5174')).headers.get('access-control-allow-origin'), 'http://127.0.0.1:5174');
    assert.equal((await preflight('https://evil.example')).headers.get('access-control-allow-origin'), null);
  });

  it('runs 3-D Secure through the challenge page: URL, accessible form, answer, settled intent', async () => {
    const { p, app, auth, confirm, cardBody } = setup();
    const { id, client_secret } = p.createSetupIntent('acct-1');
    const res = await confirm(id, cardBody(client_secret, '4000002500003155'));
    const intent = (await res.json()) as { status: string; next_action: { use_stripe_sdk: { stripe_js: string } } };
    assert.equal(intent.status, 'requires_action');
    const url = new URL(intent.next_action.use_stripe_sdk.stripe_js);
    assert.equal(url.pathname, `/__sandbox/processor/3ds/${id}`);

    const page = await app.request(`${url.pathname}${url.search}&locale=es&parent_origin=http://localhost:5173`);
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-security-policy') ?? '', /frame-ancestors [^;]*http:\/\/localhost:\*/);
    const html = await page.text();
    assert.match(html, /<html lang="es">/);
    assert.match(html, /<button type="submit" name="outcome" value="complete"[^>]*>Completar autenticación<\/button>/);
    assert.match(html, /value="fail"[^>]*>Fallar autenticación</);
    assert.doesNotMatch(html, /<script>|style=/, 'no inline script or style (works under a strict CSP)');

    const form = new URLSearchParams({ challenge: url.searchParams.get('challenge')!, outcome: 'complete', locale: 'en', parent_origin: 'http://localhost:5173' });
    const answered = await app.request(url.pathname, { method: 'POST', body: form, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    assert.equal(answered.status, 200);
    const result = await answered.text();
    assert.match(result, /Authentication complete/);
    assert.match(result, /data-parent-origin="http:\/\/localhost:5173"/);

    const read = await app.request(`/__sandbox/processor/setup_intents/${id}?client_secret=${client_secret}`, { headers: auth });
    assert.equal(((await read.json()) as { status: string }).status, 'succeeded');
    const reload = await app.request(`${url.pathname}${url.search}`);
    assert.match(await reload.text(), /Authentication complete/, 'reloading shows the answer, not the buttons again');
  });

  it('fails 3-D Secure over JSON (the dialog\'s Cancel) and refuses unknown challenges', async () => {
    const { p, app, confirm, cardBody } = setup({ sandboxUrl: 'http://sandbox.test:4010' });
    const { id, client_secret } = p.createSetupIntent('acct-1');
    const intent = (await (await confirm(id, cardBody(client_secret, '4000002500003155'))).json()) as {
      next_action: { use_stripe_sdk: { stripe_js: string } };
    };
    const url = new URL(intent.next_action.use_stripe_sdk.stripe_js);
    assert.equal(url.origin, 'http://sandbox.test:4010', 'sandboxUrl sets the public origin of challenge URLs');
    const answer = (challenge: string | null, outcome: string) =>
      app.request(url.pathname, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ challenge, outcome }) });
    assert.equal((await answer(url.searchParams.get('challenge'), 'maybe')).status, 400);
    assert.equal((await answer('forged', 'complete')).status, 404);
    const failed = await answer(url.searchParams.get('challenge'), 'fail');
    assert.equal(failed.status, 200);
    assert.deepEqual(await failed.json(), { id, status: 'requires_payment_method' });
    assert.equal(p.getSetupIntent(id)!.last_setup_error?.code, 'setup_intent_authentication_failure');
    assert.equal((await app.request(`/__sandbox/processor/3ds/${id}?challenge=forged`)).status, 404);
  });

  // The challenge answer is open (as the real processor's page), so any page or script can post anything to it.
  it('answers 400 parameter_invalid, not 500, to a 3-D Secure answer that is not a JSON object or not a valid form', async () => {
    const { p, app } = setup();
    const { id } = p.createSetupIntent('acct-1');
    const post = (contentType: string, body: string) =>
      app.request(`/__sandbox/processor/3ds/${id}`, { method: 'POST', headers: { 'content-type': contentType }, body });
    for (const [contentType, body] of [
      ['application/json', 'null'],
      ['application/json', '[]'],
      ['application/json', '"complete"'],
      ['application/json', '{"outcome":'],
      ['multipart/form-data; boundary=x', 'outcome=complete'],
    ] as const) {
      const res = await post(contentType, body);
      assert.equal(res.status, 400, `${contentType} ${body}`);
      const error = ((await res.json()) as { error: { type: string; code: string; message: string } }).error;
      assert.deepEqual([error.type, error.code], ['invalid_request_error', 'parameter_invalid'], `${contentType} ${body}`);
      assert.match(error.message, /JSON object|not a valid form/);
    }
    assert.equal(p.getSetupIntent(id)!.status, 'requires_payment_method', 'nothing changed');
  });
});
