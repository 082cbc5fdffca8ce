/** Eligibility, the three address searches and the three plan request forms, with their 400s and 404s. */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PREMISES, UNKNOWN_ESI_ID } from '../data/addresses.js';
import { assertError, Harness, premiseIn } from './support/harness.js';

const h = new Harness();
after(() => h.close());

describe('eligibility and address searches', () => {
  it('answers eligibility and names a bad postal code', async () => {
    assert.deepEqual((await h.app('POST', '/v1/app/accounts/enroll/eligibility', { postal_code: '78701' })).body, { eligibility_likelihood: 0, utilities: [] });
    assertError(await h.app('POST', '/v1/app/accounts/enroll/eligibility', { postal_code: 77002 }), 400, 'invalid_request', ['postal_code']);
    assertError(await h.app('POST', '/v1/app/accounts/enroll/eligibility', {}), 400, 'invalid_request', ['postal_code']);
  });

  it('full search finds exact matches with the App and the account token', async () => {
    const { token } = await h.createAccount();
    const query = { address_1: '400 Mann Street', address_2: 'Apartment 1108', city: 'Corpus Christi', state: 'TX', postal_code: '78401' };
    for (const call of [h.as(token)('POST', '/v1/account/enroll/full-address-search', query), h.app('POST', '/v1/app/accounts/enroll/full-address-search', query)]) {
      const res = await call;
      assert.equal(res.body.length, 1);
      assert.equal(res.body[0].esi_id.slice(0, 7), '1003278');
      assert.equal(res.body[0].utility.name, 'aep_central');
    }
    assert.deepEqual((await h.app('POST', '/v1/app/accounts/enroll/full-address-search', { ...query, address_1: '400 Man Street' })).body, []);
    assertError(await h.app('POST', '/v1/app/accounts/enroll/full-address-search', { address_1: '', state: 'Texas' }), 400, 'invalid_request', ['address_1', 'state', 'postal_code']);
  });

  // 1801 N Lamar St, Apt 512, 75201 (Oncor) is the README's apartment.
  const building = { address_1: '1801 N Lamar St', postal_code: '75201' };

  it('full search finds the apartment from the number alone in the unit line (the flow labels that field "Apartment or unit")', async () => {
    const { token } = await h.createAccount();
    const res = await h.as(token)('POST', '/v1/account/enroll/full-address-search', { ...building, address_2: '512' });
    assert.equal(res.status, 200);
    assert.equal(res.body.length, 1, 'unit "512" in address_2 is not found while "Apt 512" is');
    assert.equal(res.body[0].address_2, 'Apt 512');
  });

  it('full search finds the apartment written with two unit markers ("Apt #512")', async () => {
    const { token } = await h.createAccount();
    for (const address_2 of ['Apt #512', 'Apt. # 512', 'Unit #512']) {
      const res = await h.as(token)('POST', '/v1/account/enroll/full-address-search', { ...building, address_2 });
      assert.equal(res.body.length, 1, `"${address_2}" not normalized like "Apt 512"`);
    }
  });

  it('type-ahead needs 3 characters and answers at most 10 utility-formatted results', async () => {
    const { token } = await h.createAccount();
    const res = await h.as(token)('POST', '/v1/account/enroll/address-search', { query: 'mckinney' });
    assert.equal(res.body[0].address_1, '1900 MCKINNEY AVE');
    assert.equal(res.body[0].city, 'DALLAS');
    assert.ok((await h.app('POST', '/v1/app/accounts/enroll/address-search', { query: 'street' })).body.length <= 10);
    assertError(await h.as(token)('POST', '/v1/account/enroll/address-search', { query: 'mc' }), 400, 'invalid_request', ['query']);
    assertError(await h.as(token)('POST', '/v1/account/enroll/address-search', { query: 'mckinney', postal_code: '7520' }), 400, 'invalid_request', ['postal_code']);
  });

  it('ESI ID search: 200 for a known meter, 404 for a well-formed unknown one, 400 for a malformed one', async () => {
    const { token } = await h.createAccount();
    const premise = PREMISES.find((p) => p.utility === 'tnmp')!;
    const found = await h.as(token)('POST', '/v1/account/enroll/esi-id-search', { esi_id: premise.esi_id });
    assert.equal(found.body.address_1, premise.address_1);
    assertError(await h.as(token)('POST', '/v1/account/enroll/esi-id-search', { esi_id: UNKNOWN_ESI_ID }), 404, 'not_found');
    for (const bad of ['12345', premise.esi_id.slice(0, -1) + ((Number(premise.esi_id.at(-1)) + 5) % 10), 'abc']) {
      assertError(await h.as(token)('POST', '/v1/account/enroll/esi-id-search', { esi_id: bad }), 400, 'invalid_request', ['esi_id']);
    }
  });
});

