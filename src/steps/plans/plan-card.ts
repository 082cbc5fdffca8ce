import { html, nothing, type LitElement, type PropertyDeclarations } from 'lit';
import { msg, str } from '@lit/localize';
import type { Plan } from '../../api/types.js';
import { LocalizedElement, getLocale } from '../../i18n/localization.js';
import { formatKwh, formatMoney, formatMonths, formatPercent, formatRate } from '../../ui/format.js';
import { laterStepStyles } from '../shared/later-step.styles.js';
import { plansStyles } from './plans.styles.js';
import { renderDocumentLinks } from './plan-documents.js';
import { PlanSelectEvent, type PlanAcceptEvent } from './plan-events.js';
// The chosen plan's start date and terms, under its card (renderPlanList).
import './plan-accept.js';
import type { PlansDraft, RenewalWords, StartDateProblem } from './plan-accept.js';

/**
 * The utility's delivery charges, the same for every plan of an address (and of a location's renewal): said once
 * above the list rather than on each card. Call from render() only.
 */
function renderDeliveryNote(plans: readonly Plan[]) {
  const delivery = plans[0]?.delivery;
  if (!delivery) return nothing;
  const locale = getLocale();
  return html`<p class="hint">
    ${msg(
      str`${delivery.utility.display_name} delivers the electricity and charges ${formatMoney(delivery.monthly_charge_cents, locale)} per month plus ${formatRate(delivery.rate_cents_per_kwh, locale)}. These delivery charges are passed through without markup and are included in the average prices.`,
      { id: 'plans.card.delivery' },
    )}
  </p>`;
}

/** A plans step (enrollment's, the renewal's): its draft keeps the choice, the start date and the tick. */
export type PlansStep = LitElement & { draft: PlansDraft };

/** How a plans step shows its list: what it is called and what the chosen plan's acceptance form is told. */
export interface PlanListOptions {
  /** The list's accessible name. */
  label: string;
  /** An acceptance is on its way: the form's button waits. */
  busy: boolean;
  /** A start date the service refused (422). */
  serverProblem: StartDateProblem | null;
  /** A renewal's words for the acceptance form (plan-accept.ts). */
  renewal?: RenewalWords;
  clientAgent?: boolean;
  /**
   * Clears what the step said of the previous choice or of the form as it was (its start date problem, a failed
   * acceptance's "Try again", which would send the date and the tick from before): called when another plan is
   * chosen and on every edit of the form (composed `input` events), whose own button then accepts what it shows.
   */
  reset: () => void;
  /** The form's entries are valid: the step accepts (called with the step as `this`). */
  accept: (e: PlanAcceptEvent) => void;
}

/**
 * The priced plans of a plans step, the delivery charges said once above them, and under the chosen plan its start
 * date and terms (sf-plan-accept). Call from the step's render() only.
 */
export function renderPlanList(step: PlansStep, plans: readonly Plan[], o: PlanListOptions) {
  return html`${renderDeliveryNote(plans)}
    <ul class="plan-list" aria-label=${o.label} @input=${o.reset}>
      ${plans.map((plan) => {
        const selected = plan.uuid === step.draft.planUuid;
        return html`<li>
          <sf-plan-card .plan=${plan} ?selected=${selected} @sf-plan-select=${() => choosePlan(step, plan, o.reset)}></sf-plan-card>
          ${selected
            ? html`<sf-plan-accept
                .renewal=${o.renewal}
                .plan=${plan}
                .draft=${step.draft}
                .busy=${o.busy}
                .clientAgent=${o.clientAgent ?? false}
                .serverProblem=${o.serverProblem}
                @sf-plan-accept=${o.accept}
              ></sf-plan-accept>`
            : nothing}
        </li>`;
      })}
    </ul>`;
}

/**
 * A plans step's choice of `plan`: a new choice starts from the plan's earliest start date, since each plan has its
 * own window, with its terms not accepted, since each plan has its own documents, and `reset` clears what the step
 * said of the previous one; then focus moves to the acceptance form's heading.
 */
