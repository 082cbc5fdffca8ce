import { html, nothing, type PropertyDeclarations } from 'lit';
import { msg, str } from '@lit/localize';
import type { BillingAddress, Invoice } from '../../api/types.js';
import type { StepDraft } from '../../contract/context.js';
import { getBillingAddress, listInvoices } from '../../api/billing.js';
import { getLocation } from '../../api/locations.js';
import { isApiError } from '../../api/errors.js';
import { getLocale } from '../../i18n/localization.js';
import { formatDate, formatKwh, formatMoney, formatRate } from '../../ui/format.js';
import { LaterStep } from '../shared/later-step.js';
import { laterStepStyles } from '../shared/later-step.styles.js';
import { stepHeading } from '../shared/layout.js';
import { renderRetryAlert, toFailure, type Failure } from '../shared/failure.js';
import { renderRefusal } from '../shared/refusal.js';
import '../shared/account-status.js';
import { billingToday, invoiceStatus } from './invoice-status.js';
import { period, renderStatus, statusStyles } from './invoice-badge.js';
import { invoicesStyles } from './invoices.styles.js';

/** Invoices per page: a year of monthly bills. */
export const PAGE_SIZE = 12;

/** The list as loaded so far, kept by the root for the session: coming back from a detail shows the same pages. */
export interface InvoicesDraft extends StepDraft {
  invoices?: Invoice[];
  /** The next page's cursor; null once the oldest invoice is shown. */
  cursor?: string | null;
  /** The contract's start date, read only when there is no invoice yet: when the first bill comes, or service starts. */
  start?: string;
}

/** Before finalizing there is no service to bill, so nothing is asked of the billing endpoints. */
const enrolled = (finalized: boolean | undefined) => Boolean(finalized);

/**
 * @summary Billing home: the invoices, most recent first, a page at a time ("Show older invoices" adds the next page,
 * moves focus to its first invoice and says how many are shown), each with its date, billing period, total, kWh,
 * average price and status in words; the billing address ("same as service address" when it is) with a way to
 * change it; where the account stands (sf-account-status); Done. Without invoices it says when the first bill comes
 * (cancelled before service started: that none will); before enrollment, that there is nothing to bill yet, and Close.
 * @fires sf-step-complete - `{ step: 'invoices', data: { open: 'invoice', invoice, today } }` to open one (`today`: the
 *   list's, so the detail's status agrees with it),
 * `{ data: { open: 'billing-address' } }` to change the address, no data for Done (Close before enrollment: the
 *   scope closes `exited`).
 * @fires sf-api-error - 401/403 for the root.
 */
export class SfStepInvoices extends LaterStep<InvoicesDraft> {
  static override properties: PropertyDeclarations = {
    saved: { attribute: false },
    focusInvoice: { attribute: false },
    focusAddress: { attribute: false },
    _listFailure: { state: true },
    _addressFailure: { state: true },
    _loading: { state: true },
    _loadingMore: { state: true },
    _address: { state: true },
  };

  static override styles = [...laterStepStyles, statusStyles, invoicesStyles];

  /** The billing address was just saved (the form returned here): say so. */
  saved = false;
  /** Coming back from this invoice's detail: focus returns to its button. */
  focusInvoice: string | null = null;
  /** Coming back from the address form: focus returns to "Change billing address". */
  focusAddress = false;

  private _listFailure: Failure | null = null;
  private _addressFailure: Failure | null = null;
  private _loading = false;
  private _loadingMore = false;
  private _address: BillingAddress | null | undefined = undefined;

  private _abort = new AbortController();
  /** Where focus goes once the root has focused the heading (coming back from a detail or the form). */
  private _returnFocus: string | null = null;

  override connectedCallback(): void {
    super.connectedCallback();
    this._abort = new AbortController();
    this._returnFocus = this.focusInvoice ? `[data-invoice="${CSS.escape(this.focusInvoice)}"]` : this.focusAddress ? '#change-address' : null;
    this.renderRoot.addEventListener('focusin', this._onFocusIn);
    if (!enrolled(this.account?.enrollment.is_enrollment_finalized)) return;
    if (!this.draft.invoices) void this._loadFirst();
    void this._loadAddress();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this._abort.abort();
    this.renderRoot.removeEventListener('focusin', this._onFocusIn);
  }

