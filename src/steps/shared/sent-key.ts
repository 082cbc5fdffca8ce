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
 * write at a time: a step's answered write clears whichever key is kept, so a key left by a write that went through
 * before the new page read the account never outlives the customer's next answered write.
 */
import { AttemptKey } from '../../api/attempt-key.js';
import { remember, sessionStore, storedSession, type SentWrite } from '../../flow/bootstrap.js';
import { isApiError } from '../../api/errors.js';

const keep = (write?: SentWrite): void => remember(sessionStore(), null, { write });

export class SentKey extends AttemptKey {
  constructor(private readonly _step: SentWrite['step']) {
    super();
  }

  /** As AttemptKey's; with no attempt yet (this step's first send), the key kept for this step, if one is. */
  override for(request: string): string {
    const kept = this._key ? undefined : storedSession(sessionStore())?.write;
    const key = super.for(request, kept?.step === this._step ? kept.key : undefined);
    keep({ step: this._step, key });
    return key;
  }

  /** The service answered (or the step moved on): nothing is on its way any more. */
  override reset(): void {
    super.reset();
    keep();
  }

  /**
   * The service refused the key as one it had for another request: the write sent before the reload went through,
   * and what the customer sent now differs. Forgotten, so that the step's next send is a request of its own.
   */
  reused(error: unknown): boolean {
    const reused = isApiError(error) && error.fields.some((f) => f.field === 'Idempotency-Key' && f.code === 'reused');
    if (reused) this.reset();
    return reused;
  }

  /**
   * Sends `request` (its identifying content, as for `for`) with `send`, under the key, and once answered ends the
   * attempt (`reset`): the same request sent later (Back from a later step) is a new one, answered with the account as
   * it is then, not the replay of this answer. Refused as `reused`: the customer chose or typed something else since
   * the write sent before the reload, which went through; what they send now is sent again under a key of its own, a
   * write of its own (another plan accepted, other details saved), as it would be had the first answer arrived.
   */
  async send<T>(request: string, send: (idempotencyKey: string) => Promise<T>): Promise<T> {
    let answer: T;
    try {
      answer = await send(this.for(request));
    } catch (error) {
      if (!this.reused(error)) throw error;
      answer = await send(this.for(request));
    }
    this.reset();
    return answer;
  }
}

/** The step whose write was sent and not yet answered when the page was left, if any. */
export const sentWrite = (): SentWrite['step'] | undefined => storedSession(sessionStore())?.write?.step;
