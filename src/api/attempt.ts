/**
 * One attempt of a request, with its own deadline: what every request does first (client.ts), and what the retry
 * policy repeats when that went wrong (retry.ts).
 */
import { abortError } from './errors.js';

/** One attempt taking longer than this counts as network loss (a dropped connection may never answer). */
export const ATTEMPT_TIMEOUT_MS = 30_000;

/**
 * Runs `attempt` with a signal that aborts when `outer` does or after `timeoutMs` (as a `TimeoutError`). Never sends
 * when `outer` is aborted already (an AbortError).
 */
export async function attemptWithTimeout(
  attempt: (signal: AbortSignal) => Promise<Response>,
  timeoutMs: number,
  outer?: AbortSignal,
): Promise<Response> {
  if (outer?.aborted) throw abortError(outer);
  const controller = new AbortController();
  const forward = () => controller.abort(outer?.reason);
  outer?.addEventListener('abort', forward, { once: true });
  const timer = setTimeout(() => controller.abort(new DOMException('Request timed out', 'TimeoutError')), timeoutMs);
  try {
    return await attempt(controller.signal);
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', forward);
  }
}
