import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { checkBody, parseBody, parseQuery } from '../http/contract.js';
import { ApiError, type FieldIssue } from '../http/errors.js';
import { checkPhone, checkSsn, FORMATS } from '../http/formats.js';

const UUID = '3f0b6a1e-6c1f-4e8a-9b1d-2a9f0c7d5e41';

function refusal(fn: () => unknown): FieldIssue[] {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof ApiError);
    assert.equal(error.status, 400);
    assert.equal(error.code, 'invalid_request');
    return error.fields ?? [];
  }
  assert.fail('expected a 400');
}

const issues = (fn: () => unknown) => refusal(fn).map(({ field, code }) => ({ field, code }));

describe('requests validated from the contract (http/contract.ts)', () => {
  it('parses a valid body, trimmed and normalized, ignoring unknown keys', () => {
    const value = parseBody('createAccount', {
      email: ' a@b.co ',
      phone: '(713) 555-0142',
      preliminary_address: { address_1: ' 1801 N Lamar St ', address_2: null, state: 'tx', postal_code: '75201' },
      extra: 1,
    });
    assert.equal(value.email, 'a@b.co');
    assert.equal(value.phone, '+17135550142');
    assert.deepEqual(value.preliminary_address, { address_1: '1801 N Lamar St', address_2: null, state: 'TX', postal_code: '75201' });
    assert.equal(parseBody('submitCreditCheck', { ssn: '123-45-6789', consent: true }).ssn, '123456789');
    assert.equal(parseBody('createAppLogin', {}).route, undefined);
  });

  it('reports every bad field at once, with its dotted path, code and a message naming it', () => {
    const found = refusal(() =>
      parseBody('requestAppPlans', {
        postal_code: '7700',
        account_uuid: 'nope',
        custom_rates: { term_months: 61, energy_rate_adjustment_cents_per_kwh: 'lots' },
      }),
    );
    assert.deepEqual(found, [
      { field: 'postal_code', code: 'format', message: 'postal_code must be a 5-digit ZIP code' },
      { field: 'account_uuid', code: 'format', message: 'account_uuid must be a UUID' },
      { field: 'custom_rates.term_months', code: 'range', message: 'term_months must be between 1 and 60' },
      {
        field: 'custom_rates.energy_rate_adjustment_cents_per_kwh',
        code: 'format',
        message: 'energy_rate_adjustment_cents_per_kwh must be a decimal string with at most 5 places, like "-0.25"',
      },
    ]);
  });

  it('says a one-sided bound as it is: at least, at most, never up to an infinity the contract does not set', () => {
    assert.deepEqual(refusal(() => parseBody('sandboxSetClock', { advance_seconds: -5 })), [
      { field: 'advance_seconds', code: 'range', message: 'advance_seconds must be at least 0' },
    ]);
  });

  it('names required fields, wrong types, enums and array items', () => {
    assert.deepEqual(issues(() => parseBody('updateIdentity', { first_name: '  ', last_name: 1, phone: '555' })), [
      { field: 'first_name', code: 'required' },
      { field: 'last_name', code: 'type' },
      { field: 'phone', code: 'format' },
    ]);
    assert.deepEqual(issues(() => parseBody('submitCreditCheck', { consent: 'yes' })), [
      { field: 'ssn', code: 'required' },
      { field: 'consent', code: 'type' },
    ]);
    assert.deepEqual(issues(() => parseBody('recordFunnelEvent', { event: 'plans_viewed', plan_uuids: [UUID, 'x'] })), [
      { field: 'plan_uuids[1]', code: 'format' },
    ]);
    const [scope] = refusal(() => parseBody('createFlowLogin', { scope: 'everything' }));
    assert.equal(scope!.code, 'enum');
    assert.match(scope!.message, /^scope must be one of: enrollment, update-payment-method/);
  });

  it('refuses a body that is not an object', () => {
    assert.deepEqual(issues(() => parseBody('checkEligibility', [1, 2])), [{ field: 'body', code: 'type' }]);
    for (const junk of ['', 5, null, []]) {
      assert.deepEqual(issues(() => parseBody('recordFlowEvent', junk)), [{ field: 'body', code: 'type' }], JSON.stringify(junk));
    }
  });

  it('refuses text that is not text: a NUL or other control character, or an unpaired surrogate, naming the field', () => {
    const identity = { first_name: 'Ana', last_name: 'García', phone: '(713) 555-0142', email: 'ana@example.com', date_of_birth: '1990-04-01' };
    assert.deepEqual(issues(() => parseBody('updateIdentity', { ...identity, first_name: 'A\u0000B' })), [{ field: 'first_name', code: 'format' }]);
    assert.deepEqual(issues(() => parseBody('updateIdentity', { ...identity, last_name: '\ud800' })), [{ field: 'last_name', code: 'format' }]);
    assert.deepEqual(issues(() => parseBody('updateAccount', { first_name: 'x\u0007', preliminary_address: { address_1: 'Elm \udfff', postal_code: '75201' } })), [
      { field: 'first_name', code: 'format' },
      { field: 'preliminary_address.address_1', code: 'format' },
    ]);
    const [issue] = refusal(() => parseBody('updateIdentity', { ...identity, first_name: '\u0000' }));
    assert.match(issue!.message, /^first_name /);
    // Real text passes: accents, emoji (a surrogate pair), and tabs or line breaks inside.
    assert.equal(parseBody('updateIdentity', { ...identity, first_name: 'José 😀' }).first_name, 'José 😀');
  });

  it('tells a field with a format its format, whatever its length', () => {
    assert.deepEqual(refusal(() => parseBody('checkEligibility', { postal_code: '7'.repeat(10_000) })), [
      { field: 'postal_code', code: 'format', message: 'postal_code must be a 5-digit ZIP code' },
    ]);
    assert.deepEqual(issues(() => parseBody('createAppLogin', { route: `/${'a'.repeat(600)}` })), [{ field: 'route', code: 'range' }]);
  });

  it('refuses the other event\'s fields as unknown_field, and an unknown event as enum', () => {
    assert.deepEqual(issues(() => parseBody('recordFunnelEvent', { event: 'plans_viewed', plan_uuids: [UUID], reason: 'other', '': 1 })), [
      { field: 'reason', code: 'unknown_field' },
      { field: '""', code: 'unknown_field' },
    ]);
    assert.deepEqual(issues(() => parseBody('recordFlowEvent', { event: 'plans_viewed', plan_uuids: [UUID], account_uuid: UUID })), [
      { field: 'account_uuid', code: 'unknown_field' },
    ]);
    assert.deepEqual(issues(() => parseBody('recordFunnelEvent', { event: 'clicked', plan_uuids: [] })), [{ field: 'event', code: 'enum' }]);
  });

  it('leaves conditional rules to the handlers and lets them add their own issues', () => {
    const found: FieldIssue[] = [];
    assert.deepEqual(checkBody('acceptPlan', { esi_id: '10443722030050010', plan_uuid: UUID, terms_accepted: true }, found), {
      esi_id: '10443722030050010',
      plan_uuid: UUID,
      terms_accepted: true,
    });
    assert.deepEqual(found, []);
    const clock: FieldIssue[] = [];
    assert.deepEqual(checkBody('sandboxSetClock', { advance_seconds: 1, set: 'x' }, clock, { skip: ['maxProperties'] }), undefined);
    assert.deepEqual(clock.map((i) => i.field), ['set']);
  });

  it('reads query parameters as their schema types, once each', () => {
    const c = (query: string) => ({ req: { url: `http://sandbox.test/v1/app/accounts?${query}` } });
    assert.deepEqual(parseQuery('listAccounts', c('limit=5&cursor=abc&other=1')), { limit: 5, cursor: 'abc' });
    assert.deepEqual(issues(() => parseQuery('listAccounts', c('limit=500'))), [{ field: 'limit', code: 'range' }]);
    assert.deepEqual(issues(() => parseQuery('listAccounts', c('limit=ten'))), [{ field: 'limit', code: 'type' }]);
    assert.deepEqual(refusal(() => parseQuery('listAccounts', c('limit=5&limit=500'))), [
      { field: 'limit', code: 'type', message: 'limit must be given once, not 2 times' },
    ]);
    // Repeated with values that are wrong too: said once, as repeated (not its first value's problem twice).
    assert.deepEqual(refusal(() => parseQuery('listAccounts', c('limit=ten&limit=eleven'))), [
      { field: 'limit', code: 'type', message: 'limit must be given once, not 2 times' },
    ]);
  });
});

