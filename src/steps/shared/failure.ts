/**
 * How a step presents a failed call. Every step sorts errors the same way, so the customer always gets the same
 * kind of message for the same kind of trouble:
 *
 * - validation (400/422 with fields): the messages go next to the fields, nothing else;
 * - network, 5xx and 429 that outlasted the client's own retries: an alert with "Try again", which repeats the same
 *   user action with the same Idempotency-Key so its side effect cannot happen twice;
 * - 401/403: not the step's business; the root shows the expired or error screen.
 *
 * What the address form needs is here (it is on the first screen, and an offline failure must render without
 * fetching code); the wording of a refusal, which only later steps show, is in refusal.ts.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { msg } from '@lit/localize';
import { isAbortError, isApiError, type ApiError, type ApiFieldError } from '../../api/errors.js';
import { ApiErrorEvent } from '../../contract/events.js';

export type Failure =
  /** Field errors the step shows next to its fields; a step keeps as its failure those it has no field for (refusal.ts says them). */
  | { kind: 'fields'; fields: ApiFieldError[]; error: ApiError }
  /** A refusal without field detail (404, 409, 422 without fields): the step words it. */
  | { kind: 'refused'; error: ApiError }
  /** Transient trouble: offer "Try again". */
  | { kind: 'retry'; error: ApiError | Error; rateLimited: boolean }
  /** Handed to the root (401, 403): the step shows nothing. */
  | { kind: 'handled' };

/**
 * Sorts an error; returns null for a cancelled request (never shown). 401/403 are dispatched to the root from
 * `host` here, so callers only deal with what they can show.
 */
export function toFailure(error: unknown, host: EventTarget): Failure | null {
  if (isAbortError(error)) return null;
  if (!isApiError(error)) return { kind: 'retry', error: error instanceof Error ? error : new Error(String(error)), rateLimited: false };
  switch (error.kind) {
    case 'unauthorized':
    case 'forbidden':
      host.dispatchEvent(new ApiErrorEvent(error));
      return { kind: 'handled' };
    case 'network':
    case 'server':
      return { kind: 'retry', error, rateLimited: false };
    case 'rate_limited':
      return { kind: 'retry', error, rateLimited: true };
    case 'validation':
      return error.fields.length > 0 ? { kind: 'fields', fields: error.fields, error } : { kind: 'refused', error };
    default:
      return { kind: 'refused', error };
  }
}

/** Field errors by the service's field name; the step maps known names to its own localized sentences. */
export function fieldCodes(failure: Failure | null): Map<string, string> {
  const map = new Map<string, string>();
  if (failure?.kind === 'fields') for (const f of failure.fields) if (!map.has(f.field)) map.set(f.field, f.code);
  return map;
}

/**
 * The alert for transient trouble. `role="alert"` makes screen readers announce it when it appears; the button
 * repeats the action (the caller keeps the Idempotency-Key), and is disabled while `busy` (most retries take the
 * alert away as they start; those that keep it, a read run again, must not be restarted by each press).
 */
export function renderRetryAlert(
  failure: Failure | null,
  onRetry: () => void,
  busy = false,
): TemplateResult | typeof nothing {
  if (failure?.kind !== 'retry') return nothing;
  const text = failure.rateLimited
    ? msg('Too many requests reached the service at once. Wait a minute, then try again.', {
        id: 'error.rate_limited',
      })
    : isApiError(failure.error) && failure.error.kind === 'server'
      ? msg('Something went wrong on our side. Nothing was lost: try again in a moment.', { id: 'error.server' })
      : msg('We could not reach the service. Check your connection, then try again.', { id: 'error.network' });
  return html`<div class="alert error" role="alert" part="alert">
    <p>${text}</p>
    <button type="button" class="btn secondary" ?disabled=${busy} @click=${onRetry}>
      ${msg('Try again', { id: 'error.try_again' })}
    </button>
  </div>`;
}
