/**
 * The OpenAPI contract itself: it parses, every operation is complete, every schema compiles, the rules the
 * specification states are encoded, and the validator the sandbox's contract test uses behaves.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AssertionError } from 'node:assert';
import {
  allOperations,
  assertMatchesContract,
  assertMatchesSchema,
  assertRequestMatchesContract,
  contractDocument,
  findOperation,
  operationFor,
  resolvePointer,
  schemaErrors,
  schemaValidator,
  validatorAt,
  pointerToken,
} from './support/contract.js';
import { ACCOUNT_STATUSES, FLOW_SCOPES, LOCALES, STATUS_PAIRS } from '../../../src/api/types.js';
import { isSandboxControl } from '../http/controls.js';

type Json = Record<string, unknown>;

const doc = contractDocument();
const components = doc.components as { schemas: Record<string, Json>; [k: string]: unknown };
const schemas = components.schemas;

/** Every node of the document with its JSON pointer. */
function* walk(node: unknown, pointer = '#'): Generator<[unknown, string]> {
  yield [node, pointer];
  if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) yield* walk(v, `${pointer}/${pointerToken(k)}`);
  }
}

const UUID = '3f0b6a1e-6c1f-4e8a-9b1d-2a9f0c7d5e41';
const LOCATION = '7c2d1e0f-3a4b-4c5d-8e6f-0a1b2c3d4e5f';

function account(overrides: Json = {}): Json {
  return {
    uuid: UUID,
    account_uuid: UUID,
    email: 'ana@example.com',
    first_name: 'Ana',
    last_name: 'García',
    phone: '+15125550100',
    date_of_birth: '1990-04-01',
    preliminary_address: { address_1: '100 Congress Ave', city: 'Austin', state: 'TX', postal_code: '78701' },
    service_address: null,
    location_uuid: null,
    status: 'applying',
    status_reason: 'plan_not_accepted',
    created_at: '2025-03-01T15:04:05Z',
    client_agent_accepted: false,
    client_agent_accepted_at: null,
    locale: 'en',
    app: { name: 'Sandbox partner', stripe_public_key: 'pk_test_51Sandbox' },
    enrollment: {
      has_accepted_plan: false,
      has_payment_method: false,
      is_identity_verified: false,
      is_credit_check_submitted: false,
      is_enrollment_finalized: false,
      can_finalize_enrollment: false,
      finalized_at: null,
      is_service_active: false,
      has_usage_history: false,
    },
    ...overrides,
  };
}

function plan(overrides: Json = {}): Json {
  return {
    uuid: '0d4f9b2a-1c3e-4a5b-9c7d-8e9f0a1b2c3d',
    name: 'Lone Star Fixed 12',
    term_months: 12,
    rate_type: 'fixed',
    energy_rate_cents_per_kwh: '13.9',
    earliest_start_date: '2025-03-02',
    latest_start_date: '2025-03-31',
    expires_at: '2025-03-08T05:00:00Z',
    links: {
      efl: 'http://localhost:4010/documents/efl_abcdef123456.pdf',
      tos: 'http://localhost:4010/documents/tos_abcdef123456.pdf',
      yrac: 'http://localhost:4010/documents/yrac_abcdef123456.pdf',
    },
    base_charge_cents: 495,
    renewable_percent: 24,
    early_termination_fee_cents: 15000,
    delivery: {
      utility: { name: 'oncor', display_name: 'Oncor Electric Delivery' },
      monthly_charge_cents: 390,
      rate_cents_per_kwh: '5.5833',
    },
    average_price_cents_per_kwh: { '500': '21.2', '1000': '19.1', '2000': '18.0' },
    ...overrides,
  };
}

const errorBody = (status: number, code: string, extra: Json = {}) => ({ error: { status, code, message: 'x', ...extra } });

