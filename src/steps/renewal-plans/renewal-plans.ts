import { html, nothing, type PropertyDeclarations } from 'lit';
import { msg, str } from '@lit/localize';
import { Task, TaskStatus } from '@lit/task';
import { AttemptKey } from '../../api/attempt-key.js';
import type { Location, Plan } from '../../api/types.js';
import { acceptRenewal, listRenewalPlans } from '../../api/renewal.js';
import { remember, sessionStore } from '../../flow/bootstrap.js';
import { sentRenewals } from '../../scopes/renewal/sent.js';
import { getLocation } from '../../api/locations.js';
import { isApiError } from '../../api/errors.js';
import { standingOfRefusal, type RenewalStanding } from '../../scopes/renewal/router.js';
import { LaterStep } from '../shared/later-step.js';
import { laterStepStyles } from '../shared/later-step.styles.js';
import { stepHeading } from '../shared/layout.js';
import { fieldCodes, renderRetryAlert, toFailure, type Failure } from '../shared/failure.js';
import { renderRefusal } from '../shared/refusal.js';
// The enrollment's plan card and acceptance form: the same Plan, so the same components (steps/plans/).
import type { PlansDraft } from '../plans/plan-accept.js';
import { renderPlanList } from '../plans/plan-card.js';
import type { PlanAcceptEvent } from '../plans/plan-events.js';
import { plansStyles } from '../plans/plans.styles.js';
import { renewalStyles } from '../renewal/renewal.styles.js';
import { renderStanding } from '../renewal/standing.js';

/**
 * @summary Renewal plans: the priced renewal offers of the location (the enrollment's plan card, with EFL, TOS and
 * YRAC), the start date (the day after the current contract ends; month-to-month: a date in the offered window),
 * the terms, and acceptance, which queues the new contract. A refusal for eligibility (422 not_active,
 * not_yet_eligible, already_renewed) is said in plain words; an expired offer, or a start date refused (its day has
 * come), reloads the plans.
 * @fires sf-step-complete - `{ step: 'renewal-plans', data: { renewed: true } }` after acceptance.
 * @fires sf-step-complete - `{ data: { back: true } }`: Back to the current plan (the renewal's steps are not numbered,
 * so Back is the scope's to route: scopes/renewal/router.ts).
 * @fires sf-exit-request - "Not now" / "Close".
 * @fires sf-api-error - 401/403 for the root.
 */
/** The plans step's draft, and the plans whose acceptance this session sent (kept across Back, like the draft). */
export interface RenewalPlansDraft extends PlansDraft {
  sent?: string[];
}

export class SfStepRenewalPlans extends LaterStep<RenewalPlansDraft> {
  static override properties: PropertyDeclarations = {
    _failure: { state: true },
    _standing: { state: true },
    _expired: { state: true },
    _termsRefused: { state: true },
  };

  static override styles = [...laterStepStyles, plansStyles, renewalStyles];

  private _failure: Failure | null = null;
  /** The service refused for eligibility: said instead of the plans. */
  private _standing: RenewalStanding | null = null;
  /** The accepted offer had expired: the plans were read again. */
  private _expired = false;
  /** The service refused the terms as not accepted: said in plain words (in render, so in the language shown). */
  private _termsRefused = false;
  /** The location as the service has it after a refusal for eligibility (its queued renewal, when renewal opens). */
  private _location: Location | null = null;

  /** The same plan and start date accepted again (Renew, or "Try again" after a lost answer) is one acceptance. */
  private _acceptKey = new AttemptKey();
  private _acceptArgs?: [Plan, string];

  private get _uuid(): string | null {
    return this.account?.location_uuid ?? null;
  }

  private _plans = new Task(this, {
    args: () => [this._api, this._uuid] as const,
    task: async ([api, uuid], { signal }): Promise<Plan[]> => {
      if (!api || !uuid) return [];
      try {
        return await listRenewalPlans(api, uuid, signal);
      } catch (error) {
        this._location = await this._readStanding(error, signal);
        throw error;
      }
    },
    onComplete: () => {
      this._failure = null;
      // The done screen's code, fetched while the customer chooses (the root prefetches only a numbered step's next).
      void import('../renewal-done/renewal-done.js').catch(() => undefined);
    },
    onError: (error) => this._refused(error),
  });