describe('plan requests', () => {
  it('account level: an array of plans for the meter; sets the service address; emits plan_requested without a location', async () => {
    const { uuid, token } = await h.createAccount();
    const premise = premiseIn('77450');
    const plans = await h.plansFor(token, premise.esi_id);
    assert.ok(Array.isArray(plans) && plans.length === 5);
    for (const plan of plans) {
      assert.match(plan.links.efl, /^http:\/\/localhost:4010\/documents\/[0-9a-f-]{36}\.pdf$/);
      assert.equal(plan.delivery.utility.name, 'centerpoint');
    }
    const event = h.sb.dispatcher.events().find((e) => e.type === 'enrollment.plan_requested' && e.data.account_uuid === uuid);
    assert.ok(event);
    assert.equal(event.data.location_uuid, undefined);
    assertError(await h.as(token)('POST', '/v1/account/enroll/plans/request', { esi_id: UNKNOWN_ESI_ID }), 404, 'not_found');
    assertError(await h.as(token)('POST', '/v1/account/enroll/plans/request', {}), 400, 'invalid_request', ['esi_id']);
  });

  it('App level with an account: { plans }', async () => {
    const { uuid } = await h.createAccount();
    const res = await h.app('POST', `/v1/app/accounts/${uuid}/enroll/plans/request`, { esi_id: premiseIn('75201').esi_id });
    assert.equal(res.body.plans.length, 5);
    assertError(await h.app('POST', '/v1/app/accounts/3f0b6a1e-6c1f-4e8a-9b1d-2a9f0c7d5e41/enroll/plans/request', { esi_id: premiseIn('75201').esi_id }), 404, 'not_found');
  });

  it('App level without an ESI ID: by postal code, both utilities of a shared ZIP, custom rates kept per account', async () => {
    const byZip = await h.app('POST', '/v1/app/accounts/enroll/plans/request', { postal_code: '75067' });
    assert.deepEqual([...new Set(byZip.body.plans.map((p: { delivery: { utility: { name: string } } }) => p.delivery.utility.name))], ['oncor', 'tnmp']);
    assertError(await h.app('POST', '/v1/app/accounts/enroll/plans/request', {}), 400, 'invalid_request', ['postal_code']);
    assertError(await h.app('POST', '/v1/app/accounts/enroll/plans/request', { postal_code: '78701' }), 400, 'invalid_request', ['postal_code']);
    assertError(await h.app('POST', '/v1/app/accounts/enroll/plans/request', { esi_id: premiseIn('75201').esi_id, postal_code: '77002' }), 400, 'invalid_request', ['postal_code']);
    assertError(
      await h.app('POST', '/v1/app/accounts/enroll/plans/request', { postal_code: '77002', custom_rates: { term_months: 0, energy_rate_adjustment_cents_per_kwh: 'cheap' } }),
      400,
      'invalid_request',
      ['custom_rates.term_months', 'custom_rates.energy_rate_adjustment_cents_per_kwh'],
    );
    assertError(await h.app('POST', '/v1/app/accounts/enroll/plans/request', { postal_code: '77002', custom_rates: { energy_rate_adjustment_cents_per_kwh: '-20' } }), 400, 'invalid_request', ['custom_rates.energy_rate_adjustment_cents_per_kwh']);

    const { uuid, token } = await h.createAccount();
    const custom = await h.app('POST', '/v1/app/accounts/enroll/plans/request', { postal_code: '77002', account_uuid: uuid, custom_rates: { term_months: 18, energy_rate_adjustment_cents_per_kwh: '-0.5' } });
    assert.ok(custom.body.plans.every((p: { term_months: number }) => p.term_months === 18));
    // The account's own later request (the flow's) gets the same custom rates
    const later = await h.plansFor(token, premiseIn('77002').esi_id);
    assert.deepEqual(later.map((p) => p.energy_rate_cents_per_kwh), custom.body.plans.map((p: { energy_rate_cents_per_kwh: string }) => p.energy_rate_cents_per_kwh));
    assertError(await h.app('POST', '/v1/app/accounts/enroll/plans/request', { postal_code: '77002', account_uuid: '3f0b6a1e-6c1f-4e8a-9b1d-2a9f0c7d5e41' }), 404, 'not_found');
  });
});
