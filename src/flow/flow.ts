import { LitElement, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { localized, msg, str } from '@lit/localize';
import { ContextProvider } from '@lit/context';
import { createFlowApi, type FlowApi } from '../api/client.js';
import { ApiError, isAbortError } from '../api/errors.js';
import type { Account, FlowSession } from '../api/types.js';
import { createBridge, observeResize, type Bridge, type BridgeWindow } from '../bridge/channels.js';
import type { CloseReason, FlowScope } from '../bridge/messages.js';
import { getLocale, normalizeLocale, setLocale, type Locale } from '../i18n/localization.js';
import { sharedStyles } from '../styles/shared.js';
import { formatTime } from '../ui/format.js';
import { forgetSession, rememberExpiry, rememberLocale, sessionStore } from './bootstrap.js';
import { usableBrandColor } from './branding.js';
import { apiContext, type StepDraft } from './context.js';
import type { StepCompleteEvent, StepName } from './events.js';
import { watchExpiry } from './expiry.js';
import { flowStyles } from './flow.styles.js';
import { focusHeading } from './focus.js';
import { stepLabel } from './labels.js';
import { followingStep, isClientAgent, isStepDone, nextStep, previousStep, stepPosition, stepsFor, type SessionProgress } from './router.js';
import type { StatusKind } from './screens/status-screen.js';
import { STEP_TAGS, loadStepModule, type LoadableView, type StepLoader } from './step-modules.js';
import './header.js';
import './screens/loading-screen.js';
import './screens/status-screen.js';
import '../ui/alert.js';
import '../ui/progress.js';

type View = 'loading' | 'step' | 'status';
type StepElement = HTMLElement & Record<string, unknown>;

/**
 * The root of the flow: loads the session and the account, provides the API to the steps (`apiContext`), derives the
 * step from server state (router.ts), renders one step at a time, and talks to the host (bridge).
 *
 * @summary The enrollment flow.
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
  private _progress: SessionProgress = {};
  private readonly _drafts = new Map<StepName, StepDraft>();
  private readonly _elements = new Map<LoadableView, StepElement>();
  private _viewedPlans: string[] | null = null;
  private _sawPlans = false;
  private _readySent = false;
  private _closed = false;
  private _booting = false;
  private _busy = false;
  private _retry: () => void = () => void this._start();
  private _stops: Array<() => void> = [];

  constructor() {
    super();
    this.addEventListener('sf-step-complete', (e) => void this._onComplete(e));
    this.addEventListener('sf-step-back', () => this._onBack());
    this.addEventListener('sf-exit-request', () => void this._onExit());
    this.addEventListener('sf-api-error', (e) => this._onApiError(e.detail.error));
    this.addEventListener('sf-plans-viewed', (e) => (this._viewedPlans = [...e.detail.plan_uuids]));
    this.addEventListener('sf-opt-out-confirmed', () => this._close('exited'));
    this.addEventListener('sf-opt-out-cancelled', () => void this._cancelOptOut());
    this.addEventListener('sf-locale-change', (e) => void this._switchLocale(e.detail.locale));
    this.addEventListener('sf-retry', () => this._retry());
  }

  protected override firstUpdated() {
    // After this first update settles, so that starting (which sets state) does not schedule an update inside one.
    void this.updateComplete.then(() => this._start());
  }

  override disconnectedCallback() {
    super.disconnectedCallback();
    this._stopWatching();
  }

  override render() {
    const brand = this._session?.branding?.name ?? this._account?.app?.name ?? '';
    return html`
      <sf-flow-header .brand=${brand} .locale=${getLocale()} .closable=${!this._closed}></sf-flow-header>
      <main>
        ${this._view === 'step' && !this._optOut ? this._renderProgress() : nothing}
        ${this._expiringAt && !this._closed
          ? html`<sf-alert variant="warning">${msg(str`This link expires at ${formatTime(this._expiringAt, getLocale())}. What you already saved is kept.`, { id: 'flow.expiring' })}</sf-alert>`
          : nothing}
        ${this._renderBody()}
      </main>
      <div class="sr-only" role="status" aria-live="polite" aria-atomic="true">${this._announcement()}</div>
    `;
  }

  protected override updated() {
    const brand = this._session?.branding?.name;
    const title = this._view === 'step' && !this._stepLoading ? stepLabel(this._step) : '';
    document.title = [title, brand || msg('Electricity enrollment', { id: 'flow.title' })].filter(Boolean).join(' · ');
  }

  private _renderBody() {
    if (this._view === 'status') {
      return html`<sf-status-screen .kind=${this._status} .reason=${this._closeReason}></sf-status-screen>`;
    }
    if (this._view === 'loading' || this._stepLoading) return html`<sf-loading-screen></sf-loading-screen>`;
    const view = this._elements.get(this._optOut ? 'opt-out' : this._step);
    return view ?? nothing;
  }

  private _renderProgress() {
    const account = this._account;
    const position = account ? stepPosition(this._step, account) : null;
    if (!account || !position) return nothing;
    return html`<sf-progress
      .current=${position.index}
      .total=${position.total}
      .labels=${stepsFor(account).map((s) => stepLabel(s))}
    ></sf-progress>`;
  }

  private _announcement(): string {
    const a = this._announce;
    const account = this._account;
    if (!a || !account) return '';
    const position = stepPosition(a.step, account);
    const title = a.title || stepLabel(a.step);
    return position ? msg(str`Step ${position.index} of ${position.total}: ${title}`, { id: 'flow.announce-step' }) : title;
  }

  // ── Session ───────────────────────────────────────────────────────────────────────────────────────────────────

  private async _start(): Promise<void> {
    this._view = 'loading';
    if (!this.token && !this.api) {
      await this._showStatus('incomplete');
      return;
    }
    const linkLocale = normalizeLocale(this.locale);
    // Start fetching the Spanish strings together with the API calls, not after them.
    const localeReady = linkLocale ? this._switchLocale(linkLocale) : Promise.resolve();
    this._client ??= this.api ?? createFlowApi({
      baseUrl: this.baseUrl,
      token: this.token ?? '',
      onUnauthorized: () => {
        if (!this._booting) this._expire();
      },
    });
    this._apiProvider.setValue(this._client);

    this._booting = true;
    const [flow, acct] = await Promise.allSettled([this._client.getFlow(), this._client.getAccount()]);
    this._booting = false;
    if (flow.status === 'fulfilled') this._connect(flow.value);
    const failure = [flow, acct].find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failure || flow.status !== 'fulfilled' || acct.status !== 'fulfilled') {
      this._retry = () => void this._start();
      this._onApiError(failure?.reason);
      return;
    }
    const session = flow.value;
    this._account = acct.value;
    if (!linkLocale) {
      const preferred = normalizeLocale(session.locale) ?? normalizeLocale(acct.value.locale);
      if (preferred && preferred !== getLocale()) await this._switchLocale(preferred);
    }
    await localeReady;
    if (session.scope !== 'enrollment') {
      this._close('error', 'unsupported');
      return;
    }
    await this._goTo(nextStep(acct.value, this._progress));
  }

  /** The session is known: the bridge, the clock, the brand color. */
  private _connect(session: FlowSession) {
    this._session = session;
    if (this.token) rememberExpiry(sessionStore(), this.token, session.expires_at);
    this._bridge = createBridge({
      allowedOrigins: session.allowed_parent_origins ?? [],
      scope: session.scope as FlowScope,
      behavior: session.behavior,
      returnUrl: session.return_url ?? null,
      ...(this.hostWindow ? { window: this.hostWindow } : {}),
    });
    const color = usableBrandColor(session.branding?.primary_color);
    if (color) this.style.setProperty('--sf-color-primary', color);
    this._stopWatching();
    this._stops.push(
      watchExpiry(session.expires_at, {
        onExpiring: () => {
          this._expiringAt = session.expires_at;
          this._bridge?.post({ type: 'service-flow-session-expiring', expires_at: session.expires_at });
        },
        onExpired: () => this._expire(),
      }),
    );
    if (this._bridge.embedded) this._stops.push(observeResize(this, this._bridge));
  }

  private _stopWatching() {
    for (const stop of this._stops.splice(0)) stop();
  }

  private async _switchLocale(locale: Locale): Promise<void> {
    try {
      await setLocale(locale);
    } catch {
      return; // The strings could not load (offline): stay in the current language.
    }
    if (this.token) rememberLocale(sessionStore(), this.token, locale);
  }

  // ── Navigation ────────────────────────────────────────────────────────────────────────────────────────────────

  private async _goTo(step: StepName, direction: 'forward' | 'back' = 'forward'): Promise<void> {
    const account = this._account;
    const session = this._session;
    if (!account || !session || this._closed) return;
    this._optOut = false;
    this._step = step;
    this._view = 'step';
    if (!(await this._ensureLoaded(step))) {
      this._retry = () => location.reload();
      await this._showStatus('network');
      return;
    }
    if (this._step !== step || this._closed) return;
    let el = direction === 'back' ? this._elements.get(step) : undefined;
    if (!el) {
      el = document.createElement(STEP_TAGS[step]) as StepElement;
      this._elements.set(step, el);
    }
    let draft = this._drafts.get(step);
    if (!draft) this._drafts.set(step, (draft = {}));
    Object.assign(el, {
      account,
      session,
      draft,
      clientAgent: isClientAgent(account),
      address: this._progress.address ?? account.service_address ?? null,
    });
    this._stepLoading = false;
    this.requestUpdate();
    await this.updateComplete;
    const heading = await focusHeading(el);
    if (this._step !== step) return;
    this._announce = { step, title: heading?.textContent?.trim() ?? '' };
    this._bridge?.post({ type: 'service-flow-step', step });
    if (!this._readySent) {
      this._readySent = true;
      this._bridge?.post({ type: 'service-flow-ready' });
    }
    if (step === 'plans') this._sawPlans = true;
    this._prefetch(step, account);
  }

  /** Loads a view's code unless its element is already defined; shows the skeleton only when it must wait. */
  private async _ensureLoaded(view: LoadableView): Promise<boolean> {
    if (customElements.get(STEP_TAGS[view])) return true;
    if (view !== 'opt-out') this._stepLoading = true;
    try {
      await this.loadStep(view);
      return Boolean(customElements.get(STEP_TAGS[view]));
    } catch {
      return false;
    } finally {
      if (view !== 'opt-out') this._stepLoading = false;
    }
  }

  /** Fetches the next step's code while the user works on this one. */
  private _prefetch(step: StepName, account: Account) {
    const views: LoadableView[] = [];
    const next = followingStep(step, account);
    if (next) views.push(next);
    if (step === 'plans') views.push('opt-out');
    const run = () => {
      for (const v of views) if (!customElements.get(STEP_TAGS[v])) this.loadStep(v).catch(() => undefined);
    };
    if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 2000 });
    else setTimeout(run, 200);
  }

  private async _onComplete(event: StepCompleteEvent): Promise<void> {
    const { step, account: updated, data } = event.detail;
    if (this._busy || this._closed || this._view !== 'step' || step !== this._step) return;
    if (step === 'done') {
      this._close('completed');
      return;
    }
    if (data?.address) this._progress = { ...this._progress, address: data.address };
    this._busy = true;
    try {
      let account = updated ?? this._account!;
      if (!updated && step !== 'address') account = await this._client!.getAccount();
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
    if (this._view !== 'step' || !this._account || this._busy) return;
    const previous = previousStep(this._step, this._account);
    if (previous) void this._goTo(previous, 'back');
  }

  /** Re-reads the account and shows the first unfinished step (after an error screen's "Try again"). */
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
    if (this._closed || this._optOut) return;
    const account = this._account;
    if (this._view !== 'step' || !account) {
      this._close('exited');
      return;
    }
    if (isStepDone('review', account, this._progress)) {
      this._close('completed');
      return;
    }
    const sawPlans = this._viewedPlans !== null || this._sawPlans || account.enrollment.has_accepted_plan || Boolean(account.service_address);
    if (!sawPlans || !(await this._ensureLoaded('opt-out'))) {
      this._close('exited');
      return;
    }
    let el = this._elements.get('opt-out');
    if (!el) this._elements.set('opt-out', (el = document.createElement(STEP_TAGS['opt-out']) as StepElement));
    Object.assign(el, { account, session: this._session, planUuids: this._viewedPlans ?? [] });
    this._optOut = true;
    await this.updateComplete;
    await focusHeading(el);
  }

  private async _cancelOptOut(): Promise<void> {
    this._optOut = false;
    await this.updateComplete;
    const step = this._elements.get(this._step);
    if (step) await focusHeading(step);
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
  private _close(reason: CloseReason, screen: StatusKind = 'closed') {
    if (this._closed) return;
    this._closed = true;
    this._stopWatching();
    forgetSession(sessionStore());
    // Without a session the partner's origins are unknown: only native bridges can be told, never a guessed origin.
    const bridge =
      this._bridge ??
      createBridge({ allowedOrigins: [], scope: 'enrollment', behavior: 'embedded', ...(this.hostWindow ? { window: this.hostWindow } : {}) });
    bridge.close(reason, this._account);
    this._closeReason = reason;
    void this._showStatus(screen);
  }

  private async _showStatus(kind: StatusKind): Promise<void> {
    this._status = kind;
    this._view = 'status';
    this._optOut = false;
    this._stepLoading = false;
    await this.updateComplete;
    const screen = this.renderRoot.querySelector<HTMLElement>('sf-status-screen');
    if (screen) await focusHeading(screen);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sf-flow': SfFlow;
  }
}
