/**
 * The accepted plan as the service knows it. The account only says that a plan is accepted (and where: its
 * `location_uuid`); the plan's name, rate, term and start date are on that location's contract
 * (GET /v1/account/locations/{uuid}). Read from there, the review shows the same thing after a reload or a fresh
 * link as in the session that accepted the plan. (The done step reads only the start date, on its own: a module that
 * two step chunks share goes into the chunk the plans step also loads, vite.config.ts "later", and that one is at its
 * budget.)
 */
import type { FlowApi } from '../../api/client.js';
import type { Location } from '../../api/types.js';
import type { AcceptedPlan } from '../../contract/enrollment.js';
import { getLocation } from '../../api/locations.js';

/** The location's contract in the shape the plans step hands up. */
export function planOfLocation(location: Location): AcceptedPlan {
  const c = location.contract;
  return {
    uuid: c.plan_uuid,
    name: c.plan_name,
    term_months: c.term_months,
    energy_rate_cents_per_kwh: c.energy_rate_cents_per_kwh,
    start_date: c.start_date,
  };
}

/**
 * The accepted plan at the account's location (`account.location_uuid`, set by accepting a plan), or null when
 * there is none yet or the read fails: the plan only names what is accepted, so a failed read falls back to what
 * the session remembers instead of blocking the screen (a 401 still reaches the root through the client's
 * onUnauthorized).
 */
export async function readAcceptedPlan(
  api: FlowApi,
  locationUuid: string | null | undefined,
  signal?: AbortSignal,
): Promise<AcceptedPlan | null> {
  if (!locationUuid) return null;
  return getLocation(api, locationUuid, signal).then(planOfLocation, () => null);
}
