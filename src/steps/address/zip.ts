/** A US ZIP code as the address search takes it: five digits (spaces around them ignored). */
export function postalCodeValid(value: string): boolean {
  return /^\d{5}$/.test(value.trim());
}
