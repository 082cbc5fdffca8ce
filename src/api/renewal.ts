/**
 * Renewal of the location's contract: the priced renewal plans (the enrollment's Plan, so the same plan card shows
 * them) and their acceptance, which queues the new contract after the current one. A module of its own, imported by
 * the renewal plans step's chunk; it takes the injected transport (client.ts), which a component test fakes.
 */
import type { Accepts, FlowApi, RequestOptions } from './client.js';
import { sig } from './client.js';
import type * as Contract from './types.js';
import type { Location, Plan } from './types.js';

export interface RenewalAcceptRequest {
  plan_uuid: string;
  terms_accepted: true;
  /** YYYY-MM-DD in the plan's window; the service defaults it to the day after the current contract ends. */
  start_date?: string;
}

/** The flow's stricter view of the contract's request (`terms_accepted: true`); fails the type check if it drifts. */
export type ContractConformance = [Accepts<Contract.RenewalAcceptRequest, RenewalAcceptRequest>];

const base = (locationUuid: string) => `/v1/account/locations/${encodeURIComponent(locationUuid)}/renewal`;

/** `GET …/renewal/plans`: 422 with a field code (not_active, not_yet_eligible, already_renewed) when not eligible. */
export const listRenewalPlans = (api: FlowApi, locationUuid: string, signal?: AbortSignal): Promise<Plan[]> =>
  api.request('GET', `${base(locationUuid)}/plans`, undefined, sig(signal));

/** `POST …/renewal/accept` (with the user action's Idempotency-Key): the Location, its renewal in `queued_contract`. */
export const acceptRenewal = (api: FlowApi, locationUuid: string, body: RenewalAcceptRequest, opts?: RequestOptions): Promise<Location> =>
  api.request('POST', `${base(locationUuid)}/accept`, body, opts);
