/**
 * ESI ID shape rules. Real ESI IDs are "10" + a 5-digit DOE code + a premise number, 17 digits (Oncor, AEP, TNMP) or
 * 22 (CenterPoint). The sandbox adds one rule of its own: the last digit is a Luhn check digit over the others. That
 * lets it tell a mistyped ESI ID (400, malformed) from a well-formed one it has no meter for (404), the two answers
 * esi-id-search must give; sandbox ESI IDs are invented, so no real one is expected to pass.
 */
import { UTILITIES, type Utility } from './utilities.js';

export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  // Walk from the right; the digit next to the (future) check digit is doubled.
  for (let i = digits.length - 1, double = true; i >= 0; i -= 1, double = !double) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** Builds a well-formed ESI ID from a utility prefix and a premise number (padded to the utility's length). */
export function makeEsiId(utility: Utility, premise: string, prefix: string = utility.esiPrefixes[0]!): string {
  const bodyLength = utility.esiLength - prefix.length - 1;
  if (!/^\d+$/.test(premise) || premise.length > bodyLength) throw new Error(`premise ${premise} does not fit ${utility.name}`);
  const body = prefix + premise.padStart(bodyLength, '0');
  return body + String(luhnCheckDigit(body));
}

export function utilityOfEsiId(esiId: string): Utility | undefined {
  return Object.values(UTILITIES).find((u) => u.esiLength === esiId.length && u.esiPrefixes.some((p) => esiId.startsWith(p)));
}

/** Why an ESI ID is malformed, or undefined when it is well formed. */
export function esiIdProblem(value: string): string | undefined {
  if (!/^\d+$/.test(value)) return 'esi_id must contain digits only';
  if (value.length !== 17 && value.length !== 22) return 'esi_id must be 17 or 22 digits long';
  const utility = utilityOfEsiId(value);
  if (!utility) {
    const prefixes = Object.values(UTILITIES)
      .map((u) => `${u.esiPrefixes.join('/')} (${u.esiLength} digits)`)
      .join(', ');
    return `esi_id does not start with a known utility prefix: ${prefixes}`;
  }
  const body = value.slice(0, -1);
  if (luhnCheckDigit(body) !== Number(value.at(-1))) return 'esi_id has a wrong check digit';
  return undefined;
}
