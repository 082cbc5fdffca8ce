import { html, nothing, type PropertyDeclarations } from 'lit';
import { msg, str } from '@lit/localize';
import { Task, TaskStatus } from '@lit/task';
import type { Document, Location } from '../../api/types.js';
import { getLocation } from '../../api/locations.js';
import { listAllDocuments } from '../../api/documents.js';
import { getLocale } from '../../i18n/localization.js';
import { formatDate } from '../../ui/format.js';
import { LaterStep } from '../shared/later-step.js';
import { markSessionDone } from '../../flow/session-done.js';
import { laterStepStyles } from '../shared/later-step.styles.js';
import { stepHeading } from '../shared/layout.js';
import { toFailure, type Failure } from '../shared/failure.js';
import { renewalStyles } from '../renewal/renewal.styles.js';
import { renderContract, renderLocationRefusal } from '../renewal/standing.js';
import '../shared/account-status.js';
import '../documents/document-list.js';

/**
 * @summary Renewal done: the new contract, queued, with its start date (read back from the service: the location's
 * `queued_contract`), its documents (now among all the location's documents, as queued), where the account stands
 * (sf-account-status), and Done.
 * @fires sf-step-complete - `{ step: 'renewal-done' }`: the root closes with reason `completed`.
 * @fires sf-api-error - 401/403 for the root.
 */
export class SfStepRenewalDone extends LaterStep {
  static override properties: PropertyDeclarations = {
    _failure: { state: true },
  };

  static override styles = [...laterStepStyles, renewalStyles];

  /** Shown once the job is done: a reload of the page comes back to this screen, and closing says `completed`. */
  override connectedCallback(): void {
    super.connectedCallback();
    markSessionDone();
  }

  private _failure: Failure | null = null;

  private _read = new Task(this, {
    args: () => [this._api, this.account?.location_uuid] as const,
    task: async ([api, uuid], { signal }): Promise<[Location, Document[]] | null> =>
      api && uuid ? Promise.all([getLocation(api, uuid, signal), listAllDocuments(api, uuid, signal).then((l) => l.data)]) : null,
    onComplete: () => (this._failure = null),
    onError: (error) => (this._failure = toFailure(error, this)),
  });

  override render() {
    const [location, all] = this._read.value ?? [null, []];
    const queued = location?.queued_contract ?? null;
    const docs = all.filter((d) => d.status === 'queued');
    const locale = getLocale();
    return html`
      ${stepHeading(
        msg('Your renewal is confirmed', { id: 'renewal.done.heading' }),
        !queued
          ? null
          : location?.contract.status === 'expired'
            ? // Month-to-month: the contract has ended already, and the new plan starts on the date chosen.
              msg(str`${queued.plan_name} is queued: it starts on ${formatDate(queued.start_date, locale)}. Until then your month-to-month service continues.`, {
                id: 'renewal.done.lead_month_to_month',
              })
            : msg(str`${queued.plan_name} is queued: it starts on ${formatDate(queued.start_date, locale)}, when your current contract ends. Until then nothing changes.`, {
                id: 'renewal.done.lead',
              }),
      )}
      ${this._failure?.kind === 'retry'
        ? // The renewal is saved: only what it is could not be read back.
          html`<div class="alert warning" role="alert">
            <p>${msg('Your renewal is saved, but we could not show its details just now. Try again in a moment.', { id: 'renewal.done.details_failed' })}</p>
            <button type="button" class="btn secondary" ?disabled=${this._read.status === TaskStatus.PENDING} @click=${() => void this._read.run()}>
              ${msg('Try again', { id: 'error.try_again' })}
            </button>
          </div>`
        : renderLocationRefusal(this._failure)}
      <p role="status">${this._read.status === TaskStatus.PENDING ? msg('Loading your renewal…', { id: 'renewal.done.loading' }) : ''}</p>
      ${queued
        ? html`<section class="card" aria-labelledby="queued-heading">
            <h2 id="queued-heading">${msg('Your new plan (queued)', { id: 'renewal.done.queued' })}</h2>
            ${renderContract(queued)}
          </section>`
        : nothing}
      ${location
        ? html`<section aria-labelledby="docs-heading">
            <h2 id="docs-heading">${msg("Your new plan's documents", { id: 'renewal.done.docs' })}</h2>
            <p>${msg('They now appear among all your documents, marked as queued until your new plan starts.', { id: 'renewal.done.docs_hint' })}</p>
            <sf-document-list .documents=${docs} label=${msg("Your new plan's documents", { id: 'renewal.done.docs' })}></sf-document-list>
          </section>`
        : nothing}
      <sf-account-status .account=${this.account}></sf-account-status>
      <div class="actions">
        <button type="button" class="btn primary" @click=${() => this.complete()}>${msg('Done', { id: 'done.done' })}</button>
      </div>
    `;
  }
}

customElements.define('sf-step-renewal-done', SfStepRenewalDone);

declare global {
  interface HTMLElementTagNameMap {
    'sf-step-renewal-done': SfStepRenewalDone;
  }
}
