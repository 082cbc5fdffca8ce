/**
 * The sandbox's service addresses ("premises"): invented street numbers on real Texas streets in each utility's
 * territory, with invented but well-formed ESI IDs (see esi-id.ts). Some premises carry a trigger that makes the
 * enrollment fail after finalization the way the real market does; the fixtures endpoint and README list them.
 */
import type { AddressSearchResult } from '../../../src/api/types.js';
import { makeEsiId } from './esi-id.js';
import { UTILITIES, utilityRef, type UtilityName } from './utilities.js';

/** What a premise does to an enrollment once it is submitted to the utility. */
export type PremiseTrigger = 'switch_hold' | 'deactivated' | 'utility_blocked';

export interface Premise {
  address_1: string;
  address_2: string | null;
  city: string;
  postal_code: string;
  utility: UtilityName;
  esi_id: string;
  meter_description: string | null;
  trigger: PremiseTrigger | null;
  /** Rooftop solar: usage has an export side. */
  solar: boolean;
}

type Row = [address_1: string, address_2: string | null, city: string, zip: string, utility: UtilityName, premise: string, extra?: { meter?: string; trigger?: PremiseTrigger; prefix?: string; solar?: boolean }];

const ROWS: Row[] = [
  // CenterPoint Energy Houston Electric: 22-digit ESI IDs starting 1008901.
  ['1200 Smith St', 'Apt 2101', 'Houston', '77002', 'centerpoint', '70412001210100'],
  ['1200 Smith St', 'Apt 2102', 'Houston', '77002', 'centerpoint', '70412001210200'],
  ['915 Franklin St', 'Unit 4B', 'Houston', '77002', 'centerpoint', '70091500040200'],
  ['2415 Rice Blvd', null, 'Houston', '77005', 'centerpoint', '52241537008100', { solar: true }],
  ['3106 Bissonnet St', null, 'Houston', '77005', 'centerpoint', '52310640117300'],
  ['5323 Morningside Dr', null, 'Houston', '77005', 'centerpoint', '52532318420600', { trigger: 'switch_hold' }],
  ['1819 Welch St', null, 'Houston', '77019', 'centerpoint', '61181907315500', { meter: 'Meter 1 of 2' }],
  ['1819 Welch St', null, 'Houston', '77019', 'centerpoint', '61181907315600', { meter: 'Meter 2 of 2' }],
  ['2100 Allen Pkwy', 'Apt 1115', 'Houston', '77019', 'centerpoint', '61210011150300'],
  ['2204 Stanmore Dr', null, 'Houston', '77019', 'centerpoint', '61220447300900'],
  ['2403 S Mason Rd', null, 'Katy', '77450', 'centerpoint', '88240319203700'],
  ['21914 Highland Knolls Dr', null, 'Katy', '77450', 'centerpoint', '88219140056100', { solar: true }],
  ['1702 N Westgreen Blvd', null, 'Katy', '77450', 'centerpoint', '88170266410200'],
  ['2900 Baker Dr', null, 'Dickinson', '77539', 'centerpoint', '39290002251100'],
  ['2815 Broadway St', null, 'Pearland', '77581', 'centerpoint', '58281508830400'],
  ['11402 Shadow Creek Pkwy', null, 'Pearland', '77584', 'centerpoint', '58114020918200'],
  // Oncor Electric Delivery: 17 digits, 1044372.
  ['1801 N Lamar St', 'Apt 512', 'Dallas', '75201', 'oncor', '201801512'],
  ['1900 McKinney Ave', 'Apt 805', 'Dallas', '75201', 'oncor', '201900805'],
  ['3005 Routh St', null, 'Dallas', '75201', 'oncor', '203005001'],
  ['2311 Cedar Springs Rd', 'Apt 118', 'Dallas', '75201', 'oncor', '202311118', { trigger: 'deactivated' }],
  ['500 Throckmorton St', 'Apt 1402', 'Fort Worth', '76102', 'oncor', '610500142'],
  ['815 Henderson St', null, 'Fort Worth', '76102', 'oncor', '610815003'],
  ['1205 Lakeside Cir', null, 'Lewisville', '75067', 'oncor', '671205004'],
  // AEP Texas Central: 17 digits, 1003278.
  ['400 Mann St', 'Apt 1108', 'Corpus Christi', '78401', 'aep_central', '401400118'],
  ['615 N Upper Broadway', null, 'Corpus Christi', '78401', 'aep_central', '401615020'],
  ['702 Leopard St', null, 'Corpus Christi', '78401', 'aep_central', '401702031', { trigger: 'utility_blocked' }],
  ['1300 N 10th St', null, 'McAllen', '78501', 'aep_central', '501130007'],
  // AEP Texas North: 17 digits, 1020404.
  ['1042 N 2nd St', null, 'Abilene', '79601', 'aep_north', '601104203', { solar: true }],
  ['2141 Grape St', null, 'Abilene', '79601', 'aep_north', '601214105'],
  ['650 Pine St', 'Apt 3', 'Abilene', '79601', 'aep_north', '601650033'],
  // Texas-New Mexico Power: 17 digits, 1040051.
  ['2306 Dickinson Ave', null, 'League City', '77573', 'tnmp', '573230601'],
  ['450 E Main St', 'Unit 12', 'League City', '77573', 'tnmp', '573450112'],
  ['3402 Gill Rd', null, 'Dickinson', '77539', 'tnmp', '539340207'],
  ['3512 Liberty Dr', null, 'Pearland', '77581', 'tnmp', '581351209'],
  ['410 Valley Ridge Blvd', null, 'Lewisville', '75067', 'tnmp', '067410011'],
];

export const PREMISES: readonly Premise[] = ROWS.map(([address_1, address_2, city, postal_code, utility, premise, extra]) => ({
  address_1,
  address_2,
  city,
  postal_code,
  utility,
  esi_id: makeEsiId(UTILITIES[utility], premise, extra?.prefix),
  meter_description: extra?.meter ?? null,
  trigger: extra?.trigger ?? null,
  solar: extra?.solar ?? false,
}));

const BY_ESI_ID = new Map(PREMISES.map((p) => [p.esi_id, p]));

export function premiseByEsiId(esiId: string): Premise | undefined {
  return BY_ESI_ID.get(esiId);
}

/** A well-formed ESI ID no premise has: the fixture for esi-id-search's 404. */
export const UNKNOWN_ESI_ID = makeEsiId(UTILITIES.oncor, '999999990');

/** The address as the service's own records print it (full search, ESI ID search, accepted location). */
export function toResult(p: Premise): AddressSearchResult {
  return {
    address_1: p.address_1,
    address_2: p.address_2,
    city: p.city,
    state: 'TX',
    postal_code: p.postal_code,
    esi_id: p.esi_id,
    utility: utilityRef(p.utility),
    meter_description: p.meter_description,
  };
}

/** The same address as a utility's type-ahead feed prints it: upper case, abbreviations as stored. */
export function toUtilityStyleResult(p: Premise): AddressSearchResult {
  return {
    ...toResult(p),
    address_1: p.address_1.toUpperCase(),
    address_2: p.address_2 ? p.address_2.toUpperCase() : null,
    city: p.city.toUpperCase(),
    meter_description: p.meter_description ? p.meter_description.toUpperCase() : null,
  };
}
