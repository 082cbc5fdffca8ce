import { html, nothing, type PropertyValues, type PropertyDeclarations } from 'lit';
import { msg, str } from '@lit/localize';
import { Task, TaskStatus } from '@lit/task';
import type { Account, AddressSearchResult, Plan } from '../../api/types.js';
import type { AcceptedPlan } from '../../contract/enrollment.js';
import { PlansViewedEvent } from '../../contract/exit-events.js';
import { LaterStep } from '../shared/later-step.js';
import { laterStepStyles } from '../shared/later-step.styles.js';
import { stepHeading } from '../shared/layout.js';
import { fieldCodes, renderRetryAlert, toFailure, type Failure } from '../shared/failure.js';
import { renderRefusal } from '../shared/refusal.js';
import { SentKey } from '../shared/sent-key.js';
import { plansStyles } from './plans.styles.js';
import type { PlanAcceptEvent } from './plan-events.js';
import type { PlansDraft, StartDateProblem } from './plan-accept.js';
import { renderPlanList } from './plan-card.js';
// The opt-out question (shown only after the plans were seen) travels in this step's chunk.
import '../opt-out/opt-out.js';
import { requestPlans } from '../../api/plans.js';
import { acceptPlan, recordEvent } from '../../api/enroll.js';
import { getLocation } from '../../api/locations.js';
import { getAccount } from '../../api/client.js';

/**
 * @summary Plans step: priced plans for the confirmed meter, the plans-viewed event once they are on screen, the
 * start date and terms of the chosen plan, and acceptance.
 * @fires sf-step-complete - `{ step: 'plans', account, data: { plan: AcceptedPlan } }` after acceptance; `{ step:
 * 'plans' }` by Continue with the plan already accepted for this meter (Back from a later step).
 * @fires sf-plans-viewed - `{ plan_uuids }` once the plans of a request were visible (and recorded).
 * @fires sf-step-back - Back to the address.
 * @fires sf-exit-request - "Not now".
 * @fires sf-api-error - 401/403 for the root.
 */
export class SfStepPlans extends LaterStep<PlansDraft> {
  static override properties: PropertyDeclarations = {
    address: { attribute: false },
    _failure: { state: true },
    _startProblem: { state: true },
    _expired: { state: true },
  };

  static override styles = [...laterStepStyles, plansStyles];

  /** The address confirmed in this session; the account's service address otherwise. */
  address?: AddressSearchResult | null;

  private _failure: Failure | null = null;
  private _startProblem: StartDateProblem | null = null;
  /** Plans were reloaded because the accepted one had expired. */
  private _expired = false;

  /** The plans of the request whose plans_viewed was recorded; compared by identity, one event per request. */
  private _viewedList?: Plan[];
  private _observer?: IntersectionObserver;
  /**
   * The same plan and start date accepted again (Accept or "Try again" after a lost answer) is the same acceptance;
   * so is the first acceptance after a reload of the page while one was on its way (sent-key.ts). The plans shown
   * after the reload are priced anew (new plan ids), so that one is another request, which the service refuses under
   * the key once the first went through: one acceptance, and on to where the account stands (`_acceptFailed`).
   */
  private _acceptKey = new SentKey('plans');

  private get _esiId(): string | undefined {
    return this.address?.esi_id ?? this.account?.service_address?.esi_id ?? undefined;
  }

  private _plans = new Task(this, {
    args: () => [this._api, this._esiId] as const,
    task: async ([api, esiId], { signal }) => {
      if (!api || !esiId) return [] as Plan[];
      return requestPlans(api, esiId, signal);
    },
    onComplete: () => {
      this._failure = null;
    },
    onError: (error) => {
      this._failure = toFailure(error, this);
    },
  });

  /**
   * The name of the plan already accepted for the meter now confirmed (Back from a later step), from the location's
   * contract: the customer can go on with it rather than accept it a second time (a second contract). Null otherwise,
   * or when it cannot be read (accepting again then stays the way on).
   */
  private _kept = new Task(this, {
    args: () => [this._api, this.account?.enrollment.has_accepted_plan && this.account.location_uuid, this._esiId] as const,
    task: ([api, uuid, esiId], { signal }) =>
      api && uuid ? getLocation(api, uuid, signal).then((l) => l.esi_id === esiId && l.contract.plan_name, () => null) : null,
  });

