/**
 * Address matching. Full search is exact after normalization (case, punctuation, street-type and directional
 * abbreviations, unit markers) and never forgives a misspelling or a wrong number, as the specification requires.
 * The unit line means a unit with or without its marker ("512" is "Apt 512"), and "Apt #512" has one marker.
 * Type-ahead matches every typed token as the prefix of an address token, so "1200 smi" finds "1200 Smith St".
 */
import type { Premise } from './addresses.js';
import { PREMISES } from './addresses.js';

const CANONICAL: Record<string, string> = {
  street: 'st', str: 'st',
  avenue: 'ave', av: 'ave',
  boulevard: 'blvd', blv: 'blvd',
  drive: 'dr', drv: 'dr',
  lane: 'ln',
  road: 'rd',
  court: 'ct',
  parkway: 'pkwy', pkway: 'pkwy', pky: 'pkwy',
  circle: 'cir',
  place: 'pl',
  highway: 'hwy',
  north: 'n', south: 's', east: 'e', west: 'w',
  northeast: 'ne', northwest: 'nw', southeast: 'se', southwest: 'sw',
  apartment: 'unit', apt: 'unit', '#': 'unit', suite: 'unit', ste: 'unit', no: 'unit',
};

/** Long forms of each abbreviation, so a half-typed "Stre" still finds a street stored as "St". */
const EXPANSIONS = new Map<string, string[]>();
for (const [long, short] of Object.entries(CANONICAL)) {
  EXPANSIONS.set(short, [...(EXPANSIONS.get(short) ?? []), long]);
}

export function tokens(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/#/g, ' # ')
    .replace(/[.,;:'"()]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((t) => CANONICAL[t] ?? t);
}

const UNIT = 'unit';

/** Repeated unit markers ("Apt #512") mark one unit. */
const oneMarker = (words: string[]): string[] => words.filter((t, i) => t !== UNIT || words[i - 1] !== UNIT);

export function normalize(text: string): string {
  return oneMarker(tokens(text)).join(' ');
}

/** Street and unit lines as one, the unit line marked as a unit when it has no marker of its own ("512"). */
function addressLine(address1: string, address2?: string | null): string {
  const unit = tokens(address2 ?? '');
  if (unit.length && unit[0] !== UNIT) unit.unshift(UNIT);
  return oneMarker([...tokens(address1), ...unit]).join(' ');
}

export interface FullAddressQuery {
  address_1: string;
  address_2?: string | null;
  city?: string;
  state?: string;
  postal_code: string;
}

export function fullAddressSearch(query: FullAddressQuery, premises: readonly Premise[] = PREMISES): Premise[] {
  const line = addressLine(query.address_1, query.address_2);
  const city = query.city ? normalize(query.city) : null;
  if (query.state && query.state.toUpperCase() !== 'TX') return [];
  return premises.filter(
    (p) =>
      p.postal_code === query.postal_code &&
      addressLine(p.address_1, p.address_2) === line &&
      (city === null || normalize(p.city) === city),
  );
}

export const TYPEAHEAD_LIMIT = 10;

export function typeAheadSearch(query: string, postalCode?: string, premises: readonly Premise[] = PREMISES): Premise[] {
  const wanted = tokens(query);
  // Unit markers alone ("###", "Apt") name no address: they would list every apartment.
  if (wanted.every((t) => t === UNIT)) return [];
  const results: Premise[] = [];
  for (const p of premises) {
    if (postalCode && p.postal_code !== postalCode) continue;
    const own = tokens(`${p.address_1} ${p.address_2 ?? ''} ${p.city} tx ${p.postal_code}`);
    const searchable = own.flatMap((t) => [t, ...(EXPANSIONS.get(t) ?? [])]);
    if (wanted.every((q) => searchable.some((t) => t.startsWith(q)))) results.push(p);
    if (results.length === TYPEAHEAD_LIMIT) break;
  }
  return results;
}