  private _accept = new Task<[Plan, string], Location>(this, {
    autoRun: false,
    task: async ([plan, startDate], { signal }) => {
      this._failure = null;
      this._termsRefused = false;
      this.draft.sent = [...(this.draft.sent ?? []), plan.uuid];
      // Also beside the tab's stored session, for a reload before the answer (scopes/renewal/sent.ts).
      remember(sessionStore(), null, { sent: [...(sentRenewals() as string[]), plan.uuid] });
      try {
        return await acceptRenewal(
          this.api,
          this._uuid!,
          { plan_uuid: plan.uuid, terms_accepted: true, start_date: startDate },
          { signal, idempotencyKey: this._acceptKey.for(plan.uuid + startDate) },
        );
      } catch (error) {
        const location = await this._readStanding(error, signal);
        // This plan is the one queued: an earlier acceptance of it went through but its answer was lost (beyond the
        // retries), and the customer accepted again with another start date: the renewal is done, as the service says.
        if (location?.queued_contract?.plan_uuid === plan.uuid) return location;
        this._location = location;
        throw error;
      }
    },
    onComplete: () => this.complete({ data: { renewed: true } }),
    onError: (error) => this._refused(error, true),
  });

  override render() {
    const status = this._plans.status;
    const plans = this._plans.value ?? [];
    // While an acceptance runs, neither Back nor "Not now": leaving would lose what the service answers.
    const accepting = this._accept.status === TaskStatus.PENDING;
    const busy = status === TaskStatus.PENDING || accepting;
    const standing = this._standing;
    const a = this.account?.service_address;
    // The loading and the "none" sentences share one status region, always there: a region inserted with its
    // sentence is not reliably read.
    return html`
      ${stepHeading(
        msg('Choose your renewal plan', { id: 'renewal.plans.heading' }),
        a && !standing ? msg(str`Prices for ${a.address_1}, ESI ID ${a.esi_id}.`, { id: 'plans.lead' }) : null,
      )}
      ${this._expired
        ? html`<div class="alert warning" role="alert">
            <p>${msg('Prices changed since you opened this page. Here are the current plans: please choose again.', { id: 'plans.expired' })}</p>
          </div>`
        : nothing}
      ${this._termsRefused
        ? html`<div class="alert error" role="alert"><p>${msg('Check the box to accept the plan.', { id: 'plans.accept.terms_needed' })}</p></div>`
        : nothing}
      ${renderRetryAlert(this._failure, () => this._retry(), busy)}
      ${renderRefusal(this._failure)}
      ${standing
        ? html`<div role="alert">${renderStanding(standing, undefined, this.account?.status === 'cancelled')}</div>
            ${this._accountStatus()}`
        : nothing}
      <div aria-busy=${status === TaskStatus.PENDING}>
        <p role="status">${status === TaskStatus.PENDING
          ? msg('Loading the renewal plans…', { id: 'renewal.plans.loading' })
          : status === TaskStatus.COMPLETE && !standing && plans.length === 0
            ? msg('No renewal plans are available right now. Please try again later.', { id: 'renewal.plans.none' })
            : ''}</p>
        ${status === TaskStatus.COMPLETE && !standing && plans.length ? this._renderList(plans) : nothing}
      </div>
      <div class="actions">
        ${standing
          ? html`<button type="button" class="btn primary" @click=${() => this._close(standing)}>${msg('Close', { id: 'docs.close' })}</button>`
          : html`<button type="button" class="btn secondary start" ?disabled=${accepting} @click=${() => this.complete({ data: { back: true } })}>${msg('Back', { id: 'step.back' })}</button>
              <button type="button" class="btn link" ?disabled=${accepting} @click=${() => this.exit()}>${msg('Not now', { id: 'plans.not_now' })}</button>`}
      </div>
    `;
  }

  private _renderList(plans: Plan[]) {
    return renderPlanList(this, plans, {
      label: msg('Renewal plans', { id: 'renewal.plans.list' }),
      busy: this._accept.status === TaskStatus.PENDING,
      serverProblem: null,
      renewal: {
        fixed: (start) => msg(str`Your new plan starts on ${start}, the day after your current contract ends.`, { id: 'plans.accept.renewal_start' }),
        label: msg('New plan start date', { id: 'plans.accept.renewal_start_label' }),
        range: (earliest, latest) =>
          msg(str`Your new plan can start from ${earliest} to ${latest}. Choose a date in that range.`, { id: 'plans.accept.renewal_start_range' }),
        submit: msg('Renew with this plan', { id: 'plans.accept.renew' }),
        busy: msg('Renewing…', { id: 'plans.accept.renew_busy' }),
      },
      // Another plan chosen, or the form edited: what was said of it before goes, "Try again" too (it would accept the
      // plan, the date and the tick as they were, not as the form now shows them), and "Prices changed" (chosen again).
      reset: () => ((this._failure = null), (this._expired = false)),
      accept: this._onAccept,
    });
  }

