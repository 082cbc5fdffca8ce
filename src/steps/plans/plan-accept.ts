import { html, nothing, type PropertyDeclarations } from 'lit';
import { msg, str } from '@lit/localize';
import type { Plan } from '../../api/types.js';
import { LocalizedElement, getLocale } from '../../i18n/localization.js';
import { formatDate } from '../../ui/format.js';
import { laterStepStyles } from '../shared/later-step.styles.js';
import { plansStyles } from './plans.styles.js';
import { renderDocumentLinks } from './plan-documents.js';
import { PlanAcceptEvent } from './plan-events.js';

export interface PlansDraft {
  [key: string]: unknown;
  planUuid?: string;
  startDate?: string;
  termsAccepted?: boolean;
}

/**
 * What the acceptance form says for a renewal (the renewal scope), given by the renewal's step, whose chunk holds these
 * words (enrollment never loads them): the new plan follows the current contract, so a window of one day is said, not
 * asked (a month-to-month customer still picks a date), and the button says "Renew".
 */
export interface RenewalWords {
  /** The start date, when the window is that one day. */
  fixed: (start: string) => string;
  /** The start date field's label. */
  label: string;
  /** A date outside the window. */
  range: (earliest: string, latest: string) => string;
  submit: string;
  busy: string;
}

/** Why the start date cannot be used. `server`: the service refused a date the page thought valid. */
export type StartDateProblem = 'required' | 'range' | 'server';

/** Whether a YYYY-MM-DD start date is inside the plan's window (string order is date order for this format). */
export function startDateProblem(value: string | undefined, plan: Plan): StartDateProblem | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return 'required';
  if (value < plan.earliest_start_date || value > plan.latest_start_date) return 'range';
  return null;
}

/**
 * @summary The start date and terms of the chosen plan. The Accept button is always reachable: pressed with the terms
 * box unticked, it marks the box invalid (its visible sentence says why) and focuses it.
 * @fires sf-plan-accept - detail `{ plan, startDate }` once the entries are valid (the step calls the API).
 */
export class SfPlanAccept extends LocalizedElement {
  static override properties: PropertyDeclarations = {
    plan: { attribute: false },
    draft: { attribute: false },
    busy: { type: Boolean },
    clientAgent: { type: Boolean },
    renewal: { attribute: false },
    serverProblem: {},
    _problem: { state: true },
  };

  static override styles = [...laterStepStyles, plansStyles];

  plan?: Plan;
  /** The plans step's draft: the date and the tick survive Back. */
  draft: PlansDraft = {};
  busy = false;
  clientAgent = false;
  /** A renewal's words (the renewal scope); none for an enrollment. */
  renewal?: RenewalWords;
  /** A problem the service reported for the start date (422). */
  serverProblem: StartDateProblem | null = null;

  private _problem: StartDateProblem | null = null;

  override willUpdate(changed: Map<PropertyKey, unknown>): void {
    if (changed.has('plan') && this.plan && !this.draft.startDate) this.draft.startDate = this.plan.earliest_start_date;
    if (changed.has('serverProblem') && this.serverProblem) this._problem = this.serverProblem;
  }

  /** A start date the service refused: focus where it is fixed (the date, or the form's heading when it is fixed). */
  protected override updated(changed: Map<PropertyKey, unknown>): void {
    if (changed.has('serverProblem') && this.serverProblem) {
      (this.renderRoot.querySelector<HTMLElement>('#start') ?? this.renderRoot.querySelector<HTMLElement>('#accept-heading'))?.focus();
    }
  }

