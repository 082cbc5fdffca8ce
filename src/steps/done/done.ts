import { html, nothing, type PropertyDeclarations } from 'lit';
import { msg, str } from '@lit/localize';
import { Task } from '@lit/task';
import { getLocale } from '../../i18n/localization.js';
import { formatDate } from '../../ui/format.js';
import { LaterStep } from '../shared/later-step.js';
import { laterStepStyles } from '../shared/later-step.styles.js';
import { stepHeading } from '../shared/layout.js';
import type { AcceptedPlan } from '../../contract/enrollment.js';
import { doneStyles } from './done.styles.js';
import { readAcceptedPlan } from '../review/accepted-plan.js';
// Where the enrollment stands (sf-account-status): a chunk of its own, fetched as this one loads (with the review, a
// step ahead of the done screen); the element upgrades when it arrives. Offline, the done screen still says the rest.
void import('../shared/account-status.js').catch(() => undefined);

/**
 * Fired by the Done button: the customer is finished; the root closes the flow with reason `completed`. Not exported:
 * listeners know it by its name, typed in HTMLElementEventMap below (an export would be one more name in this
 * lazily loaded module's namespace).
 */
class FlowFinishEvent extends Event {
  constructor() {
    super('sf-flow-finish', { bubbles: true, composed: true });
  }
}

/**
 * @summary Done: where the enrollment stands, from the account's status and reason (sf-account-status), the
 * utility switch while it is ahead (2 to 72 business hours, the start date read from the service: the location's
 * contract), the confirmation email while the enrollment goes ahead, and a Done button. An enrollment that ended
 * (cancelled) is not said to be received, and one that ended or needs help gets no check mark.
 * @fires sf-flow-finish - Done.
 * @fires sf-step-complete - `{ step: 'done' }` with it, which the root also treats as "close, completed".
 */
export class SfStepDone extends LaterStep {
  static override properties: PropertyDeclarations = {
    acceptedPlan: { attribute: false },
  };

  static override styles = [...laterStepStyles, doneStyles];

  /**
   * The plan accepted in this session: its start date is shown only until (or unless) the service's copy, the
   * location's contract, is read; a fresh link has none.
   */
  acceptedPlan?: AcceptedPlan | null;

  /**
   * The accepted plan as the service has it, for its start date: the contract of the account's location (GET
   * /v1/account/locations/{uuid}), moved by finalize when the date chosen had come; null without a location or when
   * the read fails (then the session's plan, if any).
   */
  private _plan = new Task(this, {
    args: () => [this._api, this.account?.location_uuid] as const,
    task: ([api, location], { signal }) => api && readAcceptedPlan(api, location, signal),
  });

  override render() {
    const locale = getLocale();
    const a = this.account;
    const utility = a?.service_address?.utility.display_name;
    const start = (this._plan.value ?? this.acceptedPlan)?.start_date;
    // The switch is ahead while the enrollment is verified or with the utility; not once it needs help or ended. (An
    // enrollment that got this far has its service address, so its utility, and an email: the account requires one.)
    const switching = utility && (a.status === 'reviewing' || a.status === 'activating');
    // A fresh link to an enrollment that ended, or that needs the customer's help, opens here too: no check mark then,
    // and the confirmation email is news only while the enrollment goes ahead (it went out when it was submitted).
    const ahead = switching || a?.status === 'scheduled';
    const ended = a?.status === 'cancelled';
    return html`
      ${ahead || a?.status === 'active' ? html`<div class="badge" aria-hidden="true">✓</div>` : nothing}
      ${ended
        ? stepHeading(msg('Your enrollment', { id: 'done.heading.ended' }), msg('Here is where it stands.', { id: 'done.lead.ended' }))
        : stepHeading(msg('Enrollment received', { id: 'done.heading' }), msg('We received your enrollment. Here is where it stands and what happens next.', { id: 'done.lead' }))}
      <sf-account-status .account=${a} .startDate=${start ?? null}></sf-account-status>
      <ol class="next">
        ${switching
          ? html`<li>
              <h2>
                ${a.status === 'activating'
                  ? msg('The switch is under way', { id: 'done.switch.heading.sent' })
                  : msg('We switch your service', { id: 'done.switch.heading' })}
              </h2>
              <p>
                ${a.status === 'activating'
                  ? // Where it stands (sf-account-status) already says it went to the utility, and how long the switch takes.
                    msg(str`${utility}, your utility, is making the switch.`, { id: 'done.switch.utility.sent' })
                  : msg(str`We send your enrollment to ${utility}, your utility. The switch usually takes 2 to 72 business hours.`, {
                      id: 'done.switch.utility',
                    })}
              </p>
              ${start
                ? html`<p>
                    <strong>${msg(str`Planned start date: ${formatDate(start, locale)}.`, { id: 'done.start' })}</strong>
                  </p>`
                : nothing}
            </li>`
          : nothing}
        ${ahead
          ? html`<li>
              <h2>${msg('Check your email', { id: 'done.email.heading' })}</h2>
              <p>${msg(str`A confirmation is on its way to ${a!.email}, with your plan documents.`, { id: 'done.email' })}</p>
            </li>`
          : nothing}
      </ol>
      <div class="actions">
        <button type="button" class="btn primary" @click=${this._finish}>${msg('Done', { id: 'done.done' })}</button>
      </div>
    `;
  }

  private _finish(): void {
    this.dispatchEvent(new FlowFinishEvent());
    this.complete();
  }
}

customElements.define('sf-step-done', SfStepDone);

declare global {
  interface HTMLElementTagNameMap {
    'sf-step-done': SfStepDone;
  }
  interface HTMLElementEventMap {
    'sf-flow-finish': FlowFinishEvent;
  }
}
