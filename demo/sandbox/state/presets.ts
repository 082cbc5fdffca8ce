/**
 * Account presets: a new account of the App, already in a chosen state, in one call (POST /__sandbox/accounts), so a
 * developer can open any flow scope, or any ending, without enrolling by hand and waiting for the clock. Each preset
 * is one entry of PRESETS: the state it produces (checked by test/presets.test.ts), what it is for, and its story,
 * told with account-story.ts through the same enrollment steps, processor, pipeline and invoice history a customer's
 * account goes through. GET /__sandbox/fixtures lists them; README.md has the same table.
 */
import type { AccountStatus, FlowScope, Locale, StatusReason } from '../../../src/api/types.js';
import { PREMISES, type Premise, type PremiseTrigger } from '../data/addresses.js';
import { EXAMPLE_SSNS } from '../data/triggers.js';
import type { Processor } from '../processor/processor.js';
import type { Deps } from '../routes/deps.js';
import type { Store } from '../store/store.js';
import { addBusinessHours } from '../clock.js';
import { addDays, addMonths, localToInstant } from '../time.js';
import { AccountStory, weekdayMorning } from './account-story.js';
import { invoiceHistoryOf } from './invoice-history.js';

export interface PresetContext {
  /** The sandbox's now and its date in Texas. */
  now: number;
  today: string;
  /** Starts the account's story at `at` (never later than now). */
  begin(at: number, options?: { preliminaryAddress?: Premise }): AccountStory;
  store: Store;
  publicUrl: string;
}

export interface AccountPreset {
  name: string;
  /** The account's status right after the preset (it moves on with the clock like any account's). */
  status: AccountStatus;
  status_reason: StatusReason;
  /** The flow scopes it is made for; the ending screen reads any preset's status. */
  scopes: readonly FlowScope[];
  description: string;
  build(ctx: PresetContext): AccountStory;
}

const premise = (address_1: string, address_2: string | null = null): Premise => {
  const found = PREMISES.find((p) => p.address_1 === address_1 && p.address_2 === address_2);
  if (!found) throw new Error(`no premise ${address_1}`);
  return found;
};
const withTrigger = (trigger: PremiseTrigger): Premise => PREMISES.find((p) => p.trigger === trigger)!;

const HOUSTON = premise('1200 Smith St', 'Apt 2101'); // CenterPoint: the utility answers in one business hour
const DALLAS = premise('3005 Routh St'); // Oncor
const ABILENE = premise('2141 Grape St'); // AEP Texas North: 71 business hours to answer

const CREDIT_FINDINGS = {
  credit_not_found: 'the bureau found no credit file',
  credit_declined: 'the credit score is too low',
  credit_check_frozen: 'the credit file is frozen',
  credit_check_error: 'the bureau could not run the check',
} as const;

/** The weekday before today, 10:00: an enrollment finalized then has had at least a business day to move on. */
const lastWeekday = (ctx: PresetContext): number => weekdayMorning(addDays(ctx.today, -1));

/** The instant `hours` business hours before now (to five minutes), for a state that lasts less than a day. */
function businessHoursAgo(now: number, hours: number): number {
  let at = now;
  while (addBusinessHours(at, hours) > now) at -= 5 * 60_000;
  return at;
}

/** Address, plan, identity, credit check and card on `at`, starting service on `startDate`. */
function enrolled(ctx: PresetContext, at: number, o: { premise?: Premise; plan?: string; startDate?: string; ssn?: string } = {}): AccountStory {
  return ctx
    .begin(at)
    .requestPlans(o.premise ?? HOUSTON)
    .acceptPlan(o.plan ?? 'Lone Star Saver 12', o.startDate ?? addDays(ctx.today, 1))
    .identity()
    .creditCheck(o.ssn)
    .addCard();
}

/**
 * Service since `months` months ago (six days more, so the latest invoice came out last week and is still due), on a
 * plan chosen after first picking Lone Star Saver 12 (whose EFL and TOS are now historical documents). Some weeks
 * before the latest invoice the Visa was removed, so the auto-pay of the invoice before it failed (past due); then the
 * customer added a Mastercard, which the next run (the latest invoice's due date) will charge for both.
 */