describe('formats', () => {
  it('checks SSNs by the SSA rules and returns the nine digits', () => {
    assert.deepEqual(checkSsn('123-45-6789'), { ok: true, value: '123456789' });
    assert.deepEqual(checkSsn('123456789'), { ok: true, value: '123456789' });
    for (const bad of ['000-12-3456', '666-12-3456', '900-12-3456', '999-12-3456', '123-00-4567', '123-45-0000', '12-345-6789', '1234567890', 'abc-de-fghi']) {
      assert.equal(checkSsn(bad).ok, false, bad);
    }
  });

  it('normalizes US phone numbers to E.164 and refuses impossible ones', () => {
    for (const good of ['(713) 555-0142', '713.555.0142', '+1 713 555 0142', '17135550142']) {
      assert.deepEqual(checkPhone(good), { ok: true, value: '+17135550142' }, good);
    }
    for (const bad of ['555-0142', '(013) 555-0142', '713-155-0142', '713 555 01422', '713-555-O142']) {
      assert.equal(checkPhone(bad).ok, false, bad);
    }
  });

  it('checks UUIDs, states, postal codes, http URLs, paths and timestamps', () => {
    assert.equal(FORMATS.uuid.check(UUID.toUpperCase()), UUID);
    assert.equal(FORMATS.uuid.check(UUID.replace(/-/g, '')), undefined);
    assert.equal(FORMATS.uuid.check(`urn:uuid:${UUID}`), undefined);
    assert.equal(FORMATS.state.check('tx'), 'TX');
    assert.equal(FORMATS.state.check('ZZ'), undefined);
    assert.equal(FORMATS.postal_code.check('77002-1234'), undefined);
    assert.equal(FORMATS.http_url.check('javascript:alert(1)'), undefined);
    assert.equal(FORMATS.http_url.check('https://partner.example/done'), 'https://partner.example/done');
    assert.equal(FORMATS.path.check('//evil.example'), undefined);
    assert.equal(FORMATS.path.check('billing'), '/billing');
    assert.equal(FORMATS.path.check('https:evil.example'), undefined);
    assert.equal(FORMATS['date-time'].check('2026-03-02T10:00:00'), undefined);
    assert.equal(FORMATS['date-time'].check('2026-03-02T10:00:00-06:00'), '2026-03-02T16:00:00.000Z');
    // Every part must exist as written (Date.parse alone reads Feb 30 as March 2, T24:00 as the next midnight).
    for (const impossible of ['2026-02-30T10:00:00Z', '2026-02-29T12:00:00Z', '2026-03-01T24:00:00Z', '2026-04-31T10:00:00Z', '2026-03-01T10:60:00Z', '2026-03-01T10:00:60Z', '2026-03-01T10:00:00+24:00']) {
      assert.equal(FORMATS['date-time'].check(impossible), undefined, impossible);
    }
    assert.equal(FORMATS['date-time'].check('2028-02-29T12:00:00Z'), '2028-02-29T12:00:00.000Z', 'a leap day');
    assert.equal(FORMATS['date-time'].check('2026-03-01T23:59:59.5+05:30'), '2026-03-01T18:29:59.500Z');
    assert.equal(FORMATS['date-time'].check('0099-12-31T00:00:00Z'), '0099-12-31T00:00:00.000Z', 'a year under 100 is itself');
    assert.equal(FORMATS.esi_id.message('esi_id', '10443729999999906'), 'esi_id has a wrong check digit');
  });
});
