/**
 * An account's life told in order, at instants in the past: what the account presets (presets.ts) are made of. Each
 * step is the enrollment step's own effect (enrollment.ts, the same functions the routes call, after the same
 * checks), the card goes through the card processor emulator as a browser's Stripe.js would send it, and time
 * passes through the real background pipeline (pipeline.ts) and invoice history, run for this account up to each
 * step's instant. The story can only move forward and never past the sandbox's now, so a preset account is one a
 * customer could have made by enrolling on those days.
 */
import { randomUUID } from 'node:crypto';
import type { AccountStatus, Locale, Plan, StatusReason } from '../../../src/api/types.js';
import { PREMISES, type Premise } from '../data/addresses.js';
import { EXAMPLE_SSNS } from '../data/triggers.js';
import type { Processor } from '../processor/processor.js';
import { seededRandom, hash } from '../random.js';
import { acceptanceProblems } from '../routes/account-enroll.js';
import type { Deps } from '../routes/deps.js';
import { quoteForAccountEsiId } from '../routes/plan-quotes.js';
import type { AccountRecord } from '../store/types.js';
import { addDays, isWeekday, localDate, localToInstant } from '../time.js';
import {
  acceptPlan,
  finalizeEnrollment,
  recordCreditCheck,
  recordIdentity,
  removePaymentMethod,
  syncPaymentMethod,
} from './enrollment.js';
import { queueRenewal } from './renewal.js';
import { missingForFinalize } from './status.js';

const FIRST_NAMES = ['Ana', 'Marcus', 'Lupe', 'Daniel', 'Keisha', 'Tomás', 'Emily', 'Rosa', 'Jamal', 'Priya', 'Carlos', 'Hannah'];
const LAST_NAMES = ['Garza', 'Nguyen', 'Washington', 'Hernández', 'Okafor', 'Patel', 'Miller', 'Treviño', 'Johnson', 'Castillo'];

/** An invented customer (no real person): the phone is in 555-0100–0199, the range reserved for fiction. */
export function inventedPerson(seed: string): { first_name: string; last_name: string; email: string; phone: string; date_of_birth: string } {
  const random = seededRandom(hash(seed));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const first = pick(FIRST_NAMES);
  const last = pick(LAST_NAMES);
  const ascii = (s: string) => s.normalize('NFD').replace(/[^A-Za-z]/g, '').toLowerCase();
  const year = 1958 + Math.floor(random() * 42);
  const month = 1 + Math.floor(random() * 12);
  const day = 1 + Math.floor(random() * 28);
  return {
    first_name: first,
    last_name: last,
    email: `${ascii(first)}.${ascii(last)}.${seed.slice(0, 6)}@example.com`,
    phone: `+1713555${String(100 + Math.floor(random() * 100)).padStart(4, '0')}`, // E.164, as the API stores phones
    date_of_birth: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
  };
}

export class AccountStory {
  readonly account: AccountRecord;
  readonly #deps: Deps;
  readonly #processor: Processor;
  /** The invented customer's identity, given at the identity step. */
  readonly #person: ReturnType<typeof inventedPerson>;
  #at: number;
  #plans: Plan[] = [];

  /** Creates the account at `at` (with a preliminary address, or none), as POST /v1/app/accounts does. */
  constructor(deps: Deps, processor: Processor, options: { at: number; locale: Locale; preliminaryAddress?: Premise }) {
    this.#deps = deps;
    this.#processor = processor;
    this.#at = Math.min(options.at, deps.clock.nowMs());
    const address = options.preliminaryAddress;
    this.#person = inventedPerson(randomUUID());
    // The email is the one field an account needs at creation; the rest of the identity comes at its step.
    this.account = deps.store.createAccount(
      {
        email: this.#person.email,
        locale: options.locale,
        ...(address
          ? { preliminary_address: { address_1: address.address_1, address_2: address.address_2, city: address.city, state: 'TX', postal_code: address.postal_code } }
          : {}),
      },
      this.#at,
    );
  }

  /** The story's current instant. */
  get at(): number {
    return this.#at;
  }

