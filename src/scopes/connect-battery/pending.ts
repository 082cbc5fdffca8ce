/**
 * The battery authorization whose maker's page this tab opened (the authorize step's popup), kept in its stored
 * session beside the token (bootstrap.ts): a reload while the customer answers on the maker's page resumes on that
 * same authorization, rather than at the maker choice with a second one to allow. An id only, which the flow reads
 * back through the service, never an outcome; it goes with the stored session (a new link replaces it, closing or
 * expiry removes it).
 */
import { remember, sessionStore, storedSession } from '../../flow/bootstrap.js';

export function pendingAuthorization(): string | undefined {
  const id: unknown = storedSession(sessionStore())?.battery;
  return typeof id === 'string' ? id : undefined;
}

/** The authorization now open on the maker's page; none once it was answered or the customer chose another maker. */
export const rememberPending = (id?: string): void => remember(sessionStore(), null, { battery: id });