function longCustomer(ctx: PresetContext, months: number, plan: string): AccountStory {
  const serviceStart = addDays(addMonths(ctx.today, -months), -6);
  const story = ctx
    .begin(weekdayMorning(addDays(serviceStart, -1)))
    .requestPlans(HOUSTON)
    .acceptPlan('Lone Star Saver 12', serviceStart)
    .acceptPlan(plan, serviceStart)
    .identity()
    .creditCheck()
    .addCard()
    .finalize()
    .until(localToInstant(serviceStart, 12));
  // The invoices auto-pay charges, newest first (never a voided one: it is voided before its due date).
  const history = invoiceHistoryOf(ctx.store, story.account, ctx.now, ctx.publicUrl)!;
  const charged = Array.from({ length: history.length }, (_, i) => history.entry(i)).filter((e) => e.voided_on === null);
  const missed = charged.find((e) => e.payment_due_date < ctx.today);
  if (!missed || charged[0]!.payment_due_date < ctx.today) throw new Error('the service start leaves no due invoice after a missed run');
  return story
    .until(localToInstant(addDays(missed.payment_due_date, -4), 18))
    .removeCard()
    .until(localToInstant(addDays(missed.payment_due_date, 2), 19))
    .addCard('5555555555554444')
    .untilNow();
}

/**
 * The presets. To add one, add an entry: its name is accepted by POST /__sandbox/accounts and listed by the
 * fixtures at once, and test/presets.test.ts checks it reaches the state it declares.
 */