describe('the OpenAPI document', () => {
  it('parses as OpenAPI 3.1 with JSON Schema 2020-12 and has no empty values', () => {
    assert.match(String(doc.openapi), /^3\.1\.\d+$/);
    assert.equal(doc.jsonSchemaDialect, 'https://json-schema.org/draft/2020-12/schema');
    for (const [node, pointer] of walk(doc)) assert.notEqual(node, null, `null value at ${pointer} (an unquoted YAML value?)`);
  });

  it('resolves every $ref', () => {
    for (const [node, pointer] of walk(doc)) {
      if (node && typeof node === 'object' && typeof (node as Json).$ref === 'string') {
        assert.doesNotThrow(() => resolvePointer((node as Json).$ref as string), `broken $ref at ${pointer}`);
      }
    }
  });

  it('gives every operation a unique camelCase operationId and a declared tag', () => {
    const tags = new Set((doc.tags as { name: string }[]).map((t) => t.name));
    const seen = new Set<string>();
    for (const op of allOperations()) {
      const id = op.operation.operationId;
      assert.ok(id, `${op.method} ${op.template} has no operationId`);
      assert.match(id, /^[a-z][a-zA-Z0-9]*$/, `${id} is not camelCase`);
      assert.ok(!seen.has(id), `duplicate operationId ${id}`);
      seen.add(id);
      assert.ok(op.operation.tags?.length, `${id} has no tag`);
      for (const t of op.operation.tags ?? []) assert.ok(tags.has(t), `${id}: tag ${t} is not declared`);
    }
  });

  it('documents a 2xx and the error responses of every operation', () => {
    for (const op of allOperations()) {
      const id = op.operationId;
      const codes = Object.keys(op.operation.responses ?? {});
      assert.ok(codes.some((c) => /^2(\d\d|XX)$/.test(c)), `${id} has no 2xx response`);
      if (!op.template.startsWith('/v1/')) continue; // the emulator's controls
      for (const code of ['401', '429', '5XX']) assert.ok(codes.includes(code), `${id} lacks ${code}`);
      if (op.operation.requestBody) {
        for (const code of ['400', '413']) assert.ok(codes.includes(code), `${id} has a body but lacks ${code}`);
      }
      if (op.template.startsWith('/v1/account')) assert.ok(codes.includes('403'), `${id} lacks 403`);
      if (/\{[^}]+\}/.test(op.template)) assert.ok(codes.includes('404'), `${id} has a path parameter but lacks 404`);
      const tooMany = resolvePointer(`${op.pointer}/responses/429`) as Json;
      const resolved = (tooMany.$ref ? resolvePointer(tooMany.$ref as string) : tooMany) as Json;
      assert.ok((resolved.headers as Json)?.['Retry-After'], `${id}: 429 without Retry-After`);
    }
  });

  it('uses the shared error body for every 4xx and 5xx', () => {
    for (const op of allOperations()) {
      for (const [code, response] of Object.entries(op.operation.responses ?? {})) {
        if (!/^[45]/.test(code)) continue;
        const resolved = (response.$ref ? resolvePointer(response.$ref as string) : response) as Json;
        const schema = ((resolved.content as Json)['application/json'] as Json).schema as Json;
        assert.equal(schema.$ref, '#/components/schemas/ErrorBody', `${op.operationId} ${code}`);
      }
    }
  });

  it('offers the Idempotency-Key header on every POST, PATCH and PUT', () => {
    for (const op of allOperations()) {
      if (!['post', 'patch', 'put'].includes(op.method)) continue;
      const refs = (op.operation.parameters ?? []).map((p) => p.$ref);
      assert.ok(refs.includes('#/components/parameters/IdempotencyKey'), `${op.operationId} lacks Idempotency-Key`);
    }
  });

  it('documents the 422 of a reused Idempotency-Key wherever the header applies', () => {
    for (const op of allOperations()) {
      const refs = (op.operation.parameters ?? []).map((p) => p.$ref);
      if (!refs.includes('#/components/parameters/IdempotencyKey')) continue;
      assert.ok(Object.keys(op.operation.responses ?? {}).includes('422'), `${op.operationId} takes an Idempotency-Key but lacks 422`);
    }
  });

  it('states the token of every /v1 operation, and the flow scopes where a flow token is accepted', () => {
    const scopes = new Set<string>(FLOW_SCOPES);
    for (const op of allOperations()) {
      if (!op.template.startsWith('/v1/')) continue;
      const schemes = (op.operation.security ?? []).flatMap((s) => Object.keys(s));
      if (op.template.startsWith('/v1/app/')) {
        assert.deepEqual(schemes, ['AppToken'], op.operationId);
      } else {
        assert.ok(schemes.length > 0 && schemes.every((s) => s === 'AccountToken' || s === 'FlowToken'), op.operationId);
      }
      const flowScopes = op.operation['x-flow-scopes'];
      assert.equal(schemes.includes('FlowToken'), Array.isArray(flowScopes), `${op.operationId}: FlowToken and x-flow-scopes go together`);
      for (const s of flowScopes ?? []) assert.ok(scopes.has(s), `${op.operationId}: unknown flow scope ${s}`);
    }
  });

  it('states the App token of every sandbox control (401, 403 from a web page, 415 for a body), and none of the open paths', () => {
    for (const op of allOperations()) {
      if (!op.template.startsWith('/__sandbox/')) continue;
      const schemes = (op.operation.security ?? []).flatMap((s) => Object.keys(s));
      const codes = Object.keys(op.operation.responses ?? {});
      if (!isSandboxControl(op.template)) {
        assert.deepEqual(schemes, [], `${op.operationId} is open`);
        continue;
      }
      assert.deepEqual(schemes, ['AppToken'], op.operationId);
      assert.ok(codes.includes('401') && codes.includes('403'), `${op.operationId} lacks 401 or 403`);
      assert.equal(codes.includes('415'), op.method !== 'get', `${op.operationId}: 415 goes with a method that may carry a body`);
    }
  });

  it('covers every endpoint of the specification and the decided extensions', () => {
    const expected: [string, string][] = [
      ['POST', '/v1/app/accounts'],
      ['GET', '/v1/app/accounts'],
      ['GET', `/v1/app/accounts/${UUID}`],
      ['PATCH', `/v1/app/accounts/${UUID}`],
      ['POST', `/v1/app/accounts/${UUID}/token`],
      ['POST', `/v1/app/accounts/${UUID}/flow-login`],
      ['POST', `/v1/app/accounts/${UUID}/app-login`],
      ['POST', `/v1/app/accounts/${UUID}/record-client-agent`],
      ['POST', `/v1/app/accounts/${UUID}/enroll/plans/request`],
      ['POST', '/v1/app/accounts/enroll/eligibility'],
      ['POST', '/v1/app/accounts/enroll/full-address-search'],
      ['POST', '/v1/app/accounts/enroll/address-search'],
      ['POST', '/v1/app/accounts/enroll/plans/request'],
      ['POST', '/v1/app/accounts/events'],
      ['GET', '/v1/app/accounts/enroll/opt-out/reasons'],
      ['GET', '/v1/account'],
      ['GET', '/v1/account/flow'],
      ['DELETE', '/v1/account/flow'],
      ['POST', '/v1/account/events'],
      ['POST', '/v1/account/enroll/full-address-search'],
      ['POST', '/v1/account/enroll/address-search'],
      ['POST', '/v1/account/enroll/esi-id-search'],
      ['POST', '/v1/account/enroll/plans/request'],
      ['POST', '/v1/account/enroll/plans/accept'],
      ['PATCH', '/v1/account/enroll/identity'],
      ['POST', '/v1/account/enroll/credit-check'],
      ['POST', '/v1/account/enroll/finalize'],
      ['GET', '/v1/account/enroll/opt-out/reasons'],
      ['POST', '/v1/account/billing/payment-session'],
      ['POST', '/v1/account/billing/ensure-payment-method-added'],
      ['GET', '/v1/account/billing/payment-method'],
      ['GET', '/v1/account/billing/address'],
      ['PUT', '/v1/account/billing/address'],
      ['GET', '/v1/account/billing/invoices'],
      ['GET', '/v1/account/billing/invoices/INV-2025-0001'],
      ['GET', `/v1/account/locations/${LOCATION}`],
      ['GET', `/v1/account/locations/${LOCATION}/documents`],
      ['GET', `/v1/account/locations/${LOCATION}/all-documents`],
      ['GET', `/v1/account/locations/${LOCATION}/usage/monthly`],
      ['GET', `/v1/account/locations/${LOCATION}/usage/daily`],
      ['GET', `/v1/account/locations/${LOCATION}/usage/intervals`],
      ['GET', `/v1/account/locations/${LOCATION}/renewal/plans`],
      ['POST', `/v1/account/locations/${LOCATION}/renewal/accept`],
      ['GET', '/v1/account/battery/makers'],
      ['POST', '/v1/account/battery/authorizations'],
      ['GET', `/v1/account/battery/authorizations/${UUID}`],
      ['GET', '/v1/account/battery/devices'],
      ['POST', '/v1/account/sandbox/status'],
      ['POST', '/v1/account/sandbox/remove-payment-method'],
      ['POST', '/v1/account/sandbox/unfreeze-credit'],
      ['POST', '/v1/account/sandbox/advance'],
      ['GET', '/__sandbox/health'],
      ['GET', '/__sandbox/fixtures'],
      ['GET', '/__sandbox/clock'],
      ['POST', '/__sandbox/clock'],
      ['GET', '/__sandbox/faults'],
      ['POST', '/__sandbox/faults'],
      ['DELETE', '/__sandbox/faults'],
      ['DELETE', '/__sandbox/faults/flt_1'],
      ['GET', '/__sandbox/webhooks'],
      ['PUT', '/__sandbox/webhooks/config'],
      ['POST', '/__sandbox/accounts'],
      ['GET', `/__sandbox/accounts/${UUID}`],
      ['POST', `/__sandbox/accounts/${UUID}/expire-tokens`],
      ['POST', '/__sandbox/expire-tokens'],
      ['GET', '/__sandbox/funnel-events'],
      ['GET', '/__sandbox/branding/logo.svg'],
      ['GET', '/__sandbox/stripe.js'],
      ['GET', '/documents/efl_abcdef123456.pdf'],
    ];
    for (const [method, path] of expected) assert.ok(findOperation(method, path), `${method} ${path} is missing`);
    assert.equal(allOperations().length, expected.length, 'an operation is not listed here');
  });

  it('marks the decisions with one-sentence x-decision notes', () => {
    const notes = [...walk(doc)].filter(([node]) => node && typeof node === 'object' && 'x-decision' in (node as Json));
    assert.ok(notes.length >= 40, `only ${notes.length} x-decision notes`);
    for (const [node, pointer] of notes) {
      const note = (node as Json)['x-decision'];
      assert.equal(typeof note, 'string', pointer);
      assert.ok((note as string).length > 20 && (note as string).length < 400, `${pointer}: keep the note to one sentence`);
    }
  });
});

