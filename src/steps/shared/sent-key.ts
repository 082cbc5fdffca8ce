/**
 * The Idempotency-Key of an enrollment write (accept a plan, save the identity, run the credit check, finalize) kept
 * beside the tab's stored session (flow/bootstrap.ts) from the moment it is sent until the service answers it.
 *
 * A reload of the page while the write is on its way loses its answer, and the new page may read the account before
 * the service has done the write: the step is shown again, and what the customer sends from it would be a second
 * write (a second plan acceptance, a second inquiry on the credit file). So the step's first send of the new page
 * goes under the key kept: the same request is answered with what the first one did (or waits for it), never done
 * twice. A different request under it (another plan chosen, other details typed) is refused as `reused` (`reused()`
 * below): the first one went through, and the step decides what follows.
 *
 * Only the key is kept, random, never the request nor anything derived from it (the credit check's is the SSN). One
 * write at a time, in one place beside the session, which a step's write takes and its answer empties, except a credit
 * check's: sent before a reload and not answered, it stays there while the customer goes Back and accepts a plan or
 * saves their details again, so that the number sent next is still that check, never a second inquiry; only the credit
 * step and the finalize take it. A finalize's key is any step's to take (the review shows only once every other write
 * is done: a write of another step after it means the finalize was refused for want of it), and a card's save answered
 * empties the place (payment.ts). So a key left by a write that went through before the new page read the account
 * does not outlive the customer's next write.
 */
import { AttemptKey } from '../../api/attempt-key.js';
import { remember, sessionStore, storedSession, type SentWrite } from '../../flow/bootstrap.js';
import type { ApiError } from '../../api/errors.js';

export class SentKey extends AttemptKey {
  constructor(private readonly _step: SentWrite['step']) {
    super();
  }

  /** As AttemptKey's; with no attempt yet (this step's first send), the key kept for this step, if one is. */
  override for(request: string): string {
    const kept = this._key ? undefined : storedSession(sessionStore())?.write;
    const key = super.for(request, kept?.step === this._step ? kept.key : undefined);
    this._keep({ step: this._step, key });
    return key;
  }

  /** The service answered (or the step moved on): nothing is on its way any more. */
  override reset(): void {
    super.reset();
    this._keep();
  }

  /** Takes the place (or empties it), unless it holds a credit check's key and this is neither it nor a finalize. */
  private _keep(write?: SentWrite): void {
    const kept = storedSession(sessionStore())?.write;
    if (kept?.step !== 'credit' || this._step === 'credit' || this._step === 'review') remember(sessionStore(), null, { write });
  }

  /**
   * The service refused the key as one it had for another request: the write sent before the reload went through,
   * and what the customer sent now differs. Forgotten, so that the step's next send is a request of its own.
   */
  reused(error: unknown): boolean {
    const reused = Boolean((error as Partial<ApiError> | undefined)?.fields?.some((f) => f.field === 'Idempotency-Key' && f.code === 'reused'));
    if (reused) this.reset();
    return reused;
  }
}

/** The step whose write was sent and not yet answered when the page was left, if any. */
export const sentWrite = (): SentWrite['step'] | undefined => storedSession(sessionStore())?.write?.step;