  /** Lets time pass to `instant` (at most the sandbox's now): the pipeline runs what falls due on the way. */
  until(instant: number): this {
    const target = Math.min(instant, this.#deps.clock.nowMs());
    if (target < this.#at) throw new RangeError(`a story moves forward only (${new Date(target).toISOString()} is before ${new Date(this.#at).toISOString()})`);
    this.#at = target;
    this.#deps.progress.runAccount(this.account, target);
    return this;
  }

  /** To the sandbox's now: what the account is today. */
  untilNow(): this {
    return this.until(this.#deps.clock.nowMs());
  }

  recordClientAgent(): this {
    this.account.clientAgentAcceptedAt = this.#at;
    return this;
  }

  requestPlans(premise: Premise): this {
    this.#plans = quoteForAccountEsiId(this.#deps, this.account, premise.esi_id, this.#at);
    return this;
  }

  /** Accepts the quoted plan `name` (e.g. "Longhorn Lock 36") starting on `startDate`, if plans/accept would. */
  acceptPlan(name: string, startDate: string, acceptedBy: 'customer' | 'client_agent' = 'customer'): this {
    const plan = this.#plans.find((p) => p.name === name);
    const quote = plan && this.#deps.store.plans.get(plan.uuid);
    if (!quote || !quote.esiId) throw new Error(`no quoted plan ${name}: request plans first`);
    const premise = PREMISES.find((p) => p.esi_id === quote.esiId)!;
    const problems = acceptanceProblems(
      this.account,
      quote,
      { esiId: premise.esi_id, utility: premise.utility, startDate, dateField: 'start_date', acceptedBy, termsAccepted: true },
      this.#at,
    );
    if (problems.length) throw new Error(`plans/accept would refuse: ${problems.map((p) => p.message).join('; ')}`);
    acceptPlan(this.#deps.store, this.account, quote, { premise, startDate, acceptedBy }, this.#at);
    return this;
  }

  identity(): this {
    recordIdentity(this.#deps.store, this.account, this.#person);
    return this;
  }

  creditCheck(ssn: string = EXAMPLE_SSNS.pass): this {
    recordCreditCheck(this.account, ssn.replace(/-/g, ''), this.#at);
    return this;
  }

  /** A test card typed into the Payment Element and confirmed at the processor, then synced to the account. */
  addCard(number = '4242424242424242'): this {
    const processor = this.#processor;
    const intent = processor.createSetupIntent(this.account.uuid);
    const postal = this.account.location?.address.postal_code ?? this.account.serviceAddress?.postal_code ?? '77002';
    const expYear = Number(localDate(this.#deps.clock.nowMs()).slice(0, 4)) + 4;
    const result = processor.confirmSetupIntent(intent.client_secret, { number, exp_month: 8, exp_year: expYear, cvc: number.length === 15 ? '1234' : '123', postal_code: postal });
    const method = result.ok && result.setupIntent.payment_method ? processor.getPaymentMethod(result.setupIntent.payment_method) : undefined;
    if (!method || method.status !== 'succeeded') throw new Error(`the processor did not set up card ${number.slice(-4)}`);
    syncPaymentMethod(this.#deps.store, this.account, method, this.#at);
    return this;
  }

  removeCard(): this {
    removePaymentMethod(this.account, this.#at);
    return this;
  }

  finalize(): this {
    const missing = missingForFinalize(this.account);
    if (missing.length) throw new Error(`finalize would refuse: ${missing.join(', ')}`);
    finalizeEnrollment(this.#deps.store, this.#deps.progress, this.account, this.#at);
    return this;
  }

  /** A status set through the sandbox's status control (POST /v1/account/sandbox/status), at the story's instant. */
  /** Accepts the first renewal offer, now, as the renewal flow does: the new contract is queued (state/renewal.ts). */
  renew(): this {
    this.untilNow();
    queueRenewal(this.#deps, this.account);
    return this;
  }

  force(status: AccountStatus, status_reason: StatusReason): this {
    this.#deps.progress.force(this.account, { status, status_reason }, this.#at);
    return this;
  }
}

/** 10:00 in Texas on `date`, or on the last weekday before it: when a customer enrolls in these stories. */
export function weekdayMorning(date: string): number {
  let day = date;
  while (!isWeekday(day)) day = addDays(day, -1);
  return localToInstant(day, 10);
}
