import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PREMISES, premiseByEsiId, UNKNOWN_ESI_ID } from '../data/addresses.js';
import { fullAddressSearch, normalize, typeAheadSearch } from '../data/address-search.js';
import { eligibility } from '../data/eligibility.js';
import { esiIdProblem, luhnCheckDigit, makeEsiId } from '../data/esi-id.js';
import { averagePrice, averagePrices } from '../data/pricing.js';
import { pricePlans } from '../data/plans.js';
import { UTILITIES } from '../data/utilities.js';

describe('ESI IDs', () => {
  it('are 17 or 22 digits with the utility prefix and a Luhn check digit', () => {
    const oncor = makeEsiId(UTILITIES.oncor, '201801512');
    assert.equal(oncor.length, 17);
    assert.ok(oncor.startsWith('1044372'));
    const centerpoint = makeEsiId(UTILITIES.centerpoint, '70412001210100');
    assert.equal(centerpoint.length, 22);
    assert.ok(centerpoint.startsWith('1008901'));
    assert.equal(esiIdProblem(oncor), undefined);
    assert.equal(luhnCheckDigit('7992739871'), 3); // the textbook Luhn example
  });

  it('tell malformed from unknown', () => {
    const good = PREMISES[0]!.esi_id;
    const wrongCheck = good.slice(0, -1) + String((Number(good.at(-1)) + 1) % 10);
    assert.match(esiIdProblem(wrongCheck)!, /check digit/);
    assert.match(esiIdProblem('1044372000000')!, /17 or 22/);
    assert.match(esiIdProblem('10999990000000000')!, /prefix/);
    assert.match(esiIdProblem('1044372A000000000')!, /digits/);
    // A CenterPoint prefix with Oncor's length is malformed too
    assert.match(esiIdProblem(makeEsiId(UTILITIES.oncor, '1').replace('1044372', '1008901'))!, /prefix/);
    assert.equal(esiIdProblem(UNKNOWN_ESI_ID), undefined);
    assert.equal(premiseByEsiId(UNKNOWN_ESI_ID), undefined);
  });

  it('are unique and well formed across the fixture premises', () => {
    assert.ok(PREMISES.length >= 25);
    assert.equal(new Set(PREMISES.map((p) => p.esi_id)).size, PREMISES.length);
    for (const p of PREMISES) assert.equal(esiIdProblem(p.esi_id), undefined, p.esi_id);
    const utilities = new Set(PREMISES.map((p) => p.utility));
    assert.deepEqual([...utilities].sort(), ['aep_central', 'aep_north', 'centerpoint', 'oncor', 'tnmp']);
  });
});

describe('full address search', () => {
  it('normalizes case, punctuation, street types, directionals and unit markers', () => {
    assert.equal(normalize('1801 North Lamar Street, Apartment #512'), '1801 n lamar st unit 512');
    for (const [address_1, address_2] of [
      ['1801 N Lamar St', 'Apt 512'],
      ['1801 north lamar street', 'unit 512'],
      ['1801 N. LAMAR ST.', '#512'],
      ['1801 N Lamar St Apt 512', undefined],
      ['1801 N Lamar St # 512', null],
      ['1801 n lamar st', 'Suite 512'],
      ['1801 N Lamar St', '512'],
      ['1801 N Lamar St', 'Apt #512'],
      ['1801 N Lamar St Apt', '# 512'],
    ] as const) {
      const found = fullAddressSearch({ address_1, address_2, postal_code: '75201' });
      assert.equal(found.length, 1, `${address_1} / ${address_2}`);
      assert.equal(found[0]!.address_2, 'Apt 512');
    }
  });

  it('does not forgive misspellings, wrong numbers, a wrong ZIP or a missing unit', () => {
    assert.equal(fullAddressSearch({ address_1: '1801 N Lamarr St', address_2: 'Apt 512', postal_code: '75201' }).length, 0);
    assert.equal(fullAddressSearch({ address_1: '1803 N Lamar St', address_2: 'Apt 512', postal_code: '75201' }).length, 0);
    assert.equal(fullAddressSearch({ address_1: '1801 N Lamar St', address_2: 'Apt 513', postal_code: '75201' }).length, 0);
    assert.equal(fullAddressSearch({ address_1: '1801 N Lamar St', address_2: 'Apt 512', postal_code: '75202' }).length, 0);
    assert.equal(fullAddressSearch({ address_1: '1801 N Lamar St', postal_code: '75201' }).length, 0);
    assert.equal(fullAddressSearch({ address_1: '1801 N Lamar St', address_2: 'Apt 512', city: 'Houston', postal_code: '75201' }).length, 0);
  });

  it('returns one result per meter at a multi-meter premises', () => {
    const found = fullAddressSearch({ address_1: '1819 Welch Street', city: 'houston', state: 'tx', postal_code: '77019' });
    assert.deepEqual(found.map((p) => p.meter_description), ['Meter 1 of 2', 'Meter 2 of 2']);
    assert.notEqual(found[0]!.esi_id, found[1]!.esi_id);
  });
});

