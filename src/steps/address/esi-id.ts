/**
 * ESI ID input helpers: people copy them from bills with spaces or dashes, so those are ignored; full-width digits
 * (an Asian keyboard's) are read as digits.
 */

export type EsiIdProblem = 'required' | 'digits' | 'length' | 'prefix';

export function esiIdDigits(value: string): string {
  return value.normalize('NFKC').replace(/[\s-]/g, '');
}

export function esiIdProblem(value: string): EsiIdProblem | null {
  const v = esiIdDigits(value);
  if (!v) return 'required';
  if (!/^\d+$/.test(v)) return 'digits';
  if (v.length !== 17 && v.length !== 22) return 'length';
  // Every Texas ESI ID starts with 10; anything else is usually the account or meter number from the same bill.
  if (!v.startsWith('10')) return 'prefix';
  return null;
}
