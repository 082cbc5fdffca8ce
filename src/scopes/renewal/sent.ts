/**
 * The renewal plans whose acceptance this tab's session sent (the plans step adds each, renewal-plans.ts), kept in its
 * stored session beside the token (bootstrap.ts): an acceptance whose answer was lost, then a reload, still knows that
 * the renewal the service queued is this session's, so the flow shows it done and leaving completes. Plan ids only,
 * nothing the customer typed; they go with the stored session (a new link replaces it, closing or expiry removes it).
 */
import { sessionStore, storedSession } from '../../flow/bootstrap.js';

export function sentRenewals(): unknown[] {
  const sent: unknown = storedSession(sessionStore())?.sent;
  return Array.isArray(sent) ? sent : [];
}
