/**
 * Sandbox magic values: inputs that make a failure path happen on purpose. The credit check keeps only the outcome
 * decided here from the SSN's serial (its last four digits); the SSN itself is dropped with the request.
 */
import type { CreditOutcome } from '../store/types.js';

export const SSN_SERIAL_TRIGGERS: Readonly<Record<string, Exclude<CreditOutcome, 'pass'>>> = {
  '9001': 'credit_not_found',
  '9002': 'credit_declined',
  '9003': 'credit_check_frozen',
  '9004': 'credit_check_error',
};

/** `ssnDigits` is the validated nine-digit SSN. */
export function creditOutcomeFor(ssnDigits: string): CreditOutcome {
  return SSN_SERIAL_TRIGGERS[ssnDigits.slice(5)] ?? 'pass';
}

/** Example SSNs for the fixtures: valid per SSA rules, one per outcome. */
export const EXAMPLE_SSNS: Readonly<Record<CreditOutcome, string>> = {
  pass: '123-45-6789',
  credit_not_found: '123-45-9001',
  credit_declined: '123-45-9002',
  credit_check_frozen: '123-45-9003',
  credit_check_error: '123-45-9004',
};
