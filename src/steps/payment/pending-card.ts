/**
 * The card the processor confirmed whose save (ensure-payment-method-added) was sent and not yet answered, kept in
 * the tab's stored session beside the token (bootstrap.ts) until the service answers: a reload then sends the same
 * card again (the service ensures a card, it never adds it twice) and the flow goes on from the service's answer. It
 * is not shown as "the card on file" to keep, nor asked for again. The processor's id of the card only, opaque,
 * nothing the customer typed; it goes with the stored session (a new link replaces it, closing or expiry removes it).
 * In the `card` chunk (vite.config.ts), with the card on file: update-payment-method's first screen reads it too.
 */
import { remember, sessionStore, storedSession } from '../../flow/bootstrap.js';

export function pendingCard(): string | undefined {
  const id: unknown = storedSession(sessionStore())?.card;
  return typeof id === 'string' && id ? id : undefined;
}

/** The card whose save is on its way; none once the service answered it (saved, or refused). */
export const rememberPendingCard = (id?: string): void => remember(sessionStore(), null, { card: id });
