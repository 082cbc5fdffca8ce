import { css, html, nothing, type PropertyDeclarations } from 'lit';
import { msg, str } from '@lit/localize';
import { Task, TaskStatus } from '@lit/task';
import type { FlowApi } from '../../api/client.js';
import type { Document, Location } from '../../api/types.js';
import { getLocation } from '../../api/locations.js';
import { listAllDocuments, listDocuments } from '../../api/documents.js';
import { LaterStep } from '../shared/later-step.js';
import { laterStepStyles } from '../shared/later-step.styles.js';
import { stepHeading } from '../shared/layout.js';
import { renderRetryAlert, toFailure, type Failure } from '../shared/failure.js';
import { renderRefusal } from '../shared/refusal.js';
import '../shared/account-status.js';
import './document-list.js';

type View = 'active' | 'all';

/**
 * @summary Documents: the location's active documents and, on a second tab, all of them (historical and a queued
 * renewal's included), each a PDF link; where the account stands (sf-account-status); Done. Without a location (no
 * plan accepted yet) it says so and closes.
 * @fires sf-step-complete - `{ step: 'documents' }` on Done: the root closes with reason `completed`.
 * @fires sf-exit-request - "Close" when there is nothing to show yet.
 * @fires sf-api-error - 401/403 for the root.
 */
export class SfStepDocuments extends LaterStep {
  static override properties: PropertyDeclarations = {
    _view: { state: true },
    _failure: { state: true },
    _allFailure: { state: true },
  };

  static override styles = [
    ...laterStepStyles,
    css`
      /* One row, whatever the width: on a narrow screen a tab's name wraps inside it rather than the tab below. */
      [role='tablist'] {
        display: flex;
        gap: 0.5rem;
        border-bottom: 1px solid var(--_divider);
        margin-bottom: var(--_space);
      }
      [role='tab'] {
        flex: 0 1 auto;
        /* A long word (with a customer's text spacing at 320 px) breaks rather than pushing the row off the screen. */
        overflow-wrap: anywhere;
        text-align: start;
        min-height: var(--_target);
        padding: 0.5rem 0.75rem;
        border: 1px solid transparent;
        border-bottom: 0;
        border-radius: var(--_radius) var(--_radius) 0 0;
        background: none;
        color: inherit;
        font: inherit;
        cursor: pointer;
        margin-bottom: -1px;
      }
      /* The chosen tab is told by aria-selected (read out), a border and bold text, not by colour alone. */
      [role='tab'][aria-selected='true'] {
        font-weight: 700;
        border-color: var(--_divider);
        border-bottom: 3px solid var(--_primary);
        background: var(--_surface);
      }
      [role='tabpanel'] h2 {
        font-size: 1.125rem;
      }
      [role='tabpanel'] h3 {
        font-size: 1rem;
        margin: var(--_space) 0 0.5rem;
      }
    `,
  ];

  private _view: View = 'active';
  /**
   * What went wrong reading the current documents, and the list of all of them: each load's own, so that one tab
   * loading does not hide what the other could not load.
   */
  private _failure: Failure | null = null;
  private _allFailure: Failure | null = null;

  private get _locationUuid(): string | null {
    return this.account?.location_uuid ?? null;
  }

  /** The location (its address, its contract's start date) and its active documents. */
  private _active = new Task(this, {
    args: () => [this._api, this._locationUuid] as const,
    task: async ([api, uuid], { signal }): Promise<[Location, Document[]] | null> =>
      api && uuid ? Promise.all([getLocation(api, uuid, signal), listDocuments(api, uuid, signal).then((l) => l.data)]) : null,
    onComplete: () => (this._failure = null),
    onError: (error) => (this._failure = toFailure(error, this)),
  });

  /** All documents, read the first time their tab is opened. */
  private _all = new Task(this, {
    autoRun: false,
    task: ([api, uuid]: [FlowApi, string], { signal }) => listAllDocuments(api, uuid, signal).then((l) => l.data),
    onComplete: () => (this._allFailure = null),
    onError: (error) => (this._allFailure = toFailure(error, this)),
  });

  override render() {
    if (!this._locationUuid) return this._renderNoLocation();
    // A 404 of the location (or its documents): the account's service location is gone, which no retry brings back.
    const gone = [this._failure, this._allFailure].some((f) => f?.kind === 'refused' && f.error.status === 404);
    if (gone) return this._renderNoLocation(gone);
    const loaded = this._active.value;
    const location = loaded?.[0];
    const address = location?.address.address_1;
    // Each tab says what it could not load; all documents also need what the current tab reads (the plan's name).
    const failure = this._view === 'active' ? this._failure : (this._allFailure ?? this._failure);
    // One status region for both tabs, always there (a region inserted with its sentence is not reliably read): a
    // tab's "Loading…" is said, on arrival and on its first opening.
    const loading = this._view === 'active' ? this._active.status === TaskStatus.PENDING : this._all.status === TaskStatus.PENDING || this._all.status === TaskStatus.INITIAL;
    return html`
      ${stepHeading(
        msg('Your plan documents', { id: 'docs.heading' }),
        address
          ? msg(str`The documents of your electricity plan at ${address}. Each one is a PDF that opens in a new tab.`, { id: 'docs.lead.address' })
          : msg('The documents of your electricity plan. Each one is a PDF that opens in a new tab.', { id: 'docs.lead' }),
      )}
      ${renderRetryAlert(failure, () => this._retry(), this._active.status === TaskStatus.PENDING || this._all.status === TaskStatus.PENDING)}
      ${renderRefusal(failure)}
      <div role="tablist" aria-label=${msg('Which documents', { id: 'docs.tabs' })} @keydown=${this._tabKey}>
        ${this._tab('active', msg('Current documents', { id: 'docs.tab.active' }))}
        ${this._tab('all', msg('All documents', { id: 'docs.tab.all' }))}
      </div>
      <p role="status">${loading ? msg('Loading your documents…', { id: 'docs.loading' }) : ''}</p>
      <div role="tabpanel" id="panel-active" aria-labelledby="tab-active" tabindex="0" ?hidden=${this._view !== 'active'}>
        ${this._renderActive(loaded?.[1])}
      </div>
      <div role="tabpanel" id="panel-all" aria-labelledby="tab-all" tabindex="0" ?hidden=${this._view !== 'all'}>
        ${this._view === 'all' ? this._renderAll() : nothing}
      </div>
      <sf-account-status .account=${this.account} .startDate=${location?.contract.start_date ?? null}></sf-account-status>
      <div class="actions">
        <button type="button" class="btn primary" @click=${() => this.complete()}>${msg('Done', { id: 'done.done' })}</button>
      </div>
    `;
  }

