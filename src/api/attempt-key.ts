/**
 * The Idempotency-Key of a user action that has a side effect (accept a plan, save the identity, run the credit
 * check, sync the card, finalize). The service replays the answer of a key it has already seen, so the key decides
 * whether sending is a repeat or a new request:
 *
 * - the same request again — "Try again", or the customer typing the same details and pressing the button again
 *   after an answer was lost — keeps the key: the side effect happens once (one credit inquiry, not two);
 * - a different request gets a new key: a corrected SSN must not be answered with the replay of the previous one;
 * - `reset()` ends the attempt (the credit step: after success; not when it leaves the page, since the same number
 *   typed again when it is back is still the same credit check).
 *
 * A module of its own, not in client.ts: only later steps use it, so it stays off the first screen.
 */
import { newIdempotencyKey } from './client.js';

export class AttemptKey {
  protected _key = '';
  /**
   * Only a salted hash of the last request is kept, never the request itself: the credit step's request is the SSN,
   * and no copy of it is kept anywhere but its input field (cleared when the step leaves the page). Salted with the
   * attempt's own random key, so no precomputed table maps it back. (Not encryption: code that can read this object
   * could have read the field.) 32 bits: two different requests share a hash once in four billion.
   */
  private _hash = 0;

  /**
   * The key for sending `request` (the request's identifying content, as a string); with `adopt`, that key from now
   * on, whatever was sent before (a key this page did not make: steps/shared/sent-key.ts).
   */
  for(request: string, adopt?: string): string {
    if (adopt || !this._key || hash(this._key + request) !== this._hash) this._hash = hash((this._key = adopt || newIdempotencyKey()) + request);
    return this._key;
  }

  reset(): void {
    this._key = '';
    this._hash = 0;
  }
}

/** FNV-1a over code points, 32 bits: small, synchronous, and enough to tell one request from the next. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (const c of s) h = Math.imul(h ^ c.codePointAt(0)!, 0x01000193);
  return h;
}