export const PRESETS: readonly AccountPreset[] = [
  // ── For the flow's scopes ──
  {
    name: 'active-with-invoices',
    status: 'active',
    status_reason: 'active',
    scopes: ['update-payment-method', 'documents', 'billing', 'connect-battery'],
    description:
      'Active for 27 months on Longhorn Lock 36 (CenterPoint): about 30 invoices (more than a page), paid, voided and reissued, one past due (auto-pay failed while no card was on file) and the latest due; a Mastercard on file; EFL, TOS and YRAC active, an earlier EFL and TOS historical.',
    build: (ctx) => longCustomer(ctx, 27, 'Longhorn Lock 36'),
  },
  {
    name: 'active-contract-ending-soon',
    status: 'active',
    status_reason: 'active',
    scopes: ['renewal', 'billing', 'documents'],
    description: 'As active-with-invoices, but 35 months into Longhorn Lock 36: the contract ends within 30 days, so there is something to renew.',
    build: (ctx) => longCustomer(ctx, 35, 'Longhorn Lock 36'),
  },
  {
    name: 'active-renewal-queued',
    status: 'active',
    status_reason: 'active',
    scopes: ['documents', 'renewal'],
    description:
      'As active-contract-ending-soon, with the first renewal offer accepted today: the new contract is queued to start the day after the current one ends, and all-documents lists its EFL, TOS and YRAC as queued.',
    build: (ctx) => longCustomer(ctx, 35, 'Longhorn Lock 36').renew(),
  },
  {
    name: 'active-no-invoices',
    status: 'active',
    status_reason: 'active',
    scopes: ['billing', 'update-payment-method', 'documents', 'connect-battery'],
    description: 'Active since five days ago on Lone Star Saver 12 (Oncor), a Visa on file: no invoice yet (the first comes a month after service starts).',
    build: (ctx) => {
      const start = addDays(ctx.today, -5);
      return enrolled(ctx, weekdayMorning(addDays(start, -3)), { premise: DALLAS, startDate: start }).finalize().untilNow();
    },
  },
  {
    name: 'active-no-card',
    status: 'active',
    status_reason: 'active',
    scopes: ['update-payment-method', 'billing'],
    description: 'As active-no-invoices, but the card was removed yesterday: no payment method on file.',
    build: (ctx) => {
      const start = addDays(ctx.today, -5);
      return enrolled(ctx, weekdayMorning(addDays(start, -3)), { premise: DALLAS, startDate: start })
        .finalize()
        .until(localToInstant(addDays(ctx.today, -1), 9))
        .removeCard()
        .untilNow();
    },
  },
  // ── One per status and reason the sandbox reaches (the ending screen) ──
  {
    name: 'created-missing-address',
    status: 'created',
    status_reason: 'missing_address',
    scopes: ['enrollment'],
    description: 'Just created, without a preliminary address.',
    build: (ctx) => ctx.begin(ctx.now),
  },
  {
    name: 'created-unresolved',
    status: 'created',
    status_reason: 'unresolved',
    scopes: ['enrollment'],
    description: 'Just created with a preliminary address (1200 Smith St, Apt 2101, Houston), which the address step offers.',
    build: (ctx) => ctx.begin(ctx.now, { preliminaryAddress: HOUSTON }),
  },
  {
    name: 'applying-plan-not-accepted',
    status: 'applying',
    status_reason: 'plan_not_accepted',
    scopes: ['enrollment'],
    description: 'Address confirmed and plans requested; no plan accepted.',
    build: (ctx) => ctx.begin(ctx.now).requestPlans(HOUSTON),
  },
  {
    name: 'applying-missing-identity',
    status: 'applying',
    status_reason: 'missing_identity',
    scopes: ['enrollment'],
    description: 'Lone Star Saver 12 accepted, starting tomorrow; no identity yet.',
    build: (ctx) => ctx.begin(ctx.now).requestPlans(HOUSTON).acceptPlan('Lone Star Saver 12', addDays(ctx.today, 1)),
  },
  {
    name: 'applying-missing-payment-method',
    status: 'applying',
    status_reason: 'missing_payment_method',
    scopes: ['enrollment', 'update-payment-method'],
    description: 'Plan, identity and credit check done; no payment method (the card step is next).',
    build: (ctx) => ctx.begin(ctx.now).requestPlans(HOUSTON).acceptPlan('Lone Star Saver 12', addDays(ctx.today, 1)).identity().creditCheck(),
  },
  {
    name: 'applying-enrollment-not-finalized',
    status: 'applying',
    status_reason: 'enrollment_not_finalized',
    scopes: ['enrollment'],
    description: 'Every step done but finalize (review is next).',
    build: (ctx) => enrolled(ctx, ctx.now),
  },
  {
    name: 'reviewing-verification-pending',
    status: 'reviewing',
    status_reason: 'verification_pending',
    scopes: ['enrollment'],
    description: 'Finalized just now.',
    build: (ctx) => enrolled(ctx, ctx.now).finalize(),
  },
  {
    name: 'reviewing-credit-check-pending',
    status: 'reviewing',
    status_reason: 'credit_check_pending',
    scopes: ['enrollment'],
    description: 'Finalized three quarters of a business hour ago: verified, the credit check running.',
    build: (ctx) => enrolled(ctx, businessHoursAgo(ctx.now, 0.75)).finalize().untilNow(),
  },
  ...(['credit_not_found', 'credit_declined', 'credit_check_frozen', 'credit_check_error'] as const).map(
    (outcome): AccountPreset => ({
      name: `needs-attention-${outcome.replace(/_/g, '-')}`,
      status: 'needs_attention',
      status_reason: outcome,
      scopes: ['enrollment'],
      description: `Finalized on the last weekday with the SSN ${EXAMPLE_SSNS[outcome]}: ${CREDIT_FINDINGS[outcome]}.`,
      build: (ctx) => enrolled(ctx, lastWeekday(ctx), { ssn: EXAMPLE_SSNS[outcome] }).finalize().untilNow(),
    }),
  ),
  ...([['switch_hold', 'enrollment_blocked_switch_hold'], ['deactivated', 'enrollment_blocked_deactivated']] as const).map(
    ([trigger, reason]): AccountPreset => {
      const p = withTrigger(trigger);
      return {
        name: `needs-attention-${reason.replace(/_/g, '-')}`,
        status: 'needs_attention',
        status_reason: reason,
        scopes: ['enrollment'],
        description: `Finalized on the last weekday at ${p.address_1}${p.address_2 ? `, ${p.address_2}` : ''}, ${p.city}, whose meter the utility refuses at submission.`,
        build: (ctx) => enrolled(ctx, lastWeekday(ctx), { premise: p }).finalize().untilNow(),
      };
    },
  ),
  {
    name: 'needs-attention-utility-blocked',
    status: 'needs_attention',
    status_reason: 'utility_blocked',
    scopes: ['enrollment'],
    description: 'Finalized two weeks ago at 702 Leopard St, Corpus Christi: submitted, then AEP Texas Central reported a problem.',
    build: (ctx) => {
      const at = weekdayMorning(addDays(ctx.today, -14));
      return enrolled(ctx, at, { premise: withTrigger('utility_blocked'), startDate: addDays(ctx.today, -10) }).finalize().untilNow();
    },
  },
  {
    name: 'ready-enrollment-pending-client-agent',
    status: 'ready',
    status_reason: 'enrollment_pending_client_agent',
    scopes: ['enrollment'],
    description: 'Power of attorney recorded, preliminary address, identity, a passing credit check and a card: waiting for the client agent to pick a plan and a start 7 to 30 days out.',
    build: (ctx) => ctx.begin(ctx.now, { preliminaryAddress: HOUSTON }).recordClientAgent().identity().creditCheck().addCard(),
  },
  {
    name: 'activating-utility-submitted',
    status: 'activating',
    status_reason: 'utility_submitted',
    scopes: ['enrollment'],
    description: 'Finalized on the last weekday at 2141 Grape St, Abilene: submitted to AEP Texas North, which takes 71 business hours to answer.',
    build: (ctx) => enrolled(ctx, lastWeekday(ctx), { premise: ABILENE }).finalize().untilNow(),
  },
  {
    name: 'scheduled-service-pending',
    status: 'scheduled',
    status_reason: 'service_pending',
    scopes: ['enrollment', 'update-payment-method', 'documents'],
    description: 'Finalized on the last weekday and accepted by CenterPoint; service starts in 20 days.',
    build: (ctx) => {
      const at = lastWeekday(ctx);
      return enrolled(ctx, at, { startDate: addDays(ctx.today, 20) }).finalize().untilNow();
    },
  },
  // The specification names no cancellation request (the location group's "service cancellation" is not shown):
  // the sandbox reaches cancelled/* through its status control, so these stories walk the enrollment up to the
  // moment it ends and set the reason there.
  {
    name: 'cancelled-pre-start',
    status: 'cancelled',
    status_reason: 'cancelled_pre_start',
    scopes: ['enrollment'],
    description: 'Scheduled to start in 20 days, then cancelled today before service started.',
    build: (ctx) => enrolled(ctx, lastWeekday(ctx), { startDate: addDays(ctx.today, 20) }).finalize().untilNow().force('cancelled', 'cancelled_pre_start'),
  },
  {
    name: 'cancelled-post-start',
    status: 'cancelled',
    status_reason: 'cancelled_post_start',
    scopes: ['billing', 'documents'],
    description: 'Active from seven weeks ago until cancelled three days ago: two invoices, the first paid, the final one (up to the cancellation) due.',
    // Cancelled far enough back that the final invoice (one or two days after the last day of service) is out.
    build: (ctx) => {
      const start = addDays(ctx.today, -50);
      return enrolled(ctx, weekdayMorning(addDays(start, -3)), { startDate: start })
        .finalize()
        .until(localToInstant(addDays(ctx.today, -3), 11))
        .force('cancelled', 'cancelled_post_start')
        .untilNow();
    },
  },
  {
    name: 'cancelled-expire-pre-active',
    status: 'cancelled',
    status_reason: 'expire_pre_active',
    scopes: ['enrollment'],
    description: 'Finalized twelve days ago with the SSN 123-45-9004 (credit check error); the rates expired a week later, before verification completed.',
    build: (ctx) => {
      const at = weekdayMorning(addDays(ctx.today, -12));
      return enrolled(ctx, at, { ssn: EXAMPLE_SSNS.credit_check_error, startDate: addDays(ctx.today, -2) })
        .finalize()
        .until(at + 7 * 86_400_000)
        .force('cancelled', 'expire_pre_active')
        .untilNow();
    },
  },
  {
    name: 'cancelled-enrollment-blocked-verification-hold',
    status: 'cancelled',
    status_reason: 'enrollment_blocked_verification_hold',
    scopes: ['enrollment'],
    description: 'Finalized 25 days ago with the SSN 123-45-9002 (credit declined); the customer did not send proof in time and it was cancelled four days ago.',
    build: (ctx) => {
      const at = weekdayMorning(addDays(ctx.today, -25));
      return enrolled(ctx, at, { ssn: EXAMPLE_SSNS.credit_declined, startDate: addDays(ctx.today, -20) })
        .finalize()
        .until(localToInstant(addDays(ctx.today, -4), 10))
        .force('cancelled', 'enrollment_blocked_verification_hold')
        .untilNow();
    },
  },
];

export const PRESET_NAMES: readonly string[] = PRESETS.map((p) => p.name);

export function presetNamed(name: string): AccountPreset | undefined {
  return PRESETS.find((p) => p.name === name);
}

/** Builds a new account of the App in the preset's state. */
export function buildPreset(deps: Deps, processor: Processor, preset: AccountPreset, locale: Locale): AccountStory {
  const now = deps.clock.nowMs();
  return preset.build({
    now,
    today: deps.clock.today(),
    store: deps.store,
    publicUrl: deps.config.publicUrl,
    begin: (at, options = {}) => new AccountStory(deps, processor, { at, locale, ...options }),
  });
}
