/**
 * The five-digit ZIP code in what was typed or pasted, as the address search takes it: spaces and invisible marks
 * around it ignored (a paste often brings one), full-width digits read as digits (an East Asian keyboard's), a
 * ZIP+4's extension dropped; undefined when there is none.
 */
export function zip5(value: string): string | undefined {
  return /^[\s\p{Cf}]*(\d{5})(-\d{4})?[\s\p{Cf}]*$/u.exec(value.normalize('NFKC'))?.[1];
}
