import { html } from 'lit';
import { msg } from '@lit/localize';
import type { Account } from '../../api/types.js';

/**
 * The steps that can still be missing before finalizing (the specification's can_finalize_enrollment rule); `start`:
 * finalize refused the accepted plan's start date (it has come, and the plan can no longer start in its window).
 */
export type MissingItem = 'start' | 'plans' | 'identity' | 'payment';

export function missingItems(account: Account): MissingItem[] {
  const e = account.enrollment;
  const out: MissingItem[] = [];
  if (!e.has_accepted_plan) out.push('plans');
  if (!e.is_identity_verified) out.push('identity');
  if (!e.has_payment_method) out.push('payment');
  return out;
}

/**
 * What is missing, in words, each with the button that goes there. `role="alert"` when a submit was just refused
 * (the customer must hear why); a plain note otherwise. Call from render() only.
 */
export function renderMissing(items: MissingItem[], refused: boolean, go: (item: MissingItem) => void) {
  const choose = msg('Choose a plan', { id: 'review.missing.plans_action' });
  const what: Record<MissingItem, [string, string]> = {
    start: [msg('The start date of your plan has passed.', { id: 'review.missing.start' }), choose],
    plans: [msg('You have not accepted a plan yet.', { id: 'review.missing.plans' }), choose],
    identity: [
      msg('Your personal details are missing.', { id: 'review.missing.identity' }),
      msg('Add your details', { id: 'review.missing.identity_action' }),
    ],
    payment: [
      msg('No card is saved for auto-pay.', { id: 'review.missing.payment' }),
      msg('Add a card', { id: 'review.missing.payment_action' }),
    ],
  };
  return html`<div class="alert warning" role=${refused ? 'alert' : 'region'} aria-labelledby="missing-heading">
    <h2 id="missing-heading" tabindex="-1">
      ${refused
        ? msg('We could not submit your enrollment yet', { id: 'review.missing.refused' })
        : msg('Before you can submit', { id: 'review.missing.heading' })}
    </h2>
    <ul class="missing">
      ${items.map(
        (item) => html`<li>
          <p>${what[item][0]}</p>
          <button type="button" class="btn secondary" @click=${() => go(item)}>${what[item][1]}</button>
        </li>`,
      )}
    </ul>
  </div>`;
}
