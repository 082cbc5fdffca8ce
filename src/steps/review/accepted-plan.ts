/**
 * The accepted plan as the service knows it. The account only says that a plan is accepted (and where: its
 * `location_uuid`); the plan's name, rate, term and start date are on that location's contract
 * (GET /v1/account/locations/{uuid}). Read from there, the review shows the same thing after a reload or a fresh
 * link as in the session that accepted the plan. The done step reads its start date here too (the review and done
 * steps are one chunk group, vite.config.ts).
 */
import type { FlowApi } from '../../api/client.js';
import type { AcceptedPlan } from '../../contract/enrollment.js';
import { getLocation } from '../../api/locations.js';

/**
 * The accepted plan at the account's location (`account.location_uuid`, set by accepting a plan), or null when
 * there is none yet or the read fails: the plan only names what is accepted, so a failed read falls back to what
 * the session remembers instead of blocking the screen (a 401 still reaches the root through the client's
 * onUnauthorized). The location's contract is in the shape the plans step hands up: its term, rate and start are
 * named alike, and its other fields (its own uuid replaced by the plan's) go along unread.
 */
export async function readAcceptedPlan(
  api: FlowApi,
  locationUuid: string | null | undefined,
  signal?: AbortSignal,
): Promise<AcceptedPlan | null> {
  return locationUuid
    ? getLocation(api, locationUuid, signal).then(({ contract: c }) => ({ ...c, uuid: c.plan_uuid, name: c.plan_name }), () => null)
    : null;
}
