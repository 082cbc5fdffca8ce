/**
 * Test identities for the identity step: invented people (no real person) whose every field passes, listed beside
 * the test addresses, SSNs and cards (GET /__sandbox/fixtures, README.md). Phones are in 555-0100–0199, the range
 * reserved for fiction; birth dates make each one an adult on any date the sandbox clock can show (18 to 120 years).
 */
import { MINIMUM_AGE } from '../routes/schemas.js';

export interface TestIdentity {
  first_name: string;
  last_name: string;
  date_of_birth: string;
  /** As a customer types it; the service stores it as E.164. */
  phone: string;
  email: string;
  note: string;
}

export const TEST_IDENTITIES: readonly TestIdentity[] = [
  { first_name: 'Ana', last_name: 'Garza', date_of_birth: '1985-04-12', phone: '(713) 555-0142', email: 'ana.garza@example.com', note: 'the everyday case; with SSN 123-45-6789 credit passes' },
  { first_name: 'Tomás', last_name: 'Hernández', date_of_birth: '1962-11-03', phone: '512-555-0177', email: 'tomas.hernandez@example.com', note: 'accents are kept as typed' },
  { first_name: 'Keisha', last_name: 'Washington-Okafor', date_of_birth: '1999-07-30', phone: '+1 214 555 0108', email: 'keisha.wo@example.com', note: 'a hyphenated last name; a phone with +1 and spaces' },
];

/** Values the identity step and the service refuse, to try the messages. */
export const IDENTITY_REFUSALS: ReadonlyArray<{ field: string; value: string; outcome: string }> = [
  { field: 'date_of_birth', value: `a date less than ${MINIMUM_AGE} years before the sandbox's today`, outcome: `refused: the customer must be at least ${MINIMUM_AGE}` },
  { field: 'date_of_birth', value: 'a date more than 120 years back', outcome: 'refused as a typo' },
  { field: 'phone', value: '(012) 555-0100', outcome: 'refused: the area code cannot start with 0 or 1' },
  { field: 'phone', value: '(713) 055-0100', outcome: 'refused: the exchange cannot start with 0 or 1' },
  { field: 'phone', value: '555-0100', outcome: 'refused: a US number has 10 digits' },
];