  private _tab(view: View, label: string) {
    const selected = this._view === view;
    return html`<button
      type="button"
      role="tab"
      id="tab-${view}"
      aria-selected=${selected ? 'true' : 'false'}
      aria-controls="panel-${view}"
      tabindex=${selected ? '0' : '-1'}
      @click=${() => this._show(view)}
    >
      ${label}
    </button>`;
  }

  private _renderActive(docs: Document[] | undefined) {
    if (this._active.status === TaskStatus.PENDING || !docs) return nothing;
    return html`<h2>${msg('Documents in effect now', { id: 'docs.active.heading' })}</h2>
      <sf-document-list .documents=${docs} label=${msg('Documents in effect now', { id: 'docs.active.heading' })}></sf-document-list>`;
  }

  private _renderAll() {
    const docs = this._all.value;
    if (this._all.status === TaskStatus.PENDING || !docs) return nothing;
    // The service lists them active, queued, historical: one group each, named, so the list reads in that order.
    const groups = [
      { status: 'active', heading: msg('In effect now', { id: 'docs.group.active' }) },
      { status: 'queued', heading: msg('Upcoming: your next plan', { id: 'docs.group.queued' }) },
      { status: 'historical', heading: msg('Past plans', { id: 'docs.group.historical' }) },
    ] as const;
    return html`<h2>${msg('All documents: current, upcoming and past', { id: 'docs.all.heading' })}</h2>
      ${docs.length === 0 ? html`<sf-document-list .documents=${docs}></sf-document-list>` : nothing}
      ${groups.map(({ status, heading }) => {
        const list = docs.filter((d) => d.status === status);
        return list.length
          ? html`<h3>${heading}</h3>
              <sf-document-list .documents=${list} label=${heading}></sf-document-list>`
          : nothing;
      })}`;
  }

  /**
   * `gone`: the service no longer knows the account's location (a 404): said in the customer's words, then Close (the
   * renewal steps' words, renderLocationRefusal in renewal/standing.ts, kept apart from them so that neither chunk
   * moves to the one every later step loads).
   */
  private _renderNoLocation(gone = false) {
    return html`
      ${gone
        ? html`${stepHeading(msg('Your plan documents', { id: 'docs.heading' }))}
            <div class="alert error" role="alert"><p>${msg(
                'We could not find the details of your electricity service. Please close this, then open it again from where you started. If that does not help, contact customer service.',
                { id: 'location.gone' },
              )}</p></div>`
        : stepHeading(
            msg('You have no plan documents yet', { id: 'docs.none.heading' }),
            msg('Your plan documents appear here once you have chosen a plan and enrolled. Finish your enrollment first, then come back.', {
              id: 'docs.none.lead',
            }),
          )}
      <sf-account-status .account=${this.account}></sf-account-status>
      <div class="actions">
        <button type="button" class="btn primary" @click=${() => this.exit()}>${msg('Close', { id: 'docs.close' })}</button>
      </div>
    `;
  }

  private _show(view: View, focus = false): void {
    this._view = view;
    if (view === 'all' && this._all.status === TaskStatus.INITIAL && this._api && this._locationUuid) void this._all.run([this._api, this._locationUuid]);
    if (focus) void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>(`#tab-${view}`)?.focus());
  }

  /** The tab pattern's keys: arrows move between the two tabs (and choose), Home and End go to the first and last. */
  private _tabKey(e: KeyboardEvent): void {
    const next: Record<string, View> = { ArrowLeft: 'active', ArrowRight: 'all', Home: 'active', End: 'all' };
    const to = e.key === 'ArrowLeft' || e.key === 'ArrowRight' ? (this._view === 'active' ? 'all' : 'active') : next[e.key];
    if (!to) return;
    e.preventDefault();
    this._show(to, true);
  }

  private _retry(): void {
    if (this._active.status === TaskStatus.ERROR) void this._active.run();
    if (this._all.status === TaskStatus.ERROR && this._api && this._locationUuid) void this._all.run([this._api, this._locationUuid]);
  }
}

customElements.define('sf-step-documents', SfStepDocuments);

declare global {
  interface HTMLElementTagNameMap {
    'sf-step-documents': SfStepDocuments;
  }
}
