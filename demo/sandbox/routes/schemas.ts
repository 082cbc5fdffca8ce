/** What several routes share about their validated requests (the shapes themselves are the contract's). */
import type { AddressInput } from '../../../src/api/types.js';
import { fail } from '../http/errors.js';
import { yearsBetween } from '../time.js';

/** An address as the sandbox keeps it: the contract's keys only (a request's unknown keys are ignored, not stored). */
export function addressInputOf(input: AddressInput): AddressInput {
  const out: AddressInput = { address_1: input.address_1 };
  if (input.address_2 !== undefined) out.address_2 = input.address_2;
  if (input.city !== undefined) out.city = input.city;
  if (input.state !== undefined) out.state = input.state;
  if (input.postal_code !== undefined) out.postal_code = input.postal_code;
  return out;
}

export const MINIMUM_AGE = 18;

/**
 * The customer must be 18 or older on the sandbox's today; birth dates more than 120 years back are refused as
 * typos. The identity step answers 422 (a rule of enrollment, as the contract says); account creation and update,
 * whose contract documents no 422, answer 400 with the same field error.
 */
export function assertAdult(dateOfBirth: string, today: string, status: 400 | 422): void {
  const age = yearsBetween(dateOfBirth, today);
  const problem =
    age < MINIMUM_AGE ? `The customer must be at least ${MINIMUM_AGE} years old` : age > 120 ? 'date_of_birth is more than 120 years ago' : null;
  if (!problem) return;
  throw status === 422 ? fail.unprocessable('date_of_birth', 'range', problem) : fail.field('date_of_birth', 'range', problem);
}
