import { html } from 'lit';
import { msg } from '@lit/localize';
import type { Account } from '../../api/types.js';
import type { ApiError } from '../../api/errors.js';
import { renderRefusal } from '../shared/refusal.js';
import type { Failure } from '../shared/failure.js';

/**
 * The steps that can still be missing before finalizing (the specification's can_finalize_enrollment rule); `start`:
 * finalize refused the accepted plan's start date (it has come, and the plan can no longer start in its window);
 * `agent`: finalize refused how the plan was accepted (by an agent on the customer's behalf, or by the customer)
 * as not how this session submits it (`is_client_agent_enrollment`): the plan is to be accepted again here.
 */
export type MissingItem = 'start' | 'agent' | 'plans' | 'identity' | 'payment';

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
    agent: [
      msg(
        'Your plan was accepted in a different way than this enrollment is being submitted (by you, or by an agent on your behalf). Choose the plan again here, then submit.',
        { id: 'review.missing.agent' },
      ),
      choose,
    ],
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

/**
 * A finalize refused (422) with nothing missing: each reason the contract names, in the customer's language (what
 * happened, what to do); the service's own sentence (in English) only for a reason it does not name. Call from
 * render() only.
 */
export function renderFinalizeRefusal(failure: Failure | null) {
  if (failure?.kind !== 'refused' || failure.error.status !== 422) return renderRefusal(failure);
  const words = finalizeRefusal(failure.error);
  return words
    ? html`<div class="alert error refusal" role="alert" part="alert" tabindex="-1"><p>${words}</p></div>`
    : renderRefusal(failure);
}

function finalizeRefusal(error: ApiError): string | undefined {
  const fields = error.fields.map((f) => f.field);
  // A cancelled account (field status).
  if (fields.includes('status')) {
    return msg('Your enrollment was cancelled, so it can no longer be submitted. To sign up again, go back to the app you came from and start over.', {
      id: 'review.refused.cancelled',
    });
  }
  // This page's key of the submit was already used for another request: a page opened anew has a new one.
  if (fields.includes('Idempotency-Key')) {
    return msg('Your enrollment was not submitted. Close this window, open it again from the app you came from, then submit.', {
      id: 'review.refused.key',
    });
  }
  // Prerequisites were unmet when it arrived, and are met now (the account read again): changed meanwhile.
  if (error.code === 'cannot_finalize_enrollment') {
    return msg('Your enrollment changed while it was being submitted. Check the details below, then submit again.', {
      id: 'review.refused.changed',
    });
  }
  return undefined;
}
