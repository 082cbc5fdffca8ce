/**
 * The billing address form's rules, as the contract has them (BillingAddressInput): street, city, state and ZIP
 * required, the second line optional; a state is a US state, district or territory code; a ZIP is five digits (no
 * ZIP+4). Pure, so they are tested without a browser; the messages are the step's.
 */

/** The codes the contract accepts (the service's `state` format), with the name the form shows. */
const US_STATES: ReadonlyArray<readonly [code: string, name: string]> = [
  ['AL', 'Alabama'], ['AK', 'Alaska'], ['AZ', 'Arizona'], ['AR', 'Arkansas'], ['CA', 'California'], ['CO', 'Colorado'],
  ['CT', 'Connecticut'], ['DE', 'Delaware'], ['DC', 'District of Columbia'], ['FL', 'Florida'], ['GA', 'Georgia'],
  ['HI', 'Hawaii'], ['ID', 'Idaho'], ['IL', 'Illinois'], ['IN', 'Indiana'], ['IA', 'Iowa'], ['KS', 'Kansas'],
  ['KY', 'Kentucky'], ['LA', 'Louisiana'], ['ME', 'Maine'], ['MD', 'Maryland'], ['MA', 'Massachusetts'],
  ['MI', 'Michigan'], ['MN', 'Minnesota'], ['MS', 'Mississippi'], ['MO', 'Missouri'], ['MT', 'Montana'],
  ['NE', 'Nebraska'], ['NV', 'Nevada'], ['NH', 'New Hampshire'], ['NJ', 'New Jersey'], ['NM', 'New Mexico'],
  ['NY', 'New York'], ['NC', 'North Carolina'], ['ND', 'North Dakota'], ['OH', 'Ohio'], ['OK', 'Oklahoma'],
  ['OR', 'Oregon'], ['PA', 'Pennsylvania'], ['RI', 'Rhode Island'], ['SC', 'South Carolina'], ['SD', 'South Dakota'],
  ['TN', 'Tennessee'], ['TX', 'Texas'], ['UT', 'Utah'], ['VT', 'Vermont'], ['VA', 'Virginia'], ['WA', 'Washington'],
  ['WV', 'West Virginia'], ['WI', 'Wisconsin'], ['WY', 'Wyoming'], ['AS', 'American Samoa'], ['GU', 'Guam'],
  ['MP', 'Northern Mariana Islands'], ['PR', 'Puerto Rico'], ['VI', 'U.S. Virgin Islands'],
];
const CODES = new Set(US_STATES.map(([code]) => code));

/**
 * The Spanish names that differ from the English ones (the forms of the Real Academia Española's list of US states):
 * place names, data rather than interface text, so kept here beside the codes instead of in the message catalogue.
 */
const SPANISH_NAMES: Readonly<Record<string, string>> = {
  DC: 'Distrito de Columbia', HI: 'Hawái', LA: 'Luisiana', MI: 'Míchigan', MS: 'Misisipi', MO: 'Misuri',
  NH: 'Nuevo Hampshire', NJ: 'Nueva Jersey', NM: 'Nuevo México', NY: 'Nueva York', NC: 'Carolina del Norte',
  ND: 'Dakota del Norte', OR: 'Oregón', PA: 'Pensilvania', SC: 'Carolina del Sur', SD: 'Dakota del Sur',
  WV: 'Virginia Occidental', AS: 'Samoa Americana', MP: 'Islas Marianas del Norte', VI: 'Islas Vírgenes de EE. UU.',
};
/** The territories follow the states and the district, in every language. */
const TERRITORIES = new Set(['AS', 'GU', 'MP', 'PR', 'VI']);

/** The state list as the form shows it in `locale`: its names, in that language's alphabetical order. */
export function statesFor(locale: string): ReadonlyArray<readonly [code: string, name: string]> {
  if (locale !== 'es') return US_STATES;
  const collator = new Intl.Collator('es');
  return US_STATES.map(([code, name]) => [code, SPANISH_NAMES[code] ?? name] as const).sort(
    (a, b) => Number(TERRITORIES.has(a[0])) - Number(TERRITORIES.has(b[0])) || collator.compare(a[1], b[1]),
  );
}

export type AddressField = 'address_1' | 'address_2' | 'city' | 'state' | 'postal_code';
export type Problem = 'required' | 'format' | 'too_long' | 'server';

export interface AddressValues {
  address_1: string;
  address_2: string;
  city: string;
  state: string;
  postal_code: string;
}

const MAX: Record<AddressField, number> = { address_1: 200, address_2: 200, city: 100, state: 2, postal_code: 5 };

/**
 * A field as it is seen: without the invisible format characters a paste brings along (zero-width spaces, direction
 * marks that would show the saved address reversed), full-width digits and letters as plain ones.
 */
const seen = (value: string): string => value.normalize('NFKC').replace(/\p{Cf}/gu, '').trim();

/** What is wrong with one field, or null. */
export function fieldProblem(field: AddressField, raw: string): Problem | null {
  const value = seen(raw);
  if (field === 'address_2') return value.length > MAX.address_2 ? 'too_long' : null;
  if (!value) return 'required';
  if (field === 'state') return CODES.has(value.toUpperCase()) ? null : 'format';
  if (field === 'postal_code') return /^\d{5}$/.test(value) ? null : 'format';
  return value.length > MAX[field] ? 'too_long' : null;
}

/** Every field's problem, in the form's order. */
export function addressProblems(values: AddressValues): Partial<Record<AddressField, Problem>> {
  const out: Partial<Record<AddressField, Problem>> = {};
  for (const field of ['address_1', 'address_2', 'city', 'state', 'postal_code'] as const) {
    const problem = fieldProblem(field, values[field]);
    if (problem) out[field] = problem;
  }
  return out;
}

/** The service's field name (`address.postal_code`, or without the prefix) → the form's field, or null. */
export function formField(serviceField: string): AddressField | null {
  const name = serviceField.replace(/^address\./, '');
  return (['address_1', 'address_2', 'city', 'state', 'postal_code'] as const).find((f) => f === name) ?? null;
}

/** What is sent: as it is seen (`seen`), the state in capitals, an empty second line as null. */
export function addressBody(values: AddressValues) {
  const address_2 = seen(values.address_2);
  return {
    address_1: seen(values.address_1),
    address_2: address_2 || null,
    city: seen(values.city),
    state: seen(values.state).toUpperCase(),
    postal_code: seen(values.postal_code),
  };
}