  private _accept = new Task<[Plan, string], Account>(this, {
    autoRun: false,
    task: ([plan, startDate], { signal }) => {
      this._failure = null;
      this._startProblem = null;
      return acceptPlan(
        this.api,
        {
          esi_id: this._esiId!,
          plan_uuid: plan.uuid,
          start_date: startDate,
          terms_accepted: true,
          // A client agent enrollment is accepted on the customer's behalf; finalize then says so (review step).
          ...(this.isClientAgent ? { accepted_by: 'client_agent' as const } : {}),
        },
        { signal, idempotencyKey: this._acceptKey.for(plan.uuid + startDate) },
      );
    },
    onComplete: (account) => {
      // Accepted: the same plan accepted again later (Back from a later step) is a new request, answered with the
      // account as it is then, not the replay of this answer (from before the later steps).
      this._acceptKey.reset();
      const [plan, startDate] = this._acceptArgs!;
      // The plan names its uuid, name, term and rate as an AcceptedPlan does; its other fields go along unread.
      const accepted: AcceptedPlan = { ...plan, start_date: startDate };
      this.complete({ account, data: { plan: accepted } });
    },
    onError: (error) => {
      // The acceptance sent before a reload went through (its key refused for the plan accepted now, priced anew):
      // never a second contract unasked. The account read again names the plan that stands ("You accepted …", with
      // Continue, which takes focus); accepting this one after that is a change of plan, a request of its own.
      if (this._acceptKey.reused(error)) {
        return void getAccount(this.api).then(async (account) => {
          this.account = account;
          await this.updateComplete;
          await this._kept.taskComplete;
          void this.focusHeading('.alert button');
        }, () => this.complete());
      }
      const failure = toFailure(error, this);
      if (failure?.kind === 'fields' || failure?.kind === 'refused') {
        const fields = fieldCodes(failure);
        if (fields.has('plan_uuid') || failure.error.status === 404) {
          // The price expired (plans live 5 business days) or was replaced: fetch current prices, start over.
          this._expired = true;
          this._failure = null;
          this.draft.planUuid = undefined;
          this.draft.termsAccepted = false;
          void this._plans.run().then(() => this.focusHeading('h1'));
          return;
        }
        if (fields.has('start_date') || fields.has('service_start_date')) {
          this._startProblem = 'server';
          this._failure = null;
          return;
        }
      }
      this._failure = failure;
    },
  });
  private _acceptArgs?: [Plan, string];

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this._observer?.disconnect();
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    const plans = this._plans.value;
    if (this._plans.status !== TaskStatus.COMPLETE || !plans?.length || this._viewedList === plans) return;
    const list = this.renderRoot.querySelector('.plan-list');
    if (!list) return;
    // plans_viewed means "the customer can see them": wait until the list is actually in the viewport, once per
    // request (a reload after an expired plan is a new request with new plan ids).
    this._viewedList = plans;
    this._observer?.disconnect();
    this._observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        this._observer?.disconnect();
        const plan_uuids = plans.map((p) => p.uuid);
        this.dispatchEvent(new PlansViewedEvent({ plan_uuids }));
        // Analytics must never get in the customer's way: the client already retries; a final failure is dropped.
        recordEvent(this.api, { event: 'plans_viewed', plan_uuids }).catch(() => undefined);
      }
    });
    this._observer.observe(list);
  }

  override render() {
    const status = this._plans.status;
    const plans = this._plans.value ?? [];
    const a = this.address ?? this.account?.service_address;
    // While an acceptance runs, neither Back nor "Not now" nor Continue: leaving would lose what the service answers.
    const accepting = this._accept.status === TaskStatus.PENDING;
    const kept = this._kept.value;
    return html`
      ${stepHeading(
        msg('Choose your electricity plan', { id: 'plans.heading' }),
        a ? msg(str`Prices for ${a.address_1}, ESI ID ${a.esi_id}.`, { id: 'plans.lead' }) : null,
      )}
      ${this._expired
        ? html`<div class="alert warning" role="alert">
            <p>${msg('Prices changed since you opened this page. Here are the current plans: please choose again.', { id: 'plans.expired' })}</p>
          </div>`
        : nothing}
      ${renderRetryAlert(this._failure, () => this._retry(), status === TaskStatus.PENDING || accepting)}
      ${renderRefusal(this._failure)}
      ${kept
        ? html`<div class="alert">
            <p>${msg(str`You accepted ${kept}.`, { id: 'plans.kept' })}</p>
            <button type="button" class="btn primary" ?disabled=${accepting} @click=${() => this.complete()}>${msg('Continue', { id: 'step.continue' })}</button>
          </div>`
        : nothing}
      <div aria-busy=${status === TaskStatus.PENDING}>
        ${status === TaskStatus.PENDING
          ? html`<p role="status">${msg('Loading the plans for your address…', { id: 'plans.loading' })}</p>`
          : nothing}
        ${status === TaskStatus.COMPLETE && plans.length === 0
          ? html`<p role="status">${msg('No plans are available for this address right now. Please try again later.', { id: 'plans.none' })}</p>`
          : nothing}
        ${plans.length && status === TaskStatus.COMPLETE
          ? renderPlanList(this, plans, {
              label: msg('Available plans', { id: 'plans.list' }),
              busy: accepting,
              serverProblem: this._startProblem,
              clientAgent: this.isClientAgent,
              // Another plan chosen, or the form edited: what was said of it before goes, "Try again" too (it would
              // accept the plan, the date and the tick as they were, not as the form now shows them), and "Prices
              // changed" (chosen again).
              reset: () => ((this._startProblem = null), (this._failure = null), (this._expired = false)),
              accept: this._onAccept,
            })
          : nothing}
      </div>
      <div class="actions">
        <button type="button" class="btn secondary start" ?disabled=${accepting} @click=${() => this.back()}>${msg('Back', { id: 'step.back' })}</button>
        <button type="button" class="btn link" ?disabled=${accepting} @click=${() => this.exit()}>${msg('Not now', { id: 'plans.not_now' })}</button>
      </div>
    `;
  }

  private _onAccept(e: PlanAcceptEvent): void {
    // A guard besides the disabled button: two quick submits must not accept twice.
    if (this._accept.status === TaskStatus.PENDING) return;
    this._acceptArgs = [e.plan, e.startDate];
    this.sending(this._accept.run(this._acceptArgs));
  }

  private _retry(): void {
    // What failed last is repeated: the plans' load (also the re-read after an expired price), or else the accept,
    // with the same key. Pressed again while that acceptance runs (its button only says it is unavailable): nothing.
    if (this._accept.status === TaskStatus.PENDING) return;
    if (this._plans.status === TaskStatus.ERROR || this._accept.status !== TaskStatus.ERROR || !this._acceptArgs) void this._plans.run();
    else this.sending(this._accept.run(this._acceptArgs));
  }
}

customElements.define('sf-step-plans', SfStepPlans);

declare global {
  interface HTMLElementTagNameMap {
    'sf-step-plans': SfStepPlans;
  }
}
