import { html, nothing, type PropertyDeclarations } from 'lit';
import { msg } from '@lit/localize';
import { Task, TaskStatus } from '@lit/task';
import type { Account, PaymentMethod } from '../../api/types.js';
import type { ApiError } from '../../api/errors.js';
import type { StepDraft } from '../../contract/context.js';
import { LaterStep } from '../shared/later-step.js';
import { laterStepStyles } from '../shared/later-step.styles.js';
import { stepHeading } from '../shared/layout.js';
import { fieldCodes, renderRetryAlert, toFailure, type Failure } from '../shared/failure.js';
import type { AcceptedPlan } from '../../contract/enrollment.js';
import { readAcceptedPlan } from './accepted-plan.js';
import { missingItems, renderFinalizeRefusal, renderMissing, type MissingItem } from './missing.js';
import { renderSummary } from './summary.js';
import { SentKey, sentWrite } from '../shared/sent-key.js';
import { reviewStyles } from './review.styles.js';
import { getAccount } from '../../api/client.js';
import { getPaymentMethod } from '../../api/card.js';
import { finalize } from '../../api/enroll.js';

export interface ReviewDraft extends StepDraft {
  /**
   * The key of finalizing this enrollment, kept by the root across Back and re-renders, and beside the stored session
   * across a reload (sent-key.ts): finalize happens once.
   */
  finalizeKey?: SentKey;
}

interface Loaded {
  account: Account;
  card: PaymentMethod | null;
  /** The accepted plan as the service has it (the location's contract); null if none or unreadable. */
  plan: AcceptedPlan | null;
}

/**
 * @summary Review step: re-reads the account and its accepted plan (the location's contract), summarizes the
 * enrollment without sensitive data, names what is still missing (with a way to each), and finalizes exactly once.
 * @fires sf-step-complete - `{ step: 'review', account, data: { finalized: true } }` after finalizing, or
 * `{ step: 'review', account, data: { goTo } }` to fix a missing item.
 * @fires sf-step-back - Back.
 * @fires sf-api-error - 401/403 for the root.
 */
export class SfStepReview extends LaterStep<ReviewDraft> {
  static override properties: PropertyDeclarations = {
    acceptedPlan: { attribute: false },
    _failure: { state: true },
    _refused: { state: true },
    _finalized: { state: true },
  };

  static override styles = [...laterStepStyles, reviewStyles];

  /**
   * The plan accepted in this session (the plans step's `data.plan`): only a fallback for when the service's copy
   * (the location's contract, read on load) cannot be read; a fresh link has none.
   */
  acceptedPlan?: AcceptedPlan | null;

  private _failure: Failure | null = null;
  /** Finalize refused (422): the account was re-read, the missing items explain why (or, none missing, the refusal). */
  private _refused: ApiError | null = null;
  /** Finalize refused the accepted plan's start date, or how it was accepted: a plan is to be chosen again. */
  private _redo: MissingItem[] = [];
  private _finalized = false;
  /**
   * How the plan was accepted, as a refused finalize said it (is_client_agent_enrollment): must_be_true, by an agent on
   * the customer's behalf; range, by the customer (power of attorney recorded, yet the customer accepted before the
   * preapproval was complete). Finalize is sent once more that way, never a second acceptance of the plan.
   */
  private _agent?: boolean;

  /** Set synchronously on the first click: the guard a double click cannot pass, whatever the DOM says. */
  private _finalizing = false;

  /**
   * The page was reloaded while a finalize was on its way (its key kept, sent-key.ts): once the account is read, and
   * unless it says finalized, the finalize the customer asked for is sent again under that key ("Submitting…"), and
   * the service answers with what the first one did, rather than the review asking for a press that was made. Not
   * for a finalize this page sent (its key in the draft: refused, and the review shown again once what was missing
   * is fixed).
   */
  private _resume = sentWrite() === 'review';

  private _load = new Task(this, {
    args: () => [this._api] as const,
    task: async ([api], { signal }): Promise<Loaded | undefined> => {
      if (!api) return undefined;
      this._failure = null;
      const account = await getAccount(api, signal);
      // The card and the plan's details only decorate the summary: without them the review still works.
      const [card, plan] = await Promise.all([
        account.enrollment.has_payment_method ? getPaymentMethod(api, signal).catch(() => null) : null,
        readAcceptedPlan(api, account.location_uuid, signal),
      ]);
      return { account, card, plan };
    },
    onComplete: (loaded) => {
      // Finalized meanwhile (another tab, a retry that did reach the service): nothing left to do here.
      if (loaded?.account.enrollment.is_enrollment_finalized) {
        this._finalized = true;
        this.complete({ account: loaded.account, data: { finalized: true } });
      } else if (this._resume && !this.draft.finalizeKey && loaded) {
        this._resume = false;
        if (loaded.account.enrollment.can_finalize_enrollment) this._submit();
      } else if (this._refused && loaded) {
        const refusal = this._refused;
        // The task sets its value after this callback: request the update here so focusing waits for that render.
        this.requestUpdate();
        if (this._missing(loaded.account).length) {
          // The pressed Submit button is gone: focus (and the scroll) go to what is missing and the way to fix it.
          void this.focusHeading('#missing-heading');
        } else {
          // Nothing missing, yet refused (a cancelled account, a client agent mismatch): the service's reason.
          this._refused = null;
          this._failure = { kind: 'refused', error: refusal };
          void this.focusHeading('#step-heading');
        }
      }
    },
    onError: (error) => {
      this._failure = toFailure(error, this);
    },
  });