describe('type-ahead search', () => {
  it('matches every typed token as a prefix, caps results at 10 and filters by ZIP', () => {
    assert.deepEqual(typeAheadSearch('1200 smi').map((p) => p.address_2), ['Apt 2101', 'Apt 2102']);
    assert.equal(typeAheadSearch('welch stre').length, 2); // a half-typed street type still matches "St"
    assert.ok(typeAheadSearch('houston').length <= 10);
    assert.equal(typeAheadSearch('st', '79601').every((p) => p.postal_code === '79601'), true);
    assert.equal(typeAheadSearch('zzz').length, 0);
    // Unit markers alone name no address, not every apartment.
    assert.equal(typeAheadSearch('###').length, 0);
    assert.deepEqual(typeAheadSearch('1801 lamar #512').map((p) => p.address_2), ['Apt 512']);
  });
});

describe('eligibility', () => {
  it('scores choice ZIPs high with their utilities, shared ZIPs with both, non-choice and non-Texas ZIPs 0', () => {
    assert.deepEqual(eligibility('77002'), { eligibility_likelihood: 95, utilities: [{ name: 'centerpoint', display_name: 'CenterPoint Energy Houston Electric' }] });
    assert.deepEqual(eligibility('77581').utilities.map((u) => u.name), ['centerpoint', 'tnmp']);
    assert.deepEqual(eligibility('75067').utilities.map((u) => u.name), ['oncor', 'tnmp']);
    assert.deepEqual(eligibility('78501').utilities.map((u) => u.name), ['aep_central', 'oncor']);
    // El Paso's 885xx and Austin's 73301 are Texas ZIPs too, served by El Paso Electric and Austin Energy.
    for (const zip of ['78701', '78205', '79901', '77701', '88510', '73301', '10001', '90210']) {
      assert.deepEqual(eligibility(zip), { eligibility_likelihood: 0, utilities: [] }, zip);
    }
    assert.equal(eligibility('79000').eligibility_likelihood, 30); // Texas, utility unknown
    assert.equal(eligibility('77581', '3512 Liberty Drive').eligibility_likelihood, 100);
    assert.deepEqual(eligibility('77581', '3512 Liberty Drive').utilities.map((u) => u.name), ['tnmp']);
  });
});

describe('pricing', () => {
  it('computes the EFL average price with every recurring charge', () => {
    // Oncor, 8¢ energy, no base charge, $4.23 + 5.1893¢ delivery: at 1,000 kWh (4.23 + 131.893) / 1000 = 13.6123¢
    const components = { baseChargeCents: 0, energyRateCentsPerKwh: '8', deliveryMonthlyCents: 423, deliveryRateCentsPerKwh: '5.1893' };
    assert.equal(averagePrice(components, 1000), '13.6');
    // At 500 kWh the fixed charges weigh twice as much: (4.23 + 65.9465) / 500 = 14.0353¢
    assert.equal(averagePrice(components, 500), '14.0');
    // With a $9.95 base charge: (14.18$ / u + 13.1893¢) → 16.03, 14.61, 13.90
    assert.deepEqual(averagePrices({ ...components, baseChargeCents: 995 }), { '500': '16.0', '1000': '14.6', '2000': '13.9' });
  });

  it('prices 5 fixed plans with client-agent and standard start windows', () => {
    const base = { utility: 'centerpoint' as const, today: '2026-03-02', expiresAt: new Date('2026-03-09T16:00:00Z'), custom: null, newUuid: () => crypto.randomUUID(), documentUrl: (t: string) => `https://x/${t}.pdf` };
    const plans = pricePlans({ ...base, clientAgent: false });
    assert.deepEqual(plans.map((p) => p.plan.term_months), [6, 12, 12, 24, 36]);
    assert.equal(plans[1]!.plan.name, 'Lone Star Saver 12');
    assert.equal(plans[1]!.plan.energy_rate_cents_per_kwh, '9.1');
    assert.deepEqual(plans[1]!.plan.delivery, { utility: { name: 'centerpoint', display_name: 'CenterPoint Energy Houston Electric' }, monthly_charge_cents: 490, rate_cents_per_kwh: '6.001' });
    assert.equal(plans[0]!.plan.earliest_start_date, '2026-03-03');
    assert.equal(plans[0]!.plan.latest_start_date, '2026-04-01');
    const agent = pricePlans({ ...base, clientAgent: true });
    assert.equal(agent[0]!.plan.earliest_start_date, '2026-03-09');
    const custom = pricePlans({ ...base, clientAgent: false, custom: { term_months: 18, energy_rate_adjustment_cents_per_kwh: '-0.25' } });
    assert.ok(custom.length >= 3 && custom.every((p) => p.plan.term_months === 18));
    assert.equal(custom[0]!.plan.energy_rate_cents_per_kwh, '9.15'); // 9.1 + 0.3 (over-12 premium) - 0.25
  });
});
