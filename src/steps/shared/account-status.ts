import { css, html, nothing, type PropertyDeclarations } from 'lit';
import { msg, str } from '@lit/localize';
import type { Account, AccountStatus, StatusReason } from '../../api/types.js';
import { LocalizedElement, getLocale } from '../../i18n/localization.js';
import { sharedStyles } from '../../styles/shared.js';
import { formatDate } from '../../ui/format.js';

/** How a status reads at a glance: the icon's shape and the box's tone (the heading says it in words). */
export type StatusTone = 'progress' | 'attention' | 'done' | 'ended';

const TONES: Record<AccountStatus, StatusTone> = {
  created: 'progress',
  applying: 'progress',
  reviewing: 'progress',
  needs_attention: 'attention',
  ready: 'progress',
  scheduled: 'progress',
  activating: 'progress',
  active: 'done',
  cancelled: 'ended',
};

/** The icon of each tone; decorative, since the heading names the state. */
const ICONS: Record<StatusTone, string> = { progress: '…', attention: '!', done: '✓', ended: '×' };

export interface StatusWords {
  tone: StatusTone;
  heading: string;
  /** What happens next, and what (if anything) the customer has to do. */
  body: string;
}

/**
 * The account's state in the customer's words: a heading for the status and a sentence for its reason, for every
 * pair of the service's status table. Call from render (msg()). `startDate`: the contract's start, when known.
 */
export function statusWords(status: AccountStatus, reason: StatusReason, startDate?: string | null): StatusWords {
  const tone = TONES[status];
  const w = (heading: string, body: string): StatusWords => ({ tone, heading, body });
  switch (status) {
    case 'created':
      return w(
        msg('Your enrollment has not started', { id: 'status-words.created' }),
        msg('To start it, open the enrollment from the app or website that sent you here.', { id: 'status-words.created.start' }),
      );
    case 'applying': {
      const heading = msg('Your enrollment is not finished', { id: 'status-words.applying' });
      if (reason === 'plan_not_accepted') return w(heading, msg('Choose a plan to continue your enrollment.', { id: 'status-words.applying.plan' }));
      if (reason === 'missing_identity') return w(heading, msg('We still need your name and date of birth to continue.', { id: 'status-words.applying.identity' }));
      if (reason === 'missing_payment_method') return w(heading, msg('We still need a card for automatic payments to continue.', { id: 'status-words.applying.card' }));
      return w(heading, msg('Review and submit your enrollment to finish it.', { id: 'status-words.applying.submit' }));
    }
    case 'reviewing':
      return reason === 'credit_check_pending'
        ? w(
            msg('We are checking your credit', { id: 'status-words.reviewing.credit' }),
            msg('This usually takes less than a business day. You do not need to do anything; we will email you if we need more.', {
              id: 'status-words.reviewing.credit.body',
            }),
          )
        : w(
            msg('We are verifying your enrollment', { id: 'status-words.reviewing' }),
            msg('This usually takes less than a business day. You do not need to do anything; we will email you if we need more.', {
              id: 'status-words.reviewing.body',
            }),
          );
    case 'needs_attention': {
      const heading = msg('We need your help to continue', { id: 'status-words.attention' });
      switch (reason) {
        case 'credit_not_found':
          return w(heading, msg('We could not find your credit history. We emailed you how to send us proof of it; your enrollment continues once we have it.', { id: 'status-words.attention.credit-not-found' }));
        case 'credit_declined':
          return w(heading, msg('Your credit check did not pass. We emailed you other ways to qualify, such as sending more proof of your credit.', { id: 'status-words.attention.credit-declined' }));
        case 'credit_check_frozen':
          return w(heading, msg('Your credit file is frozen, so we could not check it. We emailed you a link to unfreeze it with the credit bureau; after that, we check again on our own.', { id: 'status-words.attention.credit-frozen' }));
        case 'credit_check_error':
          return w(
            msg('Your credit check is delayed', { id: 'status-words.attention.credit-error' }),
            msg('The credit bureau could not complete the check. We keep trying; you do not need to do anything now.', { id: 'status-words.attention.credit-error.body' }),
          );
        case 'enrollment_blocked_switch_hold':
          return w(heading, msg('A current or former electricity provider placed a hold on your address, usually for a deferred payment plan. Your enrollment continues once that provider lifts the hold; please contact them.', { id: 'status-words.attention.switch-hold' }));
        case 'enrollment_blocked_deactivated':
          return w(
            msg('We are looking into your meter', { id: 'status-words.attention.deactivated' }),
            msg('Your utility lists the meter at your address as inactive. We are looking into it and will contact you; you do not need to do anything now.', { id: 'status-words.attention.deactivated.body' }),
          );
        default:
          return w(
            msg('We are looking into your enrollment', { id: 'status-words.attention.utility' }),
            msg('Your utility reported a problem with your enrollment. We are looking into it and will contact you; you do not need to do anything now.', { id: 'status-words.attention.utility.body' }),
          );
      }
    }
    case 'ready':
      return w(
        msg('Ready for your plan', { id: 'status-words.ready' }),
        msg('Your credit check and card are done. Your representative will choose your plan and start date with you.', { id: 'status-words.ready.body' }),
      );
    case 'scheduled':
      return w(
        msg('Your service is scheduled', { id: 'status-words.scheduled' }),
        startDate
          ? msg(str`Your utility accepted the switch. Service starts on ${formatDate(startDate, getLocale())}.`, { id: 'status-words.scheduled.date' })
          : msg('Your utility accepted the switch. Service starts on your start date.', { id: 'status-words.scheduled.body' }),
      );
    case 'activating':
      return w(
        msg('We sent your enrollment to your utility', { id: 'status-words.activating' }),
        msg('The switch usually takes 2 to 72 business hours. We will let you know when your service is active.', { id: 'status-words.activating.body' }),
      );
    case 'active':
      return w(
        msg('Your service is active', { id: 'status-words.active' }),
        msg('Your electricity service is on. You do not need to do anything else.', { id: 'status-words.active.body' }),
      );
    case 'cancelled':
      switch (reason) {
        case 'cancelled_post_start':
          return w(msg('Your service was cancelled', { id: 'status-words.cancelled.service' }), msg('Your electricity service with us has ended.', { id: 'status-words.cancelled.post-start' }));
        case 'expire_pre_active':
          return w(
            msg('Your enrollment was cancelled', { id: 'status-words.cancelled' }),
            msg('The plan prices expired before we could verify your enrollment. You can enroll again to get current prices.', { id: 'status-words.cancelled.expired' }),
          );
        case 'enrollment_blocked_verification_hold':
          return w(
            msg('Your enrollment was cancelled', { id: 'status-words.cancelled' }),
            msg('We could not verify your credit in time, so we cancelled the enrollment. You can enroll again at any time.', { id: 'status-words.cancelled.verification' }),
          );
        default:
          return w(msg('Your enrollment was cancelled', { id: 'status-words.cancelled' }), msg('Your enrollment was cancelled before service started.', { id: 'status-words.cancelled.pre-start' }));
      }
  }
}

