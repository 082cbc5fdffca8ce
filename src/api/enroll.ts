/**
 * The enrollment's calls after the address: accepting a plan, identity, credit check, finalizing, the flow's events
 * and the opt-out reasons. A module of its own, imported by the step chunks that make these calls, so the first
 * screen does not carry them; each takes the injected transport (client.ts), which a component test fakes.
 */
import type { FlowApi, Accepts, RequestOptions } from './client.js';
import { sig } from './client.js';
import type * as Contract from './types.js';
import type { Account, OptOutReason } from './types.js';

export interface AcceptPlanRequest {
  esi_id: string;
  plan_uuid: string;
  /** YYYY-MM-DD, between the plan's earliest and latest start dates. */
  start_date: string;
  terms_accepted: true;
  /** `client_agent`: the partner accepts on the customer's behalf (client agent enrollment; finalize must then say so). */
  accepted_by?: 'customer' | 'client_agent';
}

export interface IdentityRequest {
  first_name: string;
  last_name: string;
  phone: string;
  email: string;
  /** YYYY-MM-DD */
  date_of_birth: string;
}

export interface CreditCheckRequest {
  /** Nine digits, dashes allowed. Sent once, never stored or logged by the flow. */
  ssn: string;
  consent: true;
}

export interface FinalizeRequest {
  is_client_agent_enrollment?: boolean;
}

export type FlowEventRequest =
  | { event: 'plans_viewed'; plan_uuids: string[] }
  | { event: 'enrollment_opt_out'; plan_uuids: string[]; reason?: string; label?: string };

/**
 * The request types above are the flow's stricter view of the contract's (`terms_accepted: true`, one start date
 * field); this fails the type check if the contract (openapi.yaml → types.ts) stops accepting them.
 */
export type ContractConformance = [
  Accepts<Contract.AcceptPlanRequest, AcceptPlanRequest>,
  Accepts<Contract.IdentityRequest, IdentityRequest>,
  Accepts<Contract.CreditCheckRequest, CreditCheckRequest>,
  Accepts<Contract.FinalizeRequest, FinalizeRequest>,
  Accepts<Contract.FlowEvent, FlowEventRequest>,
];

export const acceptPlan = (api: FlowApi, body: AcceptPlanRequest, opts?: RequestOptions): Promise<Account> =>
  api.request('POST', '/v1/account/enroll/plans/accept', body, opts);

export const updateIdentity = (api: FlowApi, body: IdentityRequest, opts?: RequestOptions): Promise<Account> =>
  api.request('PATCH', '/v1/account/enroll/identity', body, opts);

export const submitCreditCheck = (api: FlowApi, body: CreditCheckRequest, opts?: RequestOptions): Promise<Account> =>
  api.request('POST', '/v1/account/enroll/credit-check', body, opts);

export async function finalize(api: FlowApi, body?: FinalizeRequest, opts?: RequestOptions): Promise<void> {
  await api.request<unknown>('POST', '/v1/account/enroll/finalize', body ?? {}, opts);
}

export const recordEvent = (api: FlowApi, body: FlowEventRequest, opts?: RequestOptions): Promise<{ recorded: boolean }> =>
  api.request('POST', '/v1/account/events', body, opts);

export const optOutReasons = (api: FlowApi, locale: string, signal?: AbortSignal): Promise<OptOutReason[]> =>
  api.request('GET', `/v1/account/enroll/opt-out/reasons?locale=${encodeURIComponent(locale)}`, undefined, sig(signal));
