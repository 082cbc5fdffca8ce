import type { AddressSearchResult } from '../../api/types.js';

/** Street line as the service returned it; the unit follows when there is one. */
export function streetLine(r: AddressSearchResult): string {
  return r.address_2 ? `${r.address_1}, ${r.address_2}` : r.address_1;
}

/** "Houston, TX 77002" — the order US addresses are written in, whatever the UI language. */
export function placeLine(r: AddressSearchResult): string {
  return `${r.city}, ${r.state} ${r.postal_code}`;
}

export function oneLine(r: AddressSearchResult): string {
  return `${streetLine(r)}, ${placeLine(r)}`;
}
