/**
 * The session clock: a warning five minutes before the link expires, and the expiry itself. Browsers throttle
 * timers in background tabs and suspend them on sleeping phones, so the deadlines are re-checked whenever the page
 * becomes visible again instead of trusting one long timeout.
 *
 * Off the first screen (in the host link's chunk, host-link.ts, loaded once the session is known), with the notice
 * its warning shows.
 */
import './screens/expiry-notice.js';

export const WARNING_MS = 5 * 60 * 1000;
/** setTimeout overflows past 2^31-1 ms (about 24.8 days). */
const MAX_TIMEOUT = 2 ** 31 - 1;

export interface ExpiryHandlers {
  /** `at`: when the link ends, on this device's clock (ISO 8601), to say to the customer. */
  onExpiring(at: string): void;
  onExpired(): void;
}

/** A link lives an hour at most. */
const MAX_LIFETIME_MS = 60 * 60 * 1000;

export interface ExpiryOptions {
  now?: () => number;
  /** When the service answered with `expiresIn` (default: now). */
  start?: number;
  warningMs?: number;
  doc?: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
}

/**
 * Starts the clock of a token the service has just accepted (this runs once the session was read). The end is
 * `expiresIn` seconds from `start` (when the service answered) when it says them, so a device clock that is wrong does
 * not matter; otherwise `expiresAt` (ISO 8601) on this device's clock, with the time left clamped to (0, 1 h]: the
 * service accepted the token, so its now is before `expiresAt`, and a link lives an hour at most. A clock an hour fast
 * then does not end a fresh link at once (the service's 401 says when it is over), and a slow one still warns in time.
 * Each handler runs at most once. Returns a function that stops.
 */
export function watchExpiry(
  expiresAt: string,
  expiresIn: number | undefined,
  handlers: ExpiryHandlers,
  options: ExpiryOptions = {},
): () => void {
  const now = options.now ?? Date.now;
  const warningMs = options.warningMs ?? WARNING_MS;
  const doc = options.doc ?? document;
  const start = options.start ?? now();
  const left = typeof expiresIn === 'number' ? expiresIn * 1000 : Math.min(Date.parse(expiresAt) - start, MAX_LIFETIME_MS);
  // Unknown (a clock fast by more than the time left, or no date at all): only the service's 401 ends the flow.
  const end = left > 0 || typeof expiresIn === 'number' ? start + left : NaN;
  let warned = false;
  let expired = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const check = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (Number.isNaN(end) || expired) return;
    const left = end - now();
    if (left <= 0) {
      expired = true;
      stop();
      handlers.onExpired();
      return;
    }
    if (!warned && left <= warningMs) {
      warned = true;
      handlers.onExpiring(new Date(end).toISOString());
    }
    const next = warned ? left : left - warningMs;
    timer = setTimeout(check, Math.min(Math.max(next, 0) + 50, MAX_TIMEOUT));
  };
  const onVisible = () => {
    if (doc.visibilityState === 'visible') check();
  };

  function stop() {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    doc.removeEventListener('visibilitychange', onVisible);
  }

  doc.addEventListener('visibilitychange', onVisible);
  check();
  return stop;
}
