/**
 * The part of the card processor emulator (./processor/) the service core uses: it opens a setup session per
 * payment-session call and later checks the payment method the client reports. Kept as an interface so the core
 * depends on what it needs, and tests can see exactly which processor calls an enrollment makes.
 */
import type { Clock } from '../clock.js';
import { Processor } from '../processor/processor.js';

export interface ProcessorPaymentMethod {
  id: string;
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
  billing_details: { postal_code: string | null };
  setup_intent_id: string;
  customer_ref: string;
  status: string;
}

export interface PaymentProcessor {
  readonly publicKey: string;
  createSetupIntent(customerRef: string): { id: string; client_secret: string };
  getPaymentMethod(id: string): ProcessorPaymentMethod | undefined;
}

/** The processor runs on the sandbox clock, so card expiry checks agree with the rest of the sandbox. */
export function createProcessor(publicKey: string, clock: Clock): Processor {
  return new Processor({ publicKey, now: () => clock.now() });
}
