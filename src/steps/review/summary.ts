import { html, nothing } from 'lit';
import { msg, str } from '@lit/localize';
import type { Account, PaymentMethod } from '../../api/types.js';
import { getLocale } from '../../i18n/localization.js';
import { formatDate, formatMonths, formatPhone, formatRate, todayYmd } from '../../ui/format.js';
import type { AcceptedPlan } from '../../contract/enrollment.js';
import { brandName } from '../payment/card-brand.js';

/**
 * The enrollment at a glance. Deliberately without sensitive data: no date of birth, no SSN (never known here),
 * only the card's brand and last four digits. A start date that has come (today or past in Texas: a plan accepted days
 * ago) is not the one submitted: finalize moves it to the earliest day an acceptance could choose then
 * (docs/api-decisions.md), which also depends on the plan's window, not known here; so it is said in words, without
 * a date (the done step reads the new one). Call from render() only.
 */
export function renderSummary(account: Account, card: PaymentMethod | null, plan: AcceptedPlan | null) {
  const locale = getLocale();
  const a = account.service_address;
  const e = account.enrollment;
  const name = [account.first_name, account.last_name].filter(Boolean).join(' ');
  return html`<dl class="summary card">
    <dt>${msg('Service address', { id: 'address.confirm.address' })}</dt>
    <dd>
      ${a
        ? html`${a.address_2 ? `${a.address_1}, ${a.address_2}` : a.address_1}<br />${a.city}, ${a.state} ${a.postal_code}<br />
            <span class="muted">${msg('ESI ID', { id: 'address.esi_id' })} ${a.esi_id} · ${a.utility.display_name}</span>`
        : msg('Not chosen yet', { id: 'review.not_yet' })}
    </dd>
    <dt>${msg('Plan', { id: 'review.plan' })}</dt>
    <dd>
      ${plan
        ? html`${plan.name}<br /><span class="muted"
              >${msg(str`Energy rate ${formatRate(plan.energy_rate_cents_per_kwh, locale)}, fixed for ${formatMonths(plan.term_months, locale)}`, {
                id: 'plans.card.energy_rate',
              })}</span
            >`
        : e.has_accepted_plan
          ? msg('Accepted. Its details could not be loaded right now.', { id: 'review.accepted_unnamed' })
          : msg('Not chosen yet', { id: 'review.not_yet' })}
    </dd>
    ${plan
      ? html`<dt>${msg('Start date', { id: 'review.start' })}</dt>
          <dd>
            ${plan.start_date > todayYmd()
              ? formatDate(plan.start_date, locale)
              : msg('The start date of your plan has passed: service starts on the earliest day possible after you submit.', { id: 'review.start_passed' })}
          </dd>`
      : nothing}
    <dt>${msg('Name', { id: 'review.name' })}</dt>
    <dd>${name || msg('Not added yet', { id: 'review.not_added' })}</dd>
    <dt>${msg('Contact', { id: 'review.contact' })}</dt>
    <dd>${account.email}${account.phone ? html`<br />${formatPhone(account.phone)}` : nothing}</dd>
    <dt>${msg('Auto-pay card', { id: 'review.card' })}</dt>
    <dd>
      ${card
        ? msg(str`${brandName(card.card_brand)} ending in ${card.card_last4}`, { id: 'review.card_value' })
        : e.has_payment_method
          ? msg('Saved', { id: 'review.card_saved' })
          : msg('Not added yet', { id: 'review.not_added' })}
    </dd>
  </dl>`;
}