  /** The root focuses the heading on arrival; coming back, focus then moves on to what opened the other view. */
  private _onFocusIn = (event: Event): void => {
    if (!this._returnFocus || (event.target as Element).id !== 'step-heading') return;
    setTimeout(() => this._tryReturnFocus(), 0);
  };

  private _tryReturnFocus(): void {
    const target = this._returnFocus ? this.renderRoot.querySelector<HTMLElement>(this._returnFocus) : null;
    if (!target) return;
    this._returnFocus = null;
    target.focus();
  }

  private async _loadFirst(): Promise<void> {
    this._loading = true;
    this._listFailure = null;
    try {
      const page = await listInvoices(this.api, { limit: PAGE_SIZE }, this._abort.signal);
      this.draft.invoices = page.data;
      this.draft.cursor = page.next_cursor;
      if (page.data.length === 0) await this._loadStart();
    } catch (error) {
      this._listFailure = toFailure(error, this);
    } finally {
      this._loading = false;
    }
  }

  private async _loadMore(): Promise<void> {
    const cursor = this.draft.cursor;
    if (!cursor || this._loadingMore) return;
    this._loadingMore = true;
    this._listFailure = null;
    try {
      const page = await listInvoices(this.api, { limit: PAGE_SIZE, cursor }, this._abort.signal);
      const before = this.draft.invoices?.length ?? 0;
      this.draft.invoices = [...(this.draft.invoices ?? []), ...page.data];
      this.draft.cursor = page.next_cursor;
      this._loadingMore = false;
      await this.updateComplete;
      // The button may be gone (last page): focus moves to the first invoice just added, where reading goes on, or,
      // when the last page was empty, to the count that says the list is complete.
      (this.renderRoot.querySelectorAll<HTMLElement>('.invoice h3')[before] ?? this.renderRoot.querySelector<HTMLElement>('.count'))?.focus();
    } catch (error) {
      this._listFailure = toFailure(error, this);
    } finally {
      this._loadingMore = false;
    }
  }

  private async _loadAddress(): Promise<void> {
    this._addressFailure = null;
    try {
      this._address = await getBillingAddress(this.api, this._abort.signal);
    } catch (error) {
      if (isApiError(error) && error.status === 404) this._address = null;
      else this._addressFailure = toFailure(error, this);
    }
    await this.updateComplete;
    this._tryReturnFocusIfHeadingHadIt();
  }

  /** The address arrived after the root focused the heading: focus can go back to its button now. */
  private _tryReturnFocusIfHeadingHadIt(): void {
    if (this._returnFocus && this.renderRoot.querySelector('#step-heading') === (this.renderRoot as ShadowRoot).activeElement) {
      this._tryReturnFocus();
    }
  }

  /**
   * The service start, for "your first bill comes about a month after …" (once service is active) or, before, for the
   * account status's "Service starts on …"; its absence only shortens the sentence.
   */
  private async _loadStart(): Promise<void> {
    const location = this.account?.location_uuid;
    if (!location) return;
    try {
      this.draft.start = (await getLocation(this.api, location, this._abort.signal)).contract.start_date;
    } catch {
      // Said without the date.
    }
  }

  override render() {
    const isEnrolled = enrolled(this.account?.enrollment.is_enrollment_finalized);
    return html`
      ${stepHeading(
        msg('Your bills', { id: 'billing.heading' }),
        // Said while there are (or may be) invoices; the empty state says when the first one comes instead.
        isEnrolled && this.draft.invoices?.length !== 0
          ? msg('Your invoices, most recent first. Open one to see its charges and its PDF.', { id: 'billing.lead' })
          : undefined,
      )}
      ${isEnrolled ? [this._renderInvoices(), this._renderAddress()] : this._renderNotEnrolled()}
      ${this.account
        ? html`<sf-account-status
            .account=${this.account}
            .startDate=${this.draft.start}
            .pastDue=${this._pastDue()}
          ></sf-account-status>`
        : nothing}
      <div class="actions">
        <button type="button" class="btn primary" @click=${() => this.complete()}>
          ${isEnrolled ? msg('Done', { id: 'billing.done' }) : msg('Close', { id: 'docs.close' })}
        </button>
      </div>
    `;
  }

