/**
 * The five-digit ZIP code in what was typed or pasted, as the address search takes it: spaces around it ignored (a
 * paste often brings one), a ZIP+4's extension dropped; null when there is none.
 */
export function zip5(value: string): string | null {
  return /^\s*(\d{5})(-\d{4})?\s*$/.exec(value)?.[1] ?? null;
}
