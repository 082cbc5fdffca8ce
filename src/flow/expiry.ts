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
  onExpiring(): void;
  onExpired(): void;
}

export interface ExpiryOptions {
  now?: () => number;
  warningMs?: number;
  doc?: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
}

/** Starts watching `expiresAt` (ISO 8601). Each handler runs at most once. Returns a function that stops. */
export function watchExpiry(expiresAt: string, handlers: ExpiryHandlers, options: ExpiryOptions = {}): () => void {
  const now = options.now ?? Date.now;
  const warningMs = options.warningMs ?? WARNING_MS;
  const doc = options.doc ?? document;
  const end = Date.parse(expiresAt);
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
      handlers.onExpiring();
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