  /** A bill listed is past due: where the account stands then says there is something left to do. */
  private _pastDue(): boolean {
    const invoices = this.draft.invoices ?? [];
    const today = billingToday(invoices);
    return invoices.some((invoice) => invoiceStatus(invoice, today) === 'past_due');
  }

  private _renderNotEnrolled() {
    return html`<section class="empty card" aria-labelledby="nothing-heading">
      <h2 id="nothing-heading">${msg('There is nothing to bill yet', { id: 'billing.none.heading' })}</h2>
      <p>
        ${msg('You are not enrolled yet. Once your enrollment is submitted and your service starts, your bills appear here: the first one about a month after service starts.', {
          id: 'billing.none.body',
        })}
      </p>
    </section>`;
  }

  private _renderInvoices() {
    const locale = getLocale();
    const invoices = this.draft.invoices;
    const today = billingToday(invoices ?? []);
    // One status line (.count), always on the page, as a region inserted with its sentence is not reliably read:
    // "Loading your invoices…" (a "Try again" too) or "Loading older invoices…", then how many are shown.
    return html`<section aria-labelledby="invoices-heading">
      <h2 id="invoices-heading">${msg('Invoices', { id: 'billing.invoices.heading' })}</h2>
      ${renderRetryAlert(this._listFailure, this._retry, this._loading || this._loadingMore)}
      ${renderRefusal(this._listFailure)}
      ${invoices && invoices.length === 0 ? this._renderNoInvoices(locale) : nothing}
      ${invoices?.length ? html`<ul class="invoices">${invoices.map((invoice) => this._renderInvoice(invoice, today, locale))}</ul>` : nothing}
      <p class="count" role="status" tabindex="-1">
        ${this._loading
          ? msg('Loading your invoices…', { id: 'billing.invoices.loading' })
          : this._loadingMore
            ? msg('Loading older invoices…', { id: 'billing.invoices.more_busy' })
            : !invoices?.length
              ? ''
              : this.draft.cursor
                ? msg(str`Showing the ${invoices.length} most recent invoices.`, { id: 'billing.invoices.count_more' })
                : invoices.length === 1
                  ? msg('Showing your only invoice.', { id: 'billing.invoices.count_one' })
                  : msg(str`Showing all ${invoices.length} invoices.`, { id: 'billing.invoices.count_all' })}
      </p>
      ${invoices?.length && this.draft.cursor
        ? html`<button
            type="button"
            class="btn secondary more"
            aria-disabled=${this._loadingMore ? 'true' : 'false'}
            aria-busy=${this._loadingMore ? 'true' : 'false'}
            @click=${this._loadMore}
          >
            ${this._loadingMore ? msg('Loading older invoices…', { id: 'billing.invoices.more_busy' }) : msg('Show older invoices', { id: 'billing.invoices.more' })}
          </button>`
        : nothing}
    </section>`;
  }

  private _renderNoInvoices(locale: string) {
    // A start still to come is said by sf-account-status below ("Service starts on …").
    const start = this.account?.enrollment.is_service_active && this.draft.start;
    // Cancelled before service started: no bill will ever come (sf-account-status below says it was cancelled).
    const never = this.account?.status === 'cancelled' && !this.account.enrollment.is_service_active;
    return html`<div class="empty card">
      <h3>${never ? msg('There is nothing to bill', { id: 'billing.empty.never.heading' }) : msg('No bills yet', { id: 'billing.empty.heading' })}</h3>
      <p>
        ${never
          ? msg('Your service never started, so no bill will come.', { id: 'billing.empty.never' })
          : start
          ? msg(str`Your service started on ${formatDate(start, locale)}. Your first bill comes about a month after that, around ${formatDate(addMonth(start), locale)}.`, {
              id: 'billing.empty.started',
            })
          : msg('Your first bill comes about a month after your service starts.', { id: 'billing.empty.body' })}
      </p>
    </div>`;
  }

