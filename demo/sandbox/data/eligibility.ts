/**
 * Eligibility by ZIP code: how likely an address is in a Texas retail-choice area, and which utilities serve it.
 * ZIP lists follow the examples of pydanny/grid-o-matic's lib/zipcode_to_tdsp.csv (ZIP code to utility) and the
 * cities outside retail choice (Austin, San Antonio, El Paso, Beaumont).
 * The scores are sandbox decisions: 95 where one choice utility serves the ZIP, 90 where two do (the utility is
 * settled per address), 100 when the given street address is a known premise, 80 for a ZIP inferred from the
 * prefix of a choice metro, 30 for other Texas ZIPs (unknown: co-ops and municipals may or may not be open),
 * 0 for non-choice utilities' ZIPs and outside Texas.
 */
import type { EligibilityResult } from '../../../src/api/types.js';
import { fullAddressSearch } from './address-search.js';
import { utilityRef, type UtilityName } from './utilities.js';

const ZIP_UTILITIES: Record<string, UtilityName[]> = {
  // CenterPoint
  '77002': ['centerpoint'], '77005': ['centerpoint'], '77019': ['centerpoint'], '77450': ['centerpoint'],
  // Oncor
  '75201': ['oncor'], '76102': ['oncor'], '76701': ['oncor'], '79701': ['oncor'], '75701': ['oncor'],
  // AEP Texas Central
  '78401': ['aep_central'], '78411': ['aep_central'], '78520': ['aep_central'], '78040': ['aep_central'], '77901': ['aep_central'],
  // AEP Texas North
  '79601': ['aep_north'], '79605': ['aep_north'], '76901': ['aep_north'], '76903': ['aep_north'],
  // TNMP
  '77590': ['tnmp'], '77573': ['tnmp'], '79735': ['tnmp'],
  // ZIPs two utilities share: resolved per address or ESI ID.
  '77539': ['centerpoint', 'tnmp'], '77581': ['centerpoint', 'tnmp'], '77584': ['centerpoint', 'tnmp'],
  '75067': ['oncor', 'tnmp'],
  '78501': ['aep_central', 'oncor'],
};

/** Municipal or non-ERCOT utilities: Austin Energy, CPS Energy, El Paso Electric, Entergy Texas. */
const NON_CHOICE_ZIPS = new Set(['78701', '78205', '79901', '77701']);
const NON_CHOICE_PREFIXES: Record<string, string> = {
  '787': 'Austin Energy', '733': 'Austin Energy', '782': 'CPS Energy', '799': 'El Paso Electric', '885': 'El Paso Electric',
  '777': 'Entergy Texas',
};

/** Metro prefixes whose unlisted ZIPs are very likely served by one choice utility. */
const METRO_PREFIXES: Record<string, UtilityName> = { '770': 'centerpoint', '750': 'oncor', '752': 'oncor', '761': 'oncor' };

export const SCORES = { knownAddress: 100, single: 95, shared: 90, metro: 80, unknownTexas: 30, none: 0 } as const;

export function isTexasZip(zip: string): boolean {
  const n = Number(zip);
  return (n >= 75000 && n <= 79999) || (n >= 88500 && n <= 88599) || zip === '73301';
}

export function eligibility(postalCode: string, address1?: string): EligibilityResult {
  if (!isTexasZip(postalCode) || NON_CHOICE_ZIPS.has(postalCode) || NON_CHOICE_PREFIXES[postalCode.slice(0, 3)]) {
    return { eligibility_likelihood: SCORES.none, utilities: [] };
  }
  if (address1) {
    const [match] = fullAddressSearch({ address_1: address1, postal_code: postalCode });
    if (match) return { eligibility_likelihood: SCORES.knownAddress, utilities: [utilityRef(match.utility)] };
  }
  const listed = ZIP_UTILITIES[postalCode];
  if (listed) {
    return { eligibility_likelihood: listed.length > 1 ? SCORES.shared : SCORES.single, utilities: listed.map(utilityRef) };
  }
  const metro = METRO_PREFIXES[postalCode.slice(0, 3)];
  if (metro) return { eligibility_likelihood: SCORES.metro, utilities: [utilityRef(metro)] };
  return { eligibility_likelihood: SCORES.unknownTexas, utilities: [] };
}

/** The utilities that may serve a ZIP (for pricing plans by postal code); empty when none is known. */
export function utilitiesForZip(postalCode: string): UtilityName[] {
  return eligibility(postalCode).utilities.map((u) => u.name as UtilityName);
}
