/**
 * SSN helpers. Pure functions on strings the caller holds only for the length of a keystroke or a submit: nothing
 * here keeps a copy.
 */

/** Why an SSN is not acceptable, or null when it is. */
export type SsnProblem = 'required' | 'length' | 'itin' | 'area' | 'group' | 'serial';

/** Digits only, at most nine; full-width ones too (a pasted １２３-４５-６７８９ is not emptied). */
export function ssnDigits(value: string): string {
  return value.normalize('NFKC').replace(/\D/g, '').slice(0, 9);
}

/** 123-45-6789 as the user types: dashes appear once the next group starts, so backspace never fights them. */
export function formatSsn(value: string): string {
  const d = ssnDigits(value);
  if (d.length <= 3) return d;
  if (d.length <= 5) return `${d.slice(0, 3)}-${d.slice(3)}`;
  return `${d.slice(0, 3)}-${d.slice(3, 5)}-${d.slice(5)}`;
}

/**
 * The Social Security Administration never issues area 000, 666 or 900–999, group 00 or serial 0000, so such a
 * number is a typo: catching it here saves a failed credit check later. Except 9xx: the IRS's ITINs start with 9,
 * so that one is said to be an ITIN (its holder would check the digits and find them right).
 */
export function ssnProblem(value: string): SsnProblem | null {
  const d = value.normalize('NFKC').replace(/\D/g, '');
  if (d.length === 0) return 'required';
  if (d.length !== 9) return 'length';
  const area = d.slice(0, 3);
  if (area.startsWith('9')) return 'itin';
  if (area === '000' || area === '666') return 'area';
  if (d.slice(3, 5) === '00') return 'group';
  if (d.slice(5) === '0000') return 'serial';
  return null;
}