  override render() {
    const p = this.plan;
    if (!p) return nothing;
    const locale = getLocale();
    const earliest = formatDate(p.earliest_start_date, locale);
    const latest = formatDate(p.latest_start_date, locale);
    const terms = Boolean(this.draft.termsAccepted);
    const problem = this._problem;
    const renewal = this.renewal;
    return html`<section class="card accept" aria-labelledby="accept-heading">
      <h3 id="accept-heading" tabindex="-1">${msg(str`Start date and terms for ${p.name}`, { id: 'plans.accept.heading' })}</h3>
      ${this.clientAgent
        ? html`<p class="alert">
            ${msg(
              'Because your enrollment is completed on your behalf, your service must start 7 to 30 days from today. This gives you time to change your mind. The dates you can choose already follow this rule.',
              { id: 'plans.accept.client_agent' },
            )}
          </p>`
        : nothing}
      <form novalidate @submit=${this._submit}>
        ${renewal && p.earliest_start_date === p.latest_start_date
          ? html`<p id="start-fixed">${renewal.fixed(earliest)}</p>
              <p id="start-error" class="error" aria-live="polite">${problem ? this._problemText(problem, earliest, latest) : ''}</p>`
          : html`<div class="field">
            <label for="start">
              ${renewal?.label ?? msg('Service start date', { id: 'plans.accept.start' })}
            </label>
            <p id="start-hint" class="hint">
              ${msg(str`Choose a date from ${earliest} to ${latest}.`, { id: 'plans.accept.start_hint' })}
            </p>
            <input
              id="start"
              type="date"
              required
              min=${p.earliest_start_date}
              max=${p.latest_start_date}
              .value=${this.draft.startDate ?? ''}
              aria-invalid=${!!problem}
              aria-describedby="start-hint start-error"
              @input=${this._dateInput}
              @change=${this._dateInput}
            />
            <p id="start-error" class="error" aria-live="polite">${problem ? this._problemText(problem, earliest, latest) : ''}</p>
          </div>`}
        <p class="label">${msg('Plan documents', { id: 'plans.accept.docs' })}</p>
        ${renderDocumentLinks(p)}
        <div class="check">
          <input id="terms" type="checkbox" .checked=${terms} aria-describedby="terms-why" @change=${this._termsChange} />
          <label for="terms">
            ${msg(
              'I have read and agree to the Electricity Facts Label, Terms of Service and Your Rights as a Customer.',
              { id: 'plans.accept.terms' },
            )}
          </label>
        </div>
        <p id="terms-why" class="hint" ?hidden=${terms}>
          ${msg('Check the box to accept the plan.', { id: 'plans.accept.terms_needed' })}
        </p>
        <div class="actions">
          <button type="submit" class="btn primary" aria-disabled=${this.busy} aria-busy=${this.busy}>
            ${renewal
              ? this.busy
                ? renewal.busy
                : renewal.submit
              : this.busy
                ? msg('Accepting…', { id: 'plans.accept.busy' })
                : msg('Accept plan', { id: 'plans.accept.submit' })}
          </button>
        </div>
      </form>
    </section>`;
  }

  private _problemText(problem: StartDateProblem, earliest: string, latest: string): string {
    switch (problem) {
      case 'required':
        return msg('Enter a start date, for example by choosing it in the calendar.', { id: 'plans.accept.start_required' });
      case 'range':
        return (
          this.renewal?.range(earliest, latest) ??
          msg(str`Your service can start from ${earliest} to ${latest}. Choose a date in that range.`, { id: 'plans.accept.start_range' })
        );
      case 'server':
        return msg(str`This start date is no longer available. Choose a date from ${earliest} to ${latest}.`, {
          id: 'plans.accept.start_server',
        });
    }
  }

  /**
   * The date and the checkbox write the draft from their own events, and nothing else changes those draft fields while
   * this element is on screen (another plan gets an element of its own): plain bindings suffice, no `live()`.
   */
  private _dateInput(e: Event): void {
    this.draft.startDate = (e.target as HTMLInputElement).value;
    // Re-check only once a problem was shown, so the message clears as soon as the date is fixed.
    if (this._problem && this.plan) this._problem = startDateProblem(this.draft.startDate, this.plan);
  }

  private _termsChange(e: Event): void {
    const box = e.target as HTMLInputElement;
    box.ariaInvalid = '';
    this.draft.termsAccepted = box.checked;
    this.requestUpdate();
  }

  private _submit(e: Event): void {
    e.preventDefault();
    const plan = this.plan;
    const box = this.renderRoot.querySelector<HTMLInputElement>('#terms')!;
    if (!plan || this.busy) return;
    if (!box.checked) {
      box.ariaInvalid = 'true';
      box.focus();
      return;
    }
    this._problem = startDateProblem(this.draft.startDate, plan);
    if (this._problem) {
      void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLInputElement>('#start')?.focus());
      return;
    }
    this.dispatchEvent(new PlanAcceptEvent(plan, this.draft.startDate!));
  }
}

customElements.define('sf-plan-accept', SfPlanAccept);

declare global {
  interface HTMLElementTagNameMap {
    'sf-plan-accept': SfPlanAccept;
  }
}