/**
 * @summary Where the account stands and what happens next, in plain words, for the last screen of every scope:
 * a second-level heading naming the state (never colour alone) and a sentence for its reason.
 * @csspart box - the framed box.
 */
export class SfAccountStatus extends LocalizedElement {
  static override properties: PropertyDeclarations = {
    account: { attribute: false },
    startDate: { attribute: false },
    pastDue: { attribute: false },
  };

  static override styles = [
    ...sharedStyles,
    css`
      :host {
        display: block;
        margin-block: var(--_space);
      }
      .box {
        display: grid;
        grid-template-columns: auto 1fr;
        gap: 0 0.75rem;
        padding: var(--_space);
        border-radius: var(--_radius);
        border: 1px solid var(--_divider);
        background: var(--_info-bg);
      }
      .box[data-tone='attention'] {
        background: var(--_warning-bg);
        border-color: var(--_warning);
      }
      .box[data-tone='done'] {
        background: var(--_success-bg);
      }
      .box[data-tone='ended'] {
        background: var(--_surface-muted);
      }
      .icon {
        grid-row: span 2;
        width: 1.75rem;
        height: 1.75rem;
        border-radius: 50%;
        display: grid;
        place-items: center;
        font-weight: 700;
        background: var(--_surface);
        border: 2px solid currentColor;
      }
      h2 {
        font-size: 1.0625rem;
        margin: 0 0 0.25rem;
      }
      p {
        margin: 0;
      }
    `,
  ];

  account?: Account;
  /** The contract's start date, when the caller knows it (the scheduled state names it). */
  startDate?: string | null;

  /**
   * A bill is past due (the invoice list says which): an active service then has something left to do, not "nothing
   * else".
   */
  pastDue?: boolean;

  override render() {
    const a = this.account;
    if (!a) return nothing;
    let words = statusWords(a.status, a.status_reason, this.startDate);
    if (this.pastDue && a.status === 'active') {
      words = {
        tone: 'attention',
        heading: words.heading,
        body: msg('Your electricity service is on, but a bill is past due. Open it above to see what to do.', { id: 'status-words.active.past-due' }),
      };
    }
    return html`<section class="box" part="box" data-tone=${words.tone} aria-labelledby="status-heading">
      <span class="icon" aria-hidden="true">${ICONS[words.tone]}</span>
      <h2 id="status-heading">${words.heading}</h2>
      <p>${words.body}</p>
    </section>`;
  }
}

customElements.define('sf-account-status', SfAccountStatus);

declare global {
  interface HTMLElementTagNameMap {
    'sf-account-status': SfAccountStatus;
  }
}