async function choosePlan(step: PlansStep, plan: Plan, reset: () => void): Promise<void> {
  if (step.draft.planUuid !== plan.uuid) {
    step.draft.planUuid = plan.uuid;
    step.draft.startDate = plan.earliest_start_date;
    step.draft.termsAccepted = false;
    reset();
    step.requestUpdate();
  }
  await step.updateComplete;
  const accept = step.renderRoot.querySelector('sf-plan-accept');
  await accept?.updateComplete;
  accept?.shadowRoot?.querySelector<HTMLElement>('#accept-heading')?.focus();
}

/** The usage levels of the EFL's average price table; 1,000 kWh is the one customers compare. */
const USAGE_LEVELS = ['500', '1000', '2000'] as const;

/**
 * @summary One priced plan: the 1,000 kWh average price customers compare first, then the energy rate and term, the
 * EFL average prices, charges, renewable share and its documents. The utility's delivery charges, the same for every
 * plan, are said once above the list (sf-step-plans).
 * @fires sf-plan-select - "Choose this plan" (not composed: the plans step listens).
 * @csspart card - the card.
 */
export class SfPlanCard extends LocalizedElement {
  static override properties: PropertyDeclarations = {
    plan: { attribute: false },
    selected: { type: Boolean, reflect: true },
  };

  static override styles = [...laterStepStyles, plansStyles];

  plan?: Plan;
  selected = false;

  override render() {
    const p = this.plan;
    if (!p) return nothing;
    const locale = getLocale();
    const averages = p.average_price_cents_per_kwh;
    return html`<article class="card plan" part="card" aria-labelledby="name">
      <h2 id="name">${p.name}</h2>
      ${averages
        ? html`<p class="headline">
            <span class="big">${formatRate(averages['1000'], locale)}</span>
            <span class="muted">${msg('average price at 1,000 kWh a month, delivery included', { id: 'plans.card.headline' })}</span>
          </p>`
        : nothing}
      <p class="rate">
        ${msg(str`Energy rate ${formatRate(p.energy_rate_cents_per_kwh, locale)}, fixed for ${formatMonths(p.term_months, locale)}`, { id: 'plans.card.energy_rate' })}
      </p>
      ${averages
        ? html`<table>
            <caption>
              ${msg('Average price per kWh, including delivery charges', { id: 'plans.card.avg_caption' })}
            </caption>
            <thead>
              <tr>
                <th scope="col">${msg('Monthly use', { id: 'plans.card.usage' })}</th>
                <th scope="col">${msg('Average price', { id: 'plans.card.avg' })}</th>
              </tr>
            </thead>
            <tbody>
              ${USAGE_LEVELS.map((kwh) => {
                const featured = kwh === '1000';
                const usage = formatKwh(kwh, locale);
                const price = formatRate(averages[kwh], locale);
                return html`<tr class=${featured ? 'featured' : ''}>
                  <th scope="row">${usage}</th>
                  <td>${featured ? html`<strong>${price}</strong>` : price}</td>
                </tr>`;
              })}
            </tbody>
          </table>`
        : nothing}
      <dl class="summary">
        <dt>${msg('Base charge', { id: 'plans.card.base' })}</dt>
        <dd>${msg(str`${formatMoney(p.base_charge_cents, locale)} per month`, { id: 'plans.card.per_month' })}</dd>
        <dt>${msg('Renewable energy', { id: 'plans.card.renewable' })}</dt>
        <dd>${formatPercent(p.renewable_percent, locale)}</dd>
        <dt>${msg('Early termination fee', { id: 'plans.card.etf' })}</dt>
        <dd>${p.early_termination_fee_cents > 0 ? formatMoney(p.early_termination_fee_cents, locale) : msg('None', { id: 'plans.card.none' })}</dd>
      </dl>
      ${renderDocumentLinks(p, 'name')}
      <div class="actions">
        <button
          type="button"
          class="btn secondary"
          aria-pressed=${this.selected}
          aria-describedby="name"
          @click=${this._select}
        >
          ${this.selected ? msg('Chosen', { id: 'plans.card.chosen' }) : msg('Choose this plan', { id: 'plans.card.choose' })}
        </button>
      </div>
    </article>`;
  }

  private _select(): void {
    this.dispatchEvent(new PlanSelectEvent());
  }
}

customElements.define('sf-plan-card', SfPlanCard);

declare global {
  interface HTMLElementTagNameMap {
    'sf-plan-card': SfPlanCard;
  }
}
