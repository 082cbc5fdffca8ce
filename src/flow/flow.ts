import { LitElement, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { localized } from '@lit/localize';
import { createFlowApi, type FlowApi } from '../api/client.js';
import { ApiError, isAbortError } from '../api/errors.js';
import type { Account, FlowSession } from '../api/types.js';
import type { BridgeWindow } from '../bridge/channels.js';
import type { CloseReason } from '../bridge/messages.js';
import { getLocale, normalizeLocale, setLocale, type Locale } from '../i18n/localization.js';
import { sharedStyles } from '../styles/shared.js';
import { rememberLocale, sessionStore } from './bootstrap.js';
import { provideApi } from '../contract/context.js';
import type { StepCompleteEvent, StepName } from '../contract/events.js';
import { flowStyles } from './flow.styles.js';
import { focusHeading } from './focus.js';
import { announcement, pageTitle, renderExpiryNotice, renderOffline, renderProgress } from './chrome.js';
import { exitOutcome, nextStep, previousStep, stepsFor, type SessionProgress } from './router.js';
import { SessionLink } from './session.js';
import { loadStepModule, warmUpCardProcessor, type StepLoader } from './step-modules.js';
import { FlowViews, loadStatusScreen } from './views.js';
import type { StatusKind } from './screens/status-screen.js';
import { headerStyles, renderHeader } from './header.js';
import { loadingStyles, renderLoading } from './screens/loading-screen.js';

type View = 'loading' | 'step' | 'status';

/**
 * The root of the flow: loads the session and the account, provides the API to the steps (`apiContext`), derives the
 * step from server state (router.ts), renders one step at a time, and talks to the host (bridge).
 *
 * @summary The enrollment flow.
 * @fires sf-step-complete / sf-step-back / sf-exit-request / sf-api-error - Handled here; see events.ts.
 * @cssprop --sf-color-primary - See styles/tokens.ts for all tokens.
 */
@customElement('sf-flow')
@localized()
export class SfFlow extends LitElement {
  static override styles = [...sharedStyles, headerStyles, loadingStyles, flowStyles];

  /** The flow token from the login link. A property only: an attribute would expose it in the DOM. */
  @property({ attribute: false }) token: string | null = null;
  /** The link's `locale`, which wins over the session's and the account's. */
  @property() locale: string | null = null;
  /** The API base URL (the sandbox in development). */
  @property({ attribute: false }) baseUrl: string = typeof __SERVICE_URL__ === 'string' ? __SERVICE_URL__ : '';
  /** Injected client (tests); by default one is created from `token`. */
  @property({ attribute: false }) api: FlowApi | undefined;
  /** Injected window for the bridge (tests). */
  @property({ attribute: false }) hostWindow: BridgeWindow | undefined;
  /** Injected step loader (tests). */
  @property({ attribute: false }) loadStep: StepLoader = loadStepModule;
  /** Injected card processor warm-up (tests); called one step before the card form. */
  @property({ attribute: false }) prefetchCard: (publicKey: string) => unknown = warmUpCardProcessor;

  @state() private _view: View = 'loading';
  @state() private _status: StatusKind = 'error';
  @state() private _closeReason: CloseReason = 'exited';
  @state() private _step: StepName = 'address';
  @state() private _stepLoading = false;
  @state() private _optOut = false;
  @state() private _expiringAt: string | null = null;
  @state() private _announce: { step: StepName; title: string } | null = null;
  @state() private _account: Account | undefined;
  @state() private _session: FlowSession | undefined;

  private _client: FlowApi | undefined;
  private readonly _link = new SessionLink();
  private _progress: SessionProgress = {};
  private readonly _views = new FlowViews(() => ({ step: this.loadStep, card: this.prefetchCard }));
  private _viewedPlans: string[] | null = null;
  private _sawPlans = false;
  private _booting = false;
  private _busy = false;
  private _retry: () => void = () => void this._start();

  constructor() {
    super();
    provideApi(this, () => this._client);
    this.addEventListener('sf-step-complete', (e) => void this._onComplete(e));
    this.addEventListener('sf-step-back', () => this._onBack());
    this.addEventListener('sf-exit-request', () => void this._onExit());
    this.addEventListener('sf-api-error', (e) => this._onApiError(e.detail.error));
    this.addEventListener('sf-plans-viewed', (e) => (this._viewedPlans = [...e.detail.plan_uuids]));
    this.addEventListener('sf-opt-out-confirmed', () => this._close('exited'));
    this.addEventListener('sf-opt-out-cancelled', () => void this._showStep(this._step));
    this.addEventListener('sf-retry', () => this._retry());
  }

  protected override firstUpdated() {
    // After this first update settles, so that starting (which sets state) does not schedule an update inside one.
    void this.updateComplete.then(() => this._start());
  }

  override disconnectedCallback() {
    super.disconnectedCallback();
    this._link.stop();
  }

  override render() {
    const brand = this._session?.branding?.name ?? this._account?.app?.name ?? '';
    const closed = this._link.closed;
    return html`
      ${renderHeader({ brand, locale: getLocale(), closable: !closed, onLocale: (l) => void this._switchLocale(l), onClose: () => void this._onExit() })}
      <main>
        ${this._view === 'step' && !this._optOut ? renderProgress(this._step, this._account) : nothing}
        ${closed ? nothing : renderExpiryNotice(this._expiringAt)}
        ${this._renderView()}
      </main>
      <div class="sr-only" role="status" aria-live="polite" aria-atomic="true">${announcement(this._announce, this._account)}</div>
    `;
  }

  protected override updated() {
    document.title = pageTitle(this._view === 'step' && !this._stepLoading ? this._step : null, this._session?.branding?.name);
  }

  private _renderView() {
    if (this._view === 'status') {
      return customElements.get('sf-status-screen')
        ? html`<sf-status-screen .kind=${this._status} .reason=${this._closeReason}></sf-status-screen>`
        : renderOffline();
    }
    if (this._view === 'loading' || this._stepLoading) return renderLoading();
    return this._views.get(this._optOut ? 'opt-out' : this._step) ?? nothing;
  }

  // ── Session ───────────────────────────────────────────────────────────────────────────────────────────────────

  private async _start(): Promise<void> {
    this._view = 'loading';
    if (!this.token && !this.api) return this._showStatus('incomplete');
    const linkLocale = normalizeLocale(this.locale);
    // The Spanish strings load together with the API calls, not after them.
    const localeReady = linkLocale ? this._switchLocale(linkLocale) : Promise.resolve();
    this._client ??=
      this.api ??
      createFlowApi({ baseUrl: this.baseUrl, token: this.token ?? '', onUnauthorized: () => !this._booting && this._expire() });

    this._booting = true;
    const [flow, acct] = await Promise.allSettled([this._client.getFlow(), this._client.getAccount()]);
    this._booting = false;
    if (flow.status === 'fulfilled' && !this._link.connected) {
      this._session = flow.value;
      this._link.connect(this, flow.value, {
        token: this.token,
        hostWindow: this.hostWindow,
        onExpiring: () => (this._expiringAt = flow.value.expires_at),
        onExpired: () => this._expire(),
      });
    }
    if (flow.status === 'rejected' || acct.status === 'rejected') {
      this._retry = () => void this._start();
      this._onApiError(flow.status === 'rejected' ? flow.reason : (acct as PromiseRejectedResult).reason);
      return;
    }
    this._account = acct.value;
    if (!linkLocale) {
      const preferred = normalizeLocale(flow.value.locale) ?? normalizeLocale(acct.value.locale);
      if (preferred && preferred !== getLocale()) await this._switchLocale(preferred);
    }
    await localeReady;
    if (flow.value.scope !== 'enrollment') return this._close('error', 'unsupported');
    await this._goTo(nextStep(acct.value, this._progress));
  }

  private async _switchLocale(locale: Locale): Promise<void> {
    try {
      await setLocale(locale);
      if (this.token) rememberLocale(sessionStore(), this.token, locale);
    } catch {
      // The strings could not load (offline): stay in the current language.
    }
  }

  // ── Navigation ────────────────────────────────────────────────────────────────────────────────────────────────

  private async _goTo(step: StepName, direction: 'forward' | 'back' = 'forward'): Promise<void> {
    const account = this._account;
    if (!account || !this._session || this._link.closed) return;
    this._optOut = false;
    this._step = step;
    this._view = 'step';
    if (!this._views.isDefined(step)) this._stepLoading = true; // the skeleton, only when the code must be fetched
    if (!(await this._views.load(step))) {
      this._retry = () => location.reload(); // a failed chunk stays failed in the module map until a reload
      return this._showStatus('network');
    }
    if (this._step !== step || this._link.closed) return;
    this._views.prepare(step, direction === 'back', account, this._session, this._progress);
    const heading = await this._showStep(step);
    if (this._step !== step || this._optOut || this._link.closed) return;
    this._announce = { step, title: heading?.textContent?.trim() ?? '' };
    this._link.stepShown(step);
    if (step === 'plans') this._sawPlans = true;
    this._views.prefetch(step, account);
  }

  /** Renders the current step (or the opt-out view over it) and moves focus to its heading. */
  private async _showStep(step: StepName, optOut = false): Promise<HTMLElement | null> {
    this._optOut = optOut;
    this._stepLoading = false;
    this.requestUpdate();
    await this.updateComplete;
    const el = this._views.get(optOut ? 'opt-out' : step);
    return el ? focusHeading(el) : null;
  }

  private async _onComplete(event: StepCompleteEvent): Promise<void> {
    const { step, account: updated, data } = event.detail;
    if (this._busy || this._link.closed || this._view !== 'step' || step !== this._step) return;
    if (step === 'done') return this._close('completed');
    if (data?.address) this._progress = { ...this._progress, address: data.address };
    if (data?.plan) this._progress = { ...this._progress, plan: data.plan };
    this._busy = true;
    try {
      const account = updated ?? (step === 'address' ? this._account! : await this._client!.getAccount());
      if (step === 'review' && (account.enrollment.is_enrollment_finalized || data?.finalized === true)) {
        this._progress = { ...this._progress, finalized: true };
      }
      this._account = account;
      // The review step found something missing and the user chose to fix it: go there (if this flow has it).
      const fix = step === 'review' && !this._progress.finalized ? data?.goTo : undefined;
      await this._goTo(fix && stepsFor(account).includes(fix) ? fix : nextStep(account, this._progress));
    } catch (error) {
      this._retry = () => void this._resume();
      this._onApiError(error);
    } finally {
      this._busy = false;
    }
  }

  private _onBack() {
    const previous = this._view === 'step' && !this._busy && this._account && previousStep(this._step, this._account);
    if (previous) void this._goTo(previous, 'back');
  }

  /** Re-reads the account and shows the first unfinished step ("Try again" after an error). */
  private async _resume(): Promise<void> {
    if (!this._client || !this._session) return this._start();
    this._view = 'loading';
    try {
      this._account = await this._client.getAccount();
      await this._goTo(nextStep(this._account, this._progress));
    } catch (error) {
      this._onApiError(error);
    }
  }

  // ── Leaving ───────────────────────────────────────────────────────────────────────────────────────────────────

  private async _onExit(): Promise<void> {
    const account = this._account;
    if (this._link.closed) return;
    // Close pressed again while the question is shown: the customer said twice they want to go, so leave.
    if (this._optOut) return void (this._views.get('opt-out') as { leave?: () => void } | undefined)?.leave?.();
    if (this._view !== 'step' || !account) return this._close('exited');
    const outcome = exitOutcome(account, this._progress, this._viewedPlans !== null || this._sawPlans);
    if (outcome !== 'opt-out' || !(await this._views.load('opt-out'))) return this._close(outcome === 'completed' ? 'completed' : 'exited');
    Object.assign(this._views.element('opt-out', true), { account, session: this._session, planUuids: this._viewedPlans ?? [] });
    await this._showStep(this._step, true);
  }

  private _onApiError(error: unknown) {
    if (isAbortError(error) || this._link.closed) return;
    const kind = error instanceof ApiError ? error.kind : 'network';
    // The service says whether the token expired or was never valid; both close as `expired` for the host.
    if (kind === 'unauthorized') this._close('expired', (error as ApiError).code === 'token_expired' ? 'expired' : 'invalid');
    else if (kind === 'forbidden' || kind === 'not_found') this._close('error', 'forbidden');
    else void this._showStatus(kind === 'network' ? 'network' : 'error');
  }

  private _expire() {
    this._close('expired', 'expired');
  }

  /** Tells the host once, forgets the token, and shows what happened (unless the bridge redirected away). */
  private _close(reason: CloseReason, screen: StatusKind = 'closed'): void {
    if (!this._link.close(reason, this._account, this.hostWindow)) return;
    this._closeReason = reason;
    void this._showStatus(screen);
  }

  private async _showStatus(kind: StatusKind): Promise<void> {
    this._status = kind;
    this._view = 'status';
    this._optOut = false;
    this._stepLoading = false;
    await loadStatusScreen();
    this.requestUpdate();
    await this.updateComplete;
    const screen = this.renderRoot.querySelector<HTMLElement>('sf-status-screen');
    if (screen) await focusHeading(screen);
    else this.renderRoot.querySelector<HTMLElement>('#step-heading')?.focus();
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sf-flow': SfFlow;
  }
}