  private _renderInvoice(invoice: Invoice, today: string, locale: string) {
    const id = `invoice-${invoice.number}`;
    const state = invoiceStatus(invoice, today);
    return html`<li class="invoice">
      <div class="invoice-head">
        <h3 id=${id} tabindex="-1">${msg(str`Invoice of ${formatDate(invoice.invoice_date, locale)}`, { id: 'billing.invoice.title' })}</h3>
        ${renderStatus(state)}
      </div>
      <dl class="figures">
        <div class="period">
          <dt>${msg('Billing period', { id: 'billing.invoice.period' })}</dt>
          <dd>${period(invoice, locale)}</dd>
        </div>
        <div>
          <dt>${msg('Total', { id: 'billing.invoice.total' })}</dt>
          <dd class="total">${formatMoney(invoice.total_cents, locale)}</dd>
        </div>
        <div>
          <dt>${msg('Electricity used', { id: 'billing.invoice.kwh' })}</dt>
          <dd>${formatKwh(invoice.total_kwh, locale)}</dd>
        </div>
        <div>
          <dt>${msg('Average price', { id: 'billing.invoice.average' })}</dt>
          <dd>${formatRate(invoice.avg_cents_per_kwh, locale)}</dd>
        </div>
      </dl>
      ${state === 'past_due'
        ? html`<p>${msg(str`The automatic payment on ${formatDate(invoice.payment_due_date, locale)} did not go through.`, { id: 'billing.invoice.past_due' })}</p>`
        : nothing}
      <button type="button" class="btn secondary" data-invoice=${invoice.number} aria-describedby=${id} @click=${() => this._open(invoice)}>
        ${msg('Charges and PDF', { id: 'billing.invoice.open' })}
      </button>
    </li>`;
  }

  private _renderAddress() {
    const a = this._address;
    return html`<section aria-labelledby="address-heading">
      <h2 id="address-heading">${msg('Billing address', { id: 'billing.address.heading' })}</h2>
      ${this.saved ? html`<p id="address-saved" class="saved" role="status">${msg('Your billing address is saved.', { id: 'billing.address.saved' })}</p>` : nothing}
      ${renderRetryAlert(this._addressFailure, this._retry)} ${renderRefusal(this._addressFailure)}
      <p role="status">${a === undefined && !this._addressFailure ? msg('Loading your billing address…', { id: 'billing.address.loading' }) : ''}</p>
      ${a === null ? html`<p>${msg('No billing address is on file yet.', { id: 'billing.address.none' })}</p>` : nothing}
      ${a
        ? html`<div class="card address">
            <p class="lines">${a.address_1}${a.address_2 ? html`<br />${a.address_2}` : nothing}<br />${a.city}, ${a.state} ${a.postal_code}</p>
            ${a.same_as_service_address
              ? html`<p class="same"><span aria-hidden="true">✓ </span>${msg('Same as your service address', { id: 'billing.address.same' })}</p>`
              : nothing}
          </div>`
        : nothing}
      ${a !== undefined
        ? html`<button type="button" id="change-address" class="btn secondary" aria-describedby=${this.saved ? 'address-saved' : nothing} @click=${() => this.complete({ data: { open: 'billing-address' } })}>
            ${msg('Change billing address', { id: 'billing.address.change' })}
          </button>`
        : nothing}
    </section>`;
  }

  /**
   * Either "Try again" retries all that failed: a lost connection fails the list and the address at once, and one
   * press then leaves no second alert behind (focus goes on to the heading, not to the page).
   */
  private _retry = (): void => {
    if (this._listFailure) void (this.draft.invoices ? this._loadMore() : this._loadFirst());
    if (this._addressFailure) void this._loadAddress();
  };

  private _open(invoice: Invoice): void {
    this.complete({ data: { open: 'invoice', invoice: invoice.number, today: billingToday(this.draft.invoices ?? []) } });
  }
}

/** The same day a month later (the 31st of a shorter month: its last day). */
function addMonth(ymd: string): string {
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const date = new Date(Date.UTC(y, m, Math.min(d, last)));
  return date.toISOString().slice(0, 10);
}

customElements.define('sf-step-invoices', SfStepInvoices);

declare global {
  interface HTMLElementTagNameMap {
    'sf-step-invoices': SfStepInvoices;
  }
}
