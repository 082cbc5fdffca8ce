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
 * The customer must be 18 or older on the sandbox's today (a rule, so 422, not a malformed field). Birth dates
 * more than 120 years back are refused as typos.
 */
export function assertAdult(dateOfBirth: string, today: string): void {
  const age = yearsBetween(dateOfBirth, today);
  if (age < MINIMUM_AGE) {
    throw fail.unprocessable('date_of_birth', 'range', `The customer must be at least ${MINIMUM_AGE} years old`);
  }
  if (age > 120) throw fail.unprocessable('date_of_birth', 'range', 'date_of_birth is more than 120 years ago');
}
