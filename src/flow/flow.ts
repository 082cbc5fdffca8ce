import { LitElement, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { localized, msg, str } from '@lit/localize';
import { ContextProvider } from '@lit/context';
import { createFlowApi, type FlowApi } from '../api/client.js';
import { ApiError, isAbortError } from '../api/errors.js';
import type { Account, FlowSession } from '../api/types.js';
import type { Bridge, BridgeWindow } from '../bridge/channels.js';
import type { CloseReason } from '../bridge/messages.js';
import { getLocale, normalizeLocale, setLocale, type Locale } from '../i18n/localization.js';
import { sharedStyles } from '../styles/shared.js';
import { forgetSession, rememberLocale, sessionStore } from './bootstrap.js';
import { apiContext, type StepDraft } from './context.js';
import type { StepCompleteEvent, StepName } from './events.js';
import { flowStyles } from './flow.styles.js';
import { focusHeading } from './focus.js';
import { stepLabel } from './labels.js';
import { exitOutcome, followingStep, isClientAgent, nextStep, previousStep, stepPosition, stepsFor, type SessionProgress } from './router.js';
import { connectSession, sessionlessBridge } from './session.js';
import { STEP_TAGS, loadStepModule, type LoadableView, type StepLoader } from './step-modules.js';
import type { StatusKind } from './screens/status-screen.js';
import './header.js';
import './screens/loading-screen.js';
import '../ui/progress.js';

type View = 'loading' | 'step' | 'status';
type ViewElement = HTMLElement & Record<string, unknown>;

/** The status screens are off the first step's critical path; prefetched once the first step is up. */
const loadStatusScreen = () => import('./screens/status-screen.js').then(() => true, () => false);

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
  static override styles = [...sharedStyles, flowStyles];

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

  private readonly _apiProvider = new ContextProvider(this, { context: apiContext });
  private _client: FlowApi | undefined;
  private _bridge: Bridge | undefined;
  private _stopSession: (() => void) | undefined;
  private _progress: SessionProgress = {};
  private readonly _drafts = new Map<StepName, StepDraft>();
  private readonly _views = new Map<LoadableView, ViewElement>();
  private _viewedPlans: string[] | null = null;
  private _sawPlans = false;
  private _readySent = false;
  private _closed = false;
  private _booting = false;
  private _busy = false;
  private _retry: () => void = () => void this._start();

  constructor() {
    super();
    this.addEventListener('sf-step-complete', (e) => void this._onComplete(e));
    this.addEventListener('sf-step-back', () => this._onBack());
    this.addEventListener('sf-exit-request', () => void this._onExit());
    this.addEventListener('sf-api-error', (e) => this._onApiError(e.detail.error));
    this.addEventListener('sf-plans-viewed', (e) => (this._viewedPlans = [...e.detail.plan_uuids]));
    this.addEventListener('sf-opt-out-confirmed', () => this._close('exited'));
    this.addEventListener('sf-opt-out-cancelled', () => void this._showStep(this._step));
    this.addEventListener('sf-locale-change', (e) => void this._switchLocale(e.detail.locale));
    this.addEventListener('sf-retry', () => this._retry());
  }

  protected override firstUpdated() {
    // After this first update settles, so that starting (which sets state) does not schedule an update inside one.
    void this.updateComplete.then(() => this._start());
  }

  override disconnectedCallback() {
    super.disconnectedCallback();
    this._stopSession?.();
  }

  override render() {
    const brand = this._session?.branding?.name ?? this._account?.app?.name ?? '';
    const time = this._expiringAt ? new Intl.DateTimeFormat(getLocale(), { timeStyle: 'short' }).format(new Date(this._expiringAt)) : '';
    return html`
      <sf-flow-header .brand=${brand} .locale=${getLocale()} .closable=${!this._closed}></sf-flow-header>
      <main>
        ${this._view === 'step' && !this._optOut ? this._renderProgress() : nothing}
        ${time && !this._closed
          ? html`<p class="notice" role="status">${msg(str`This link expires at ${time}. What you already saved is kept.`, { id: 'flow.expiring' })}</p>`
          : nothing}
        ${this._renderView()}
      </main>
      <div class="sr-only" role="status" aria-live="polite" aria-atomic="true">${this._announcement()}</div>
    `;
  }

  protected override updated() {
    const title = this._view === 'step' && !this._stepLoading ? stepLabel(this._step) : '';
    document.title = [title, this._session?.branding?.name || msg('Electricity enrollment', { id: 'flow.title' })].filter(Boolean).join(' · ');
  }

  private _renderView() {
    if (this._view === 'status') {
      return customElements.get('sf-status-screen')
        ? html`<sf-status-screen .kind=${this._status} .reason=${this._closeReason}></sf-status-screen>`
        : // The screens' code could not load (offline): say so, in the fewest words.
          html`<h1 id="step-heading" tabindex="-1">${msg('We cannot reach the service', { id: 'status.network.heading' })}</h1>
            <p>${msg('Check your internet connection, then try again.', { id: 'status.network.body' })}</p>
            <button class="btn primary" type="button" @click=${() => location.reload()}>${msg('Try again', { id: 'common.try-again' })}</button>`;
    }
    if (this._view === 'loading' || this._stepLoading) return html`<sf-loading-screen></sf-loading-screen>`;
    return this._views.get(this._optOut ? 'opt-out' : this._step) ?? nothing;
  }

  private _renderProgress() {
    const account = this._account;
    const position = account && stepPosition(this._step, account);
    if (!account || !position) return nothing;
    return html`<sf-progress .current=${position.index} .total=${position.total} .labels=${stepsFor(account).map(stepLabel)}></sf-progress>`;
  }

  private _announcement(): string {
    const a = this._announce;
    const position = a && this._account && stepPosition(a.step, this._account);
    if (!a) return '';
    const title = a.title || stepLabel(a.step);
    return position ? msg(str`Step ${position.index} of ${position.total}: ${title}`, { id: 'flow.announce-step' }) : title;
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
    this._apiProvider.setValue(this._client);

    this._booting = true;
    const [flow, acct] = await Promise.allSettled([this._client.getFlow(), this._client.getAccount()]);
    this._booting = false;
    if (flow.status === 'fulfilled' && !this._bridge) {
      this._session = flow.value;
      const connected = connectSession(this, flow.value, {
        token: this.token,
        hostWindow: this.hostWindow,
        onExpiring: () => (this._expiringAt = flow.value.expires_at),
        onExpired: () => this._expire(),
      });
      this._bridge = connected.bridge;
      this._stopSession = connected.stop;
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
    if (!account || !this._session || this._closed) return;
    this._optOut = false;
    this._step = step;
    this._view = 'step';
    if (!(await this._ensureLoaded(step))) {
      this._retry = () => location.reload(); // a failed chunk stays failed in the module map until a reload
      return this._showStatus('network');
    }
    if (this._step !== step || this._closed) return;
    let draft = this._drafts.get(step);
    if (!draft) this._drafts.set(step, (draft = {}));
    const el = this._viewElement(step, direction === 'back');
    Object.assign(el, {
      account,
      session: this._session,
      draft,
      clientAgent: isClientAgent(account),
      address: this._progress.address ?? account.service_address ?? null,
    });
    const heading = await this._showStep(step);
    if (this._step !== step || this._optOut || this._closed) return;
    this._announce = { step, title: heading?.textContent?.trim() ?? '' };
    this._bridge?.post({ type: 'service-flow-step', step });
    if (!this._readySent) {
      this._readySent = true;
      this._bridge?.post({ type: 'service-flow-ready' });
    }
    if (step === 'plans') this._sawPlans = true;
    this._prefetch(step, account);
  }

  /** The view's element: the one kept from before (Back), or a fresh one (forward). */
  private _viewElement(view: LoadableView, reuse: boolean): ViewElement {
    let el = reuse ? this._views.get(view) : undefined;
    if (!el) this._views.set(view, (el = document.createElement(STEP_TAGS[view]) as ViewElement));
    return el;
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

  /** Loads a view's code unless its element is defined; shows the skeleton only when it has to wait. */
  private async _ensureLoaded(view: LoadableView): Promise<boolean> {
    if (customElements.get(STEP_TAGS[view])) return true;
    if (view !== 'opt-out') this._stepLoading = true;
    try {
      await this.loadStep(view);
    } catch {
      // Reported below as "not defined".
    }
    return Boolean(customElements.get(STEP_TAGS[view]));
  }

  /** Fetches the next step's code (and the screens the flow may need offline) while the user works. */
  private _prefetch(step: StepName, account: Account) {
    const next = followingStep(step, account);
    const views: LoadableView[] = next ? [next] : [];
    if (step === 'plans') views.push('opt-out');
    const run = () => {
      void loadStatusScreen();
      for (const v of views) if (!customElements.get(STEP_TAGS[v])) this.loadStep(v).catch(() => undefined);
    };
    if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 2000 });
    else setTimeout(run, 200);
  }

  private async _onComplete(event: StepCompleteEvent): Promise<void> {
    const { step, account: updated, data } = event.detail;
    if (this._busy || this._closed || this._view !== 'step' || step !== this._step) return;
    if (step === 'done') return this._close('completed');
    if (data?.address) this._progress = { ...this._progress, address: data.address };
    this._busy = true;
    try {
      const account = updated ?? (step === 'address' ? this._account! : await this._client!.getAccount());
      if (step === 'review' && (account.enrollment.is_enrollment_finalized || data?.finalized === true)) {
        this._progress = { ...this._progress, finalized: true };
      }
      this._account = account;
      await this._goTo(nextStep(account, this._progress));
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
    if (this._closed || this._optOut) return;
    if (this._view !== 'step' || !account) return this._close('exited');
    const outcome = exitOutcome(account, this._progress, this._viewedPlans !== null || this._sawPlans);
    if (outcome !== 'opt-out' || !(await this._ensureLoaded('opt-out'))) return this._close(outcome === 'completed' ? 'completed' : 'exited');
    Object.assign(this._viewElement('opt-out', true), { account, session: this._session, planUuids: this._viewedPlans ?? [] });
    await this._showStep(this._step, true);
  }

  private _onApiError(error: unknown) {
    if (isAbortError(error) || this._closed) return;
    const kind = error instanceof ApiError ? error.kind : 'network';
    if (kind === 'unauthorized') this._expire();
    else if (kind === 'forbidden' || kind === 'not_found') this._close('error', 'forbidden');
    else void this._showStatus(kind === 'network' ? 'network' : 'error');
  }

  private _expire() {
    this._close('expired', 'expired');
  }

  /** Tells the host once, forgets the token, and shows what happened (unless the bridge redirected away). */
  private _close(reason: CloseReason, screen: StatusKind = 'closed'): void {
    if (this._closed) return;
    this._closed = true;
    this._stopSession?.();
    forgetSession(sessionStore());
    (this._bridge ?? sessionlessBridge(this.hostWindow)).close(reason, this._account);
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
