/**
 * What the sandbox keeps in memory. API shapes come from the contract (src/api/types.ts); these records hold what
 * the service knows besides them (timestamps as numbers on the sandbox clock, triggers, counters).
 */
import type {
  AccountStatus,
  AddressInput,
  BatteryMakerId,
  AddressSearchResult,
  FlowBehavior,
  FlowScope,
  Locale,
  Plan,
  StatusReason,
} from '../../../src/api/types.js';
import type { PremiseTrigger } from '../data/addresses.js';
import type { UtilityName } from '../data/utilities.js';

export interface App {
  id: string;
  name: string;
  token: string;
  stripePublicKey: string;
  allowedOrigins: string[];
  primaryColor: string;
  logoUrl: string | null;
}

export type CreditOutcome = 'pass' | 'credit_not_found' | 'credit_declined' | 'credit_check_frozen' | 'credit_check_error';

export interface StatusPair {
  status: AccountStatus;
  status_reason: StatusReason;
}

/** A plan as priced for one request, with what acceptance must check against. */
export interface PlanRecord {
  plan: Plan;
  appId: string;
  /** Only this account may accept it (account-level and per-account requests); null for App-level quotes. */
  accountUuid: string | null;
  /** The ESI ID it was priced for, or null when priced by postal code. */
  esiId: string | null;
  utility: UtilityName;
  groupId: string;
  pricedAt: number;
  expiresAt: number;
  /** Public ids of the plan's EFL, TOS and YRAC (the ids in plan.links). */
  documentIds: { efl: string; tos: string; yrac: string };
  /** Set on a renewal offer: only this contract of this location may be renewed with it (state/renewal.ts). */
  renewal?: { locationUuid: string; contractUuid: string };
}

export interface ContractRecord {
  uuid: string;
  plan: Plan;
  startDate: string;
  endDate: string;
  /** The start date accepted, when service started later (the utility accepted the switch after it): the LOA's. */
  requestedStartDate?: string;
  acceptedAt: number;
  acceptedBy: 'customer' | 'client_agent';
  /** The Letter of Authorization generated for a client agent acceptance. */
  loaDocumentId: string | null;
}

export interface LocationRecord {
  uuid: string;
  esiId: string;
  address: AddressSearchResult;
  utility: UtilityName;
  trigger: PremiseTrigger | null;
  contract: ContractRecord;
  /** An accepted renewal that starts when `contract` ends (state/renewal.ts); absent or null when there is none. */
  queuedContract?: ContractRecord | null;
}

export interface StoredCard {
  paymentMethodId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  postalCode: string | null;
  addedAt: number;
}

/** The background steps after finalization, in order; 'done' once usage history has arrived. */
export type PipelineStage = 'verification' | 'credit' | 'utility' | 'start' | 'usage' | 'done';

export interface Pipeline {
  /** The next step to run. */
  stage: PipelineStage;
  dueAt: number;
  /** Stopped by a trigger (needs_attention) or by a forced status: nothing runs until a new status is forced. */
  halted: boolean;
}

export interface AccountCounters {
  finalize_succeeded: number;
  finalize_refused: number;
  payment_methods_synced: number;
  funnel_events: number;
  plan_requests: number;
  plans_accepted: number;
  identity_updates: number;
  credit_checks: number;
  webhooks_emitted: number;
}

export interface AccountRecord {
  seq: number;
  uuid: string;
  appId: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  date_of_birth: string | null;
  preliminary_address: AddressInput | null;
  locale: Locale;
  createdAt: number;
  /** Power of attorney recorded by the partner (client agent), with when the customer granted it. */
  clientAgentAcceptedAt: number | null;
  serviceAddress: AddressSearchResult | null;
  location: LocationRecord | null;
  /**
   * Contracts replaced by a later acceptance before finalization, or ended and followed by their renewal; their
   * documents become historical.
   */
  pastContracts: ContractRecord[];
  /** Only the outcome the sandbox trigger decided: the SSN itself is never kept. */
  credit: { outcome: CreditOutcome; submittedAt: number } | null;
  card: StoredCard | null;
  /**
   * When a payment method was on file (added at `from`, removed at `to`): what each auto-pay run could charge, kept
   * so that a payment, once made or failed, never changes.
   */
  paymentMethodPeriods: Array<{ from: number; to: number | null }>;
  billingAddress: { same: boolean; address: AddressInput | null } | null;
  finalizedAt: number | null;
  /** The plan was accepted on the customer's behalf (client agent); finalize must then say so. */
  clientAgentEnrollment: boolean;
  /** Status after finalization, moved on by the background pipeline. */
  progress: StatusPair | null;
  pipeline: Pipeline | null;
  /**
   * A status forced through /v1/account/sandbox/status; cleared by the next enrollment action, except a cancelled
   * one, which only the status control replaces.
   */
  forced: StatusPair | null;
  /**
   * When the account was cancelled (the status control's first cancelled status); null unless its status is
   * cancelled. Service ends then: billing stops with the period running (state/invoice-history.ts).
   */
  cancelledAt: number | null;
  serviceActiveAt: number | null;
  usageHistoryAt: number | null;
  /**
   * Invoice numbers whose webhooks were emitted (statement sent, auto-pay succeeded, auto-pay failed), and the part
   * of a day last looked at (`checkedOn`: the date and whether before or after its auto-pay run).
   */
  invoiceEvents: { sent: string[]; paid: string[]; failed: string[]; checkedOn: string | null };
  counters: AccountCounters;
  requestsByRoute: Record<string, number>;
}

export type TokenKind = 'account' | 'flow' | 'app_login';

export interface TokenRecord {
  token: string;
  kind: TokenKind;
  accountUuid: string;
  appId: string;
  createdAt: number;
  expiresAt: number;
  scope?: FlowScope;
  behavior?: FlowBehavior;
  locale?: Locale;
  returnUrl?: string | null;
  route?: string | null;
}

export type FunnelIdentity = 'account' | 'prospect' | 'anonymous';

export interface FunnelRecord {
  id: string;
  event: 'plans_viewed' | 'enrollment_opt_out';
  source: 'app' | 'flow';
  identity: FunnelIdentity;
  accountUuid: string | null;
  prospectEmail: string | null;
  planUuids: string[];
  reason: string | null;
  label: string | null;
  recordedAt: number;
  /** Set when a prospect's events are merged into an account created later with the same email. */
  mergedAt: number | null;
}

/** What the service records on its own (specification, funnel rule 9), kept beside the partner's events. */
export interface ServiceEventRecord {
  event: 'account_created' | 'prospect_merged' | 'plan_requested' | 'plan_accepted' | 'enrollment_finalized' | 'renewal_accepted';
  accountUuid: string | null;
  at: number;
  detail?: Record<string, unknown>;
}

/**
 * A battery authorization (state/battery.ts): started by the flow, answered by the customer on the maker's page.
 * `ticket` is the secret of its authorization_url: the page acts on it, never on the account's token.
 */
export interface BatteryAuthorizationRecord {
  id: string;
  accountUuid: string;
  maker: BatteryMakerId;
  ticket: string;
  returnUrl: string | null;
  locale: Locale;
  createdAt: number;
  expiresAt: number;
  answer: { decision: 'allow' | 'deny'; at: number; deviceId: string | null } | null;
}

/** A battery connected to an account: one per maker (allowing the same maker again refreshes it). */
export interface BatteryDeviceRecord {
  id: string;
  accountUuid: string;
  maker: BatteryMakerId;
  serialLast4: string;
  connectedAt: number;
}
