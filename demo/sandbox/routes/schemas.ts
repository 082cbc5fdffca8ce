/** Request schemas shared by several routes. */
import { LOCALES } from '../../../src/api/types.js';
import { fail } from '../http/errors.js';
import { enumOf, nullable, object, optional, string } from '../http/validate.js';
import { yearsBetween } from '../time.js';

export const addressInput = object({
  address_1: string({ max: 200 }),
  address_2: optional(nullable(string({ min: 0, max: 200 }))),
  city: optional(string({ max: 100 })),
  state: optional(string({ format: 'state' })),
  postal_code: optional(string({ format: 'postal_code' })),
});

export const billingAddressInput = object({
  address_1: string({ max: 200 }),
  address_2: optional(nullable(string({ min: 0, max: 200 }))),
  city: string({ max: 100 }),
  state: string({ format: 'state' }),
  postal_code: string({ format: 'postal_code' }),
});

export const locale = enumOf(LOCALES);
export const name = string({ max: 100 });
export const email = string({ format: 'email', max: 254 });
export const phone = string({ format: 'phone' });
export const date = string({ format: 'date' });

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