  private _finalize = new Task<[], Account | undefined>(this, {
    autoRun: false,
    task: async () => {
      this._failure = null;
      this._refused = null;
      const agent = this._agent ?? this.isClientAgent;
      // No AbortSignal: once sent, finalizing must run to its end even if the customer navigates.
      const key = (this.draft.finalizeKey ??= new SentKey('review'));
      await finalize(this.api, agent ? { is_client_agent_enrollment: true } : undefined, { idempotencyKey: key.for(String(agent)) });
      key.reset();
      this._finalized = true;
      // The root routes from the account; a failed re-read is no reason to hide a successful finalize.
      return getAccount(this.api).catch(() => undefined);
    },
    onComplete: (account) => {
      this.complete({ ...(account ? { account } : {}), data: { finalized: true } });
    },
    onError: (error) => {
      this._finalizing = false;
      const failure = toFailure(error, this);
      const codes = fieldCodes(failure);
      const way = codes.get('is_client_agent_enrollment');
      if (way && this._agent === undefined) {
        this._agent = way === 'must_be_true';
        // Sent again once this run is over: the task marks itself failed after this callback, which would hide the
        // new run (no "Submitting…") while it is on its way.
        return void Promise.resolve().then(() => this._submit());
      }
      if ((failure?.kind === 'fields' || failure?.kind === 'refused') && failure.error.status === 422) {
        // Refused: nothing is on its way (a reload shows the review, not a finalize sent again).
        this.draft.finalizeKey?.reset();
        this._refused = failure.error;
        this._redo = [];
        if (codes.has('start_date')) this._redo.push('start');
        if (codes.has('is_client_agent_enrollment')) this._redo.push('agent');
        void this._load.run();
        return;
      }
      this._failure = failure;
    },
  });

  override render() {
    const loaded = this._load.value;
    const loading = this._load.status === TaskStatus.PENDING && !loaded;
    const account = loaded?.account;
    const missing = account ? this._missing(account) : [];
    const running = this._finalize.status === TaskStatus.PENDING;
    const canSubmit = Boolean(account?.enrollment.can_finalize_enrollment) && !this._finalized;
    return html`
      ${stepHeading(msg('Review and submit', { id: 'review.heading' }))}
      ${renderRetryAlert(this._failure, () => this._retry(), running || this._load.status === TaskStatus.PENDING)}
      ${renderFinalizeRefusal(this._failure)}
      ${loading ? html`<p role="status">${msg('Loading your enrollment…', { id: 'review.loading' })}</p>` : nothing}
      ${account && missing.length ? renderMissing(missing, Boolean(this._refused), (item) => this._goTo(item)) : nothing}
      ${account ? renderSummary(account, loaded?.card ?? null, loaded?.plan ?? this.acceptedPlan ?? null) : nothing}
      ${account && !missing.length
        ? html`<p>
            ${msg('By submitting, you ask us to switch your electricity service to this plan. You will get a confirmation by email.', {
              id: 'review.submit_note',
            })}
          </p>`
        : nothing}
      <div class="actions">
        <button type="button" class="btn secondary start" ?disabled=${running} @click=${() => this.back()}>
          ${msg('Back', { id: 'step.back' })}
        </button>
        ${account && !missing.length
          ? html`<button
              type="button"
              class="btn primary"
              ?disabled=${!canSubmit}
              aria-disabled=${running ? 'true' : 'false'}
              aria-busy=${running ? 'true' : 'false'}
              @click=${this._submit}
            >
              ${running ? msg('Submitting…', { id: 'review.busy' }) : msg('Submit enrollment', { id: 'review.submit' })}
            </button>`
          : nothing}
      </div>
    `;
  }

  private _submit(): void {
    if (this._finalizing || this._finalized) return;
    this._finalizing = true;
    this.sending(this._finalize.run([]));
  }

  private _retry(): void {
    // What failed last is repeated: the load (also the re-read after a refused finalize), or else the finalize, with
    // the key kept in the draft.
    if (this._load.status !== TaskStatus.ERROR && this._finalize.status === TaskStatus.ERROR) this._submit();
    else void this._load.run();
  }

  private _missing(account: Account): MissingItem[] {
    return [...this._redo, ...missingItems(account)];
  }

  private _goTo(item: MissingItem): void {
    const account = this._load.value?.account;
    this.complete({ ...(account ? { account } : {}), data: { goTo: item === 'start' || item === 'agent' ? 'plans' : item } });
  }
}

customElements.define('sf-step-review', SfStepReview);

declare global {
  interface HTMLElementTagNameMap {
    'sf-step-review': SfStepReview;
  }
}