describe('the schemas', () => {
  it('all compile in Ajv strict mode (2020-12, formats)', () => {
    for (const name of Object.keys(schemas)) assert.doesNotThrow(() => schemaValidator(name), name);
    // and the inline request and response schemas of every operation
    for (const [node, pointer] of walk(doc.paths, '#/paths')) {
      if (pointer.endsWith('/application~1json') && node && typeof node === 'object' && 'schema' in node) {
        assert.doesNotThrow(() => validatorAt(`${pointer}/schema`), pointer);
      }
    }
  });

  it('declare every required property they list', () => {
    for (const [node, pointer] of walk(doc.components, '#/components')) {
      if (!node || typeof node !== 'object') continue;
      const { required, properties } = node as { required?: unknown; properties?: Json };
      if (!Array.isArray(required) || !properties) continue;
      for (const name of required) assert.ok(name in properties, `${pointer}: required ${name} is not a property`);
    }
  });

  it('keep the enum lists of src/api/types.ts equal to the contract', () => {
    assert.deepEqual([...ACCOUNT_STATUSES].sort(), [...(schemas.AccountStatus!.enum as string[])].sort());
    assert.deepEqual([...FLOW_SCOPES].sort(), [...(schemas.FlowScope!.enum as string[])].sort());
    assert.deepEqual([...LOCALES].sort(), [...(schemas.Locale!.enum as string[])].sort());
    assert.deepEqual(schemas.Account!['x-status-pairs'], STATUS_PAIRS);
    assert.deepEqual(schemas.SandboxStatusRequest!['x-status-pairs'], STATUS_PAIRS);
    const paired = Object.values(STATUS_PAIRS).flat().sort();
    assert.deepEqual(paired, [...(schemas.StatusReason!.enum as string[])].sort(), 'every reason belongs to exactly one status');
  });

  it('accept a complete Account and tolerate unknown keys', () => {
    assertMatchesSchema('Account', account());
    assertMatchesSchema('Account', account({ some_future_field: 1 }));
    assertMatchesSchema(
      'Account',
      account({
        status: 'ready',
        status_reason: 'enrollment_pending_client_agent',
        location_uuid: LOCATION,
        client_agent_accepted: true,
        client_agent_accepted_at: '2025-03-01T15:04:05.123-06:00',
      }),
    );
  });

  it('reject a wrong status, a missing enrollment flag and an invalid status pair', () => {
    assert.notDeepEqual(schemaErrors('Account', account({ status: 'pending' })), []);
    const enrollment = { ...(account().enrollment as Json) };
    delete enrollment.has_payment_method;
    const missing = schemaErrors('Account', account({ enrollment }));
    assert.ok(missing.some((e) => e.includes('has_payment_method')), missing.join('\n'));
    const pair = schemaErrors('Account', account({ status: 'active', status_reason: 'missing_address' }));
    assert.ok(pair.some((e) => e.includes('not valid with status "active"')), pair.join('\n'));
    assert.notDeepEqual(schemaErrors('Account', account({ phone: '512-555-0100' })), [], 'phone is returned as E.164');
    assert.notDeepEqual(schemaErrors('Account', account({ created_at: '2025-03-01' })), [], 'created_at is a timestamp');
    assert.notDeepEqual(schemaErrors('SandboxStatusRequest', { status: 'created', status_reason: 'active' }), []);
  });

  it('encode ESI IDs, postal codes and states', () => {
    for (const ok of ['10443720001234567', '1044372000123456712345']) assert.deepEqual(schemaErrors('EsiId', ok), [], ok);
    for (const bad of ['1044372000123456', '20443720001234567', '104437200012345671234', 'abc']) {
      assert.notDeepEqual(schemaErrors('EsiId', bad), [], bad);
    }
    assert.deepEqual(schemaErrors('PostalCode', '78701'), []);
    assert.notDeepEqual(schemaErrors('PostalCode', '78701-1234'), []);
    assert.notDeepEqual(schemaErrors('State', 'tx'), []);
    for (const ok of ['5125550100', '(512) 555-0100', '512.555.0100', '+1 512-555-0100']) {
      assert.deepEqual(schemaErrors('PhoneInput', ok), [], ok);
    }
  });

  it('make the funnel event a union that rejects event-specific fields on the wrong event', () => {
    const plans = ['0d4f9b2a-1c3e-4a5b-9c7d-8e9f0a1b2c3d'];
    assertMatchesSchema('FunnelEvent', { event: 'plans_viewed', plan_uuids: plans, prospect: { email: 'a@example.com' } });
    assertMatchesSchema('FunnelEvent', { event: 'plans_viewed', plan_uuids: plans, account_uuid: UUID });
    assertMatchesSchema('FunnelEvent', { event: 'enrollment_opt_out', plan_uuids: plans, reason: 'too_expensive', label: 'Too expensive' });
    assertMatchesSchema('FunnelEvent', { event: 'enrollment_opt_out', plan_uuids: [] });
    assert.notDeepEqual(schemaErrors('FunnelEvent', { event: 'plans_viewed', plan_uuids: plans, reason: 'other' }), []);
    assert.notDeepEqual(schemaErrors('FunnelEvent', { event: 'plans_viewed', plan_uuids: plans, label: 'Other' }), []);
    assert.notDeepEqual(schemaErrors('FunnelEvent', { event: 'plans_viewed', plan_uuids: [] }), []);
    assert.notDeepEqual(schemaErrors('FunnelEvent', { event: 'plan_accepted', plan_uuids: plans }), []);
    assert.notDeepEqual(schemaErrors('FunnelEvent', { plan_uuids: plans }), []);
    assertMatchesSchema('FlowEvent', { event: 'enrollment_opt_out', plan_uuids: plans, reason: 'other', label: 'Moving' });
    assert.notDeepEqual(schemaErrors('FlowEvent', { event: 'plans_viewed', plan_uuids: plans, account_uuid: UUID }), []);
    assert.notDeepEqual(schemaErrors('FlowEvent', { event: 'plans_viewed', plan_uuids: plans, reason: 'other' }), []);
  });

  it('take exactly one start date name on plan acceptance, and who accepts', () => {
    const base = { esi_id: '10443720001234567', plan_uuid: UUID, terms_accepted: true };
    assertMatchesSchema('AcceptPlanRequest', { ...base, start_date: '2025-03-10' });
    assertMatchesSchema('AcceptPlanRequest', { ...base, service_start_date: '2025-03-10' });
    assertMatchesSchema('AcceptPlanRequest', { ...base, start_date: '2025-03-10', accepted_by: 'customer' });
    assertMatchesSchema('AcceptPlanRequest', { ...base, start_date: '2025-03-10', accepted_by: 'client_agent' });
    assert.notDeepEqual(schemaErrors('AcceptPlanRequest', { ...base, start_date: '2025-03-10', accepted_by: 'partner' }), []);
    assert.notDeepEqual(schemaErrors('AcceptPlanRequest', base), []);
    assert.notDeepEqual(schemaErrors('AcceptPlanRequest', { ...base, start_date: '2025-03-10', service_start_date: '2025-03-10' }), []);
  });

  it('take real and sandbox publishable keys', () => {
    for (const ok of ['pk_test_51Sandbox', 'pk_test_sandbox0a1b2c3d4e5f60718293a4b5', 'pk_live_51H8xYzAbC', 'pk_test_sandbox_processor_key']) {
      assert.deepEqual(schemaErrors('StripePublicKey', ok), [], ok);
    }
    for (const bad of ['sk_test_51Sandbox', 'pk_test_', 'pk_prod_abc', 'pk_test_a-b', 'rk_live_abc']) {
      assert.notDeepEqual(schemaErrors('StripePublicKey', bad), [], bad);
    }
    assertMatchesSchema('Account', account({ app: { name: 'Sandbox partner', stripe_public_key: 'pk_test_sandbox_0a1b' } }));
  });

  it('take a return_url on http(s) only', () => {
    assertMatchesSchema('FlowLoginRequest', { scope: 'enrollment', return_url: 'https://partner.example/done?x=1' });
    assert.notDeepEqual(schemaErrors('FlowLoginRequest', { scope: 'enrollment', return_url: 'ftp://partner.example/' }), []);
  });

  it('require an address when the billing address is not the service address', () => {
    assertMatchesSchema('BillingAddressUpdate', { same_as_service_address: true });
    assert.notDeepEqual(schemaErrors('BillingAddressUpdate', { same_as_service_address: false }), []);
    assertMatchesSchema('BillingAddressUpdate', {
      same_as_service_address: false,
      address: { address_1: '1 Main St', city: 'Dallas', state: 'TX', postal_code: '75201' },
    });
  });
});