  private _onAccept(e: PlanAcceptEvent): void {
    if (this._accept.status === TaskStatus.PENDING) return;
    this._acceptArgs = [e.plan, e.startDate];
    this.sending(this._accept.run(this._acceptArgs));
  }

  private _retry(): void {
    // What failed last is repeated: the plans' load (also the re-read after an expired offer), or else the accept.
    // Pressed again while that acceptance runs (a double click): nothing more, not a reload of the plans under it.
    if (this._accept.status === TaskStatus.PENDING) return;
    if (this._plans.status === TaskStatus.ERROR || this._accept.status !== TaskStatus.ERROR || !this._acceptArgs) void this._plans.run();
    else this.sending(this._accept.run(this._acceptArgs));
  }

  /**
   * Leaving (the close button, "Not now") after an acceptance that failed: one whose answer was lost may have queued
   * the renewal. The location is read (nothing is sent again: the customer is leaving), and when the plan queued is one
   * this session sent, the step completes, so the flow shows the renewal done and closes completed, not `exited`.
   */
  protected override leaving(): Promise<unknown> | undefined {
    const sent = this.draft.sent;
    if (this._accept.status !== TaskStatus.ERROR || !sent) return super.leaving();
    return getLocation(this.api, this._uuid!).then((l) => {
      if (sent.includes(l.queued_contract?.plan_uuid ?? '')) this.complete({ data: { renewed: true } });
    });
  }

  /**
   * Close after a refusal. A renewal queued for a plan this session sent (an acceptance whose answer was lost, then
   * another plan chosen; or sent before a reload of the page, kept beside the stored session) is this session's
   * renewal: the flow closes completed, not exited.
   */
  private _close(standing: RenewalStanding): void {
    const queued = standing.kind === 'already_renewed' ? standing.queued : null;
    if (queued && [...sentRenewals(), ...(this.draft.sent ?? [])].includes(queued.plan_uuid)) this.complete({ data: { renewed: true, said: true } });
    else this.exit();
  }

  /** A refusal ends the flow here: where the account stands, its code loaded only then (the element upgrades). */
  private _accountStatus() {
    void import('../shared/account-status.js').catch(() => undefined);
    return html`<sf-account-status .account=${this.account}></sf-account-status>`;
  }

  /**
   * After a refusal for eligibility (422 already_renewed, not_yet_eligible, not_active), the location read again, so
   * that what the customer is told names what the service knows (the plan queued and its start, when renewal opens);
   * null for any other error, or when it cannot be read (the refusal is then said without them).
   */
  private async _readStanding(error: unknown, signal: AbortSignal): Promise<Location | null> {
    if (!isApiError(error) || !standingOfRefusal(error.fields, null) || !this._uuid) return null;
    return getLocation(this.api, this._uuid, signal).catch(() => null);
  }

  /** Sorts a refusal of renewal/plans or renewal/accept into what the customer is told, and where. */
  private _refused(error: unknown, accepting = false): void {
    const failure = toFailure(error, this);
    if (failure?.kind === 'fields') {
      const standing = standingOfRefusal(failure.fields, this._location);
      if (standing) {
        this._standing = standing;
        this._failure = null;
        void this.focusHeading('h1');
        return;
      }
    }
    if (accepting && (failure?.kind === 'fields' || failure?.kind === 'refused')) {
      const codes = fieldCodes(failure);
      // The form sends only a start date in the offer's window, which the service refuses only once that day has come
      // (a one-day window: the day after the contract ends; month-to-month: a day that is now past): the offer is out
      // of date too, and its window, which allowed that date, would only lead to it again.
      if (codes.has('plan_uuid') || failure.error.status === 404 || codes.has('start_date')) {
        // The offer expired (5 business days) or was made for an earlier contract: read current prices, start over.
        this._expired = true;
        this._failure = null;
        this.draft.planUuid = undefined;
        this.draft.termsAccepted = false;
        void this._plans.run().then(() => this.focusHeading('h1'));
        return;
      }
      if (codes.has('terms_accepted')) {
        this._termsRefused = true;
        this._failure = null;
        return;
      }
    }
    this._failure = failure;
  }
}

customElements.define('sf-step-renewal-plans', SfStepRenewalPlans);

declare global {
  interface HTMLElementTagNameMap {
    'sf-step-renewal-plans': SfStepRenewalPlans;
  }
}
