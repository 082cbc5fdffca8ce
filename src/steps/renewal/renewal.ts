import { html, nothing, type PropertyDeclarations } from 'lit';
import { msg } from '@lit/localize';
import { Task, TaskStatus } from '@lit/task';
import type { Location } from '../../api/types.js';
import { getLocation } from '../../api/locations.js';
import { renewalStanding } from '../../scopes/renewal/router.js';
import { LaterStep } from '../shared/later-step.js';
import { laterStepStyles } from '../shared/later-step.styles.js';
import { stepHeading } from '../shared/layout.js';
import { renderRetryAlert, toFailure, type Failure } from '../shared/failure.js';
import { sentRenewals } from '../../scopes/renewal/sent.js';
import { contractEnd, renderContract, renderLocationRefusal, renderStanding } from './standing.js';
import { renewalStyles } from './renewal.styles.js';

/**
 * @summary Renewal, first step: the current plan and when its contract ends (the location's contract), and where it
 * stands for renewal in plain words: renew now (→ the plans), too early (the day renewal opens), already renewed
 * (the queued contract), or not active yet. The refusals close with "Close". A renewal queued for a plan this session
 * sent (its answer lost, then a reload) is this session's: the step completes at once, to the done screen.
 * @fires sf-step-complete - `{ step: 'renewal' }`: see the renewal plans; `{ step: 'renewal', data: { renewed: true } }`:
 * this session's renewal is queued.
 * @fires sf-exit-request - "Close" (not eligible) or "Not now".
 * @fires sf-api-error - 401/403 for the root.
 */
export class SfStepRenewal extends LaterStep {
  static override properties: PropertyDeclarations = {
    _failure: { state: true },
  };

  static override styles = [...laterStepStyles, renewalStyles];

  private _failure: Failure | null = null;

  private _location = new Task(this, {
    args: () => [this._api, this.account?.location_uuid] as const,
    task: ([api, uuid], { signal }): Promise<Location | null> | null => (api && uuid ? getLocation(api, uuid, signal) : null),
    onComplete: (location) => {
      this._failure = null;
      const queued = location?.queued_contract;
      if (queued && sentRenewals().includes(queued.plan_uuid)) this.complete({ data: { renewed: true } });
      // The plans' code, fetched while the customer reads (the root prefetches only a numbered step's next).
      else if (this.account && renewalStanding(this.account, location).kind === 'eligible') void import('../renewal-plans/renewal-plans.js').catch(() => undefined);
    },
    onError: (error) => (this._failure = toFailure(error, this)),
  });

  override render() {
    const location = this._location.value ?? null;
    const pending = this._location.status === TaskStatus.PENDING;
    const ready = this._location.status === TaskStatus.COMPLETE;
    const standing = this.account && ready ? renewalStanding(this.account, location) : null;
    const eligible = standing?.kind === 'eligible';
    // A cancelled account's contract ended with its service (no month-to-month): the standing says so. A renewal
    // queued: the standing names it and its start, so no "month-to-month until you choose a new plan" above it.
    const ended = this.account?.status === 'cancelled';
    return html`
      ${stepHeading(msg('Renew your electricity plan', { id: 'renewal.heading' }), location && !ended && !location.queued_contract ? contractEnd(location.contract) : null)}
      ${renderRetryAlert(this._failure, () => void this._location.run(), pending)}
      ${renderLocationRefusal(this._failure)}
      <p role="status">${pending ? msg('Loading your plan…', { id: 'renewal.loading' }) : ''}</p>
      ${location
        ? html`<section class="card" aria-labelledby="current-heading">
            <h2 id="current-heading">${msg('Your current plan', { id: 'renewal.current' })}</h2>
            ${renderContract(location.contract)}
          </section>`
        : nothing}
      ${standing ? renderStanding(standing, location?.contract.end_date, ended) : nothing}
      ${standing && !eligible ? this._accountStatus(location?.contract.start_date) : nothing}
      <div class="actions">
        ${eligible
          ? html`<button type="button" class="btn link" @click=${() => this.exit()}>${msg('Not now', { id: 'plans.not_now' })}</button>
              <button type="button" class="btn primary" @click=${() => this.complete()}>${msg('See renewal plans', { id: 'renewal.see_plans' })}</button>`
          : standing || this._failure?.kind === 'refused' || this._failure?.kind === 'fields'
            ? html`<button type="button" class="btn primary" @click=${() => this.exit()}>${msg('Close', { id: 'docs.close' })}</button>`
            : nothing}
      </div>
    `;
  }

  /**
   * A refusal ends the flow here, so this is its last screen: where the account stands (sf-account-status). Loaded
   * only then, so the scope's first chunk stays small; the element upgrades when its code arrives.
   */
  private _accountStatus(start: string | undefined) {
    void import('../shared/account-status.js').catch(() => undefined);
    // A scheduled service is told its start, the contract's, as the plan above shows it.
    return html`<sf-account-status .account=${this.account} .startDate=${start ?? null}></sf-account-status>`;
  }
}

customElements.define('sf-step-renewal', SfStepRenewal);

declare global {
  interface HTMLElementTagNameMap {
    'sf-step-renewal': SfStepRenewal;
  }
}
