import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ApiError } from '../http/errors.js';
import { checkFormat, checkPhone, checkSsn } from '../http/formats.js';
import { array, boolean, enumOf, integer, mustBeTrue, nullable, object, optional, parse, string } from '../http/validate.js';

function issues(fn: () => unknown): Array<{ field: string; code: string }> {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof ApiError);
    assert.equal(error.status, 400);
    assert.equal(error.code, 'invalid_request');
    return (error.fields ?? []).map(({ field, code }) => ({ field, code }));
  }
  assert.fail('expected a 400');
}

describe('the schema DSL', () => {
  const schema = object({
    email: string({ format: 'email' }),
    age: optional(integer({ min: 18, max: 120 })),
    kind: enumOf(['a', 'b'] as const),
    tags: optional(array(string({ format: 'uuid' }), { max: 2 })),
    address: optional(object({ address_1: string(), postal_code: string({ format: 'postal_code' }) })),
    note: optional(nullable(string({ min: 0 }))),
    ok: optional(boolean()),
    agreed: optional(mustBeTrue()),
  });

  it('parses a valid body into typed values, ignoring unknown keys', () => {
    const value = parse(schema, { email: ' a@b.co ', kind: 'a', extra: 1, note: null });
    assert.deepEqual(value, { email: 'a@b.co', kind: 'a', note: null });
  });

  it('reports every bad field at once with its path and code', () => {
    const found = issues(() =>
      parse(schema, {
        email: 'nope',
        age: 17.5,
        kind: 'c',
        tags: ['x', 'y', 'z'],
        address: { postal_code: '7700' },
        ok: 'yes',
        agreed: false,
      }),
    );
    assert.deepEqual(found, [
      { field: 'email', code: 'format' },
      { field: 'age', code: 'type' },
      { field: 'kind', code: 'enum' },
      { field: 'tags', code: 'range' },
      { field: 'address.address_1', code: 'required' },
      { field: 'address.postal_code', code: 'format' },
      { field: 'ok', code: 'type' },
      { field: 'agreed', code: 'must_be_true' },
    ]);
  });

  it('treats null and empty strings as missing for required fields, and names array items', () => {
    assert.deepEqual(issues(() => parse(schema, { email: null, kind: '' , tags: ['not-a-uuid'] })), [
      { field: 'email', code: 'required' },
      { field: 'kind', code: 'enum' },
      { field: 'tags[0]', code: 'format' },
    ]);
  });

  it('refuses a body that is not an object', () => {
    assert.deepEqual(issues(() => parse(schema, [1, 2])), [{ field: 'body', code: 'type' }]);
  });

  it('lists the allowed values in an enum message', () => {
    try {
      parse(schema, { email: 'a@b.co', kind: 'z' });
    } catch (error) {
      assert.match((error as ApiError).fields![0]!.message, /one of: a, b/);
    }
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

  it('checks dates, UUIDs, states, postal codes, http URLs and paths', () => {
    assert.equal(checkFormat('date', '2024-02-29', 'd').ok, true);
    assert.equal(checkFormat('date', '2023-02-29', 'd').ok, false);
    assert.equal(checkFormat('uuid', '3f0b6a1e-6c1f-4e8a-9b1d-2a9f0c7d5e41', 'u').ok, true);
    assert.equal(checkFormat('uuid', '3f0b6a1e6c1f4e8a9b1d2a9f0c7d5e41', 'u').ok, false);
    assert.deepEqual(checkFormat('state', 'tx', 's'), { ok: true, value: 'TX' });
    assert.equal(checkFormat('state', 'ZZ', 's').ok, false);
    assert.equal(checkFormat('postal_code', '77002-1234', 'p').ok, false);
    assert.equal(checkFormat('http_url', 'javascript:alert(1)', 'r').ok, false);
    assert.equal(checkFormat('http_url', 'https://partner.example/done', 'r').ok, true);
    assert.equal(checkFormat('path', '//evil.example', 'r').ok, false);
    assert.equal(checkFormat('timestamp', '2026-03-02T10:00:00', 't').ok, false);
    assert.equal(checkFormat('timestamp', '2026-03-02T10:00:00-06:00', 't').ok, true);
  });
});
