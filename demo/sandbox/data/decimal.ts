/**
 * Rates are decimal strings of cents per kWh with up to five places (TDU rates such as 6.12984). Arithmetic on them
 * is done in integer units of 1e-5 cents so that sums and EFL averages come out exactly as the label would print.
 */
export const SCALE = 100_000;

export function parseDecimal(value: string): number {
  const m = /^(-)?(\d+)(?:\.(\d{1,5}))?$/.exec(value.trim());
  if (!m) throw new RangeError(`not a decimal with at most 5 places: ${value}`);
  const units = Number(m[2]) * SCALE + Number((m[3] ?? '').padEnd(5, '0'));
  return m[1] ? -units : units;
}

export function isDecimal(value: string): boolean {
  return /^-?\d+(\.\d{1,5})?$/.test(value.trim());
}

/** Formats scaled units with between `minPlaces` and 5 decimal places (trailing zeros trimmed). */
export function formatDecimal(units: number, minPlaces = 1): string {
  const negative = units < 0;
  const abs = Math.abs(Math.round(units));
  const whole = Math.floor(abs / SCALE);
  let frac = String(abs % SCALE).padStart(5, '0').replace(/0+$/, '');
  if (frac.length < minPlaces) frac = frac.padEnd(minPlaces, '0');
  return `${negative ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
}

/** Rounds scaled units half up to `places` decimals and prints exactly that many. */
export function formatFixed(units: number, places: number): string {
  const step = 10 ** (5 - places);
  const rounded = Math.round(units / step) * step;
  const negative = rounded < 0;
  const abs = Math.abs(rounded);
  const whole = Math.floor(abs / SCALE);
  const frac = String(abs % SCALE).padStart(5, '0').slice(0, places);
  return `${negative ? '-' : ''}${whole}${places ? `.${frac}` : ''}`;
}

/** Integer cents as a decimal dollar string: 12345 → "123.45". */
export function centsToDollars(cents: number): string {
  const negative = cents < 0;
  const abs = Math.abs(cents);
  return `${negative ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