describe('assertMatchesContract', () => {
  it('finds operations by concrete path, preferring literal segments', () => {
    assert.equal(operationFor('POST', '/v1/app/accounts/events').operationId, 'recordFunnelEvent');
    assert.equal(operationFor('GET', `/v1/app/accounts/${UUID}`).operationId, 'getAppAccount');
    assert.equal(operationFor('post', '/v1/app/accounts/enroll/plans/request').operationId, 'requestAppPlans');
    assert.equal(operationFor('POST', `/v1/app/accounts/${UUID}/enroll/plans/request`).operationId, 'requestAccountPlansAsApp');
    const docs = operationFor('GET', `http://localhost:4010/v1/account/locations/${LOCATION}/documents?x=1`);
    assert.equal(docs.operationId, 'listDocuments');
    assert.deepEqual(docs.params, { location_uuid: LOCATION });
    assert.equal(operationFor('GET', '/documents/efl_abc12345.pdf').params.document_id, 'efl_abc12345');
    assert.equal(findOperation('DELETE', '/v1/account'), undefined);
    assert.throws(() => operationFor('GET', '/v1/nowhere'), AssertionError);
  });

  it('accepts documented bodies', () => {
    assertMatchesContract('GET', '/v1/account', 200, account());
    assertMatchesContract('POST', '/v1/account/enroll/plans/request', 200, [plan()]);
    assertMatchesContract('POST', `/v1/app/accounts/${UUID}/enroll/plans/request`, 200, { plans: [plan()] });
    assertMatchesContract('POST', '/v1/account/enroll/finalize', 200, {});
    assertMatchesContract('POST', '/v1/app/accounts/events', 201, { recorded: true });
    assertMatchesContract('POST', '/v1/app/accounts', 201, {
      ...account(),
      account_token: 'acct_abc',
      account_token_expires_at: '2025-03-01T16:04:05Z',
    });
    assertMatchesContract('GET', '/__sandbox/stripe.js', 200, 'window.Stripe = function () {};');
  });

  it('checks error responses, ranges and the Retry-After header', () => {
    assertMatchesContract('POST', '/v1/account/enroll/finalize', 422, errorBody(422, 'cannot_finalize_enrollment', {
      fields: [{ field: 'enrollment.has_payment_method', code: 'required', message: 'No payment method' }],
    }));
    assertMatchesContract('GET', '/v1/account', 503, errorBody(503, 'unavailable'));
    assertMatchesContract('GET', '/v1/account', 429, errorBody(429, 'rate_limited'), { 'retry-after': '1' });
    assert.throws(() => assertMatchesContract('GET', '/v1/account', 429, errorBody(429, 'rate_limited'), {}), /Retry-After is required/);
    assert.throws(() => assertMatchesContract('GET', '/v1/account', 401, errorBody(401, 'nope')), /must be equal to one of the allowed values/);
    assert.throws(() => assertMatchesContract('GET', '/v1/account', 401, { message: 'Unauthorized' }), /must have required property 'error'/);
  });

  it('rejects bodies that differ from the contract, listing every error', () => {
    const bad = plan({ term_months: '12', links: { efl: 'not a url' } });
    assert.throws(
      () => assertMatchesContract('POST', '/v1/account/enroll/plans/request', 200, [bad]),
      (err: unknown) => {
        assert.ok(err instanceof AssertionError);
        assert.match(err.message, /requestPlans/);
        assert.match(err.message, /\/0\/term_months must be integer/);
        assert.match(err.message, /\/0\/links must have required property 'tos'/);
        assert.match(err.message, /\/0\/links\/efl must match format "uri"/);
        return true;
      },
    );
    assert.throws(() => assertMatchesContract('POST', '/v1/account/enroll/finalize', 200, { ok: true }), /additional properties "ok"/);
  });

  it('documents the 405 code, the flow-login 422 and the sandbox controls', () => {
    assert.ok((schemas.ErrorCode!.enum as string[]).includes('method_not_allowed'));
    assert.match(String((doc.info as Json).description), /405[^]*method_not_allowed/);
    assertMatchesContract('POST', `/v1/app/accounts/${UUID}/flow-login`, 422, errorBody(422, 'unprocessable', {
      fields: [{ field: 'return_url', code: 'range', message: 'not an allowed origin' }],
    }));
    assertMatchesContract('POST', `/__sandbox/accounts/${UUID}/expire-tokens`, 200, { expired: 2 });
    assertMatchesContract('POST', `/__sandbox/accounts/${UUID}/expire-tokens`, 404, errorBody(404, 'not_found'));
    assertMatchesContract('POST', '/__sandbox/expire-tokens', 200, { expired: 0 });
    assert.throws(() => assertMatchesContract('POST', '/__sandbox/expire-tokens', 200, { expired: -1 }), /must be >= 0/);
    assertMatchesContract('GET', '/__sandbox/funnel-events', 200, [{
      id: UUID, event: 'enrollment_opt_out', source: 'flow', identity: 'account', account_uuid: UUID, prospect_email: null,
      plan_uuids: [], reason: 'other', label: 'Moving', merged_at: null,
    }]);
    assert.throws(() => assertMatchesContract('GET', '/__sandbox/funnel-events', 200, [{ id: UUID, event: 'plans_viewed' }]), /source/);
    assertMatchesContract('GET', '/__sandbox/branding/logo.svg', 200, '<svg xmlns="http://www.w3.org/2000/svg"/>');
    assertMatchesContract('GET', '/__sandbox/health', 200, { status: 'ok', now: '2026-03-02T16:00:00.000Z' });
    assertMatchesContract('DELETE', '/__sandbox/faults/flt_3', 204, undefined);
  });

  it('refuses an undocumented status', () => {
    assert.throws(() => assertMatchesContract('GET', '/v1/account', 418, {}), /status 418 is not documented/);
    assert.throws(() => assertMatchesContract('GET', '/v1/account', 422, errorBody(422, 'unprocessable')), /not documented/);
  });

  it('validates request bodies too', () => {
    assertRequestMatchesContract('POST', '/v1/account/events', { event: 'plans_viewed', plan_uuids: [UUID] });
    assertRequestMatchesContract('POST', '/v1/account/enroll/finalize', undefined);
    assert.throws(() => assertRequestMatchesContract('POST', '/v1/account/enroll/esi-id-search', { esi_id: '123' }), /must match pattern/);
    assert.throws(() => assertRequestMatchesContract('POST', '/v1/account/enroll/esi-id-search', undefined), /a body is required/);
  });
});
