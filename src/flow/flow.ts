import { html, nothing, render, type PropertyDeclarations, type TemplateResult } from 'lit';
import { createFlowApi, getAccount, getFlow, type FlowApi } from '../api/client.js';
import { ApiError, isAbortError } from '../api/errors.js';
import { parentOf, type BridgeWindow } from '../bridge/deliver.js';
import type { FlowScope } from '../bridge/messages.js';
import { provideApi, type StepDraft } from '../contract/context.js';
import { LocalizedElement, getLocale, laterStrings, normalizeLocale, setLocale, useScope, type Locale } from '../i18n/localization.js';
import { sharedStyles } from '../styles/shared.js';
import { remember, sessionStore, type Returned } from './bootstrap.js';
import { announcement, pageTitle, renderOffline, renderProgress } from './chrome.js';
import { flowStyles } from './flow.styles.js';
import { progressStyles } from '../ui/progress.js';
import { findHeading, focusHeading, type Updatable } from './focus.js';
import { headerStyles, renderHeader } from './header.js';
import type { AnyScope } from './scope.js';
import { scopes } from './scopes.js';
import { loadingStyles, renderLoading } from './screens/loading-screen.js';
import { SessionLink } from './session.js';
import { following, initialState, reduce, type Action, type FlowState, type Retry, type Screen } from './state.js';

/**
 * The status screens are off the first step's critical path (a chunk of their own); prefetched once the first step is
 * up. Until their code is in, the skeleton shows; only when it could not load (offline: a failed chunk stays failed
 * until a reload) the offline screen does, rather than "We cannot reach the service" before every first status screen.
 */
let statusOffline = false;
const loadStatusScreen = () => import('./screens/status-screen.js').then(() => true, () => (statusOffline = true));

/**
 * The root of every scope: loads the session and the account, provides the API to the steps (`apiContext`), finds
 * the session's scope declaration (scopes.ts), keeps one state value changed by the reducer (state.ts), renders the
 * step the state names with the declaration's template, and talks to the host (bridge).
 *
 * @summary The flow.
 * @fires sf-step-complete / sf-step-back / sf-exit-request / sf-api-error - Handled here; see contract/events.ts.
 * @cssprop --sf-color-primary - See styles/tokens.ts for all tokens.
 */
export class SfFlow extends LocalizedElement {
  static override styles = [...sharedStyles, headerStyles, progressStyles, loadingStyles, flowStyles];
  static override properties: PropertyDeclarations = {
    token: { attribute: false },
    locale: {},
    returned: { attribute: false },
    baseUrl: { attribute: false },
    api: { attribute: false },
    hostWindow: { attribute: false },
    prefetchCard: { attribute: false },
    early: { attribute: false },
    _state: { state: true },
    _announce: { state: true },
  };

  /** The flow token from the login link. A property only: an attribute would expose it in the DOM. */
  token: string | null = null;
  /** The link's `locale`, which wins over the session's and the account's. */
  locale: string | null = null;
  /** What a page the flow navigated to added on the way back (bootstrap.ts RETURN_PARAMS), for the scope's resume. */
  returned: Returned = {};
  /** The API base URL (the sandbox in development). */
  baseUrl: string = typeof __SERVICE_URL__ === 'string' ? __SERVICE_URL__ : '';
  /** Injected client (tests); by default one is created from `token`. */
  api: FlowApi | undefined;
  /** Injected window for the bridge (tests). */
  hostWindow: BridgeWindow | undefined;
  /** Injected card processor warm-up (tests); by default the scope's (`card`), one step before the card form. */
  prefetchCard: ((publicKey: string) => unknown) | undefined;
  /** The session's requests the page sent with `token` while this code loaded (bootstrap.ts, takeEarlyRequests). */
  early: Record<string, Promise<Response>> | undefined;

  private _state: FlowState = initialState;
  /** The step the live region names the position of, once its heading has focus. */
  private _announce: string | null = null;
  /** The showing (step and visit) last announced and told to the host. */
  private _shown = '';

  private _scope: AnyScope | undefined;
  private _client: FlowApi | undefined;
  private readonly _link = new SessionLink();
  /** One draft per step for the whole session (never the SSN or card data). */
  private readonly _drafts = new Map<string, StepDraft>();
  /** Each view's element from its last visit, and the fragment Lit rendered its template into (see _element). */
  private readonly _views = new Map<string, [visit: number, holder: DocumentFragment, element: HTMLElement]>();

  constructor() {
    super();
    provideApi(this, () => this._client);
    this.addEventListener('sf-step-complete', (e) => this._dispatch({ type: 'complete', detail: e.detail }));
    this.addEventListener('sf-step-back', () => this._dispatch({ type: 'back' }));
    this.addEventListener('sf-exit-request', () => void this._onExit());
    this.addEventListener('sf-api-error', (e) => this._fail(e.detail.error));
    this.addEventListener('sf-plans-viewed', (e) => this._dispatch({ type: 'viewed', plans: e.detail.plan_uuids, account: e.detail.account }));
    this.addEventListener('sf-opt-out-confirmed', () => this._dispatch({ type: 'close', reason: 'exited' }));
    this.addEventListener('sf-opt-out-cancelled', () => this._dispatch({ type: 'stay' }));
    this.addEventListener('sf-retry', () => this._retry());
  }

  override connectedCallback() {
    super.connectedCallback();
    // The session requests go out now, before the first render (the header and the skeleton), not after it: on a slow
    // phone that render is tens of milliseconds the requests need not wait for. Once only: a move in the page (a
    // disconnect and a connect) keeps the flow where it is.
    if (this._state === initialState) void this._start();
  }

  /**
   * The first render (the header and the skeleton) in a task of its own, after the one that evaluated the code and
   * sent the session requests: two short tasks on a slow phone rather than one long one. Later updates as usual.
   */
  protected override async scheduleUpdate(): Promise<unknown> {
    if (!this.hasUpdated) await new Promise((resolve) => setTimeout(resolve));
    return super.scheduleUpdate();
  }

  override disconnectedCallback() {
    super.disconnectedCallback();
    this._link.stop();
  }

  override render() {
    const { screen, account, session, expiringAt } = this._state;
    const scope = this._scope;
    const step = screen.kind === 'step' && !screen.asking ? screen.step : null;
    const closed = screen.kind === 'closed';
    return html`
      ${renderHeader({ brand: session?.branding?.name ?? account?.app?.name ?? '', locale: getLocale(), closable: !closed, onLocale: (l) => void this._switchLocale(l), onClose: () => void this._onExit() })}
      <main>
        ${scope && step && account ? renderProgress(scope, step, account) : nothing}
        ${closed || !expiringAt ? nothing : html`<sf-expiry-notice .expiresAt=${expiringAt}></sf-expiry-notice>`}
        ${this._renderView(screen)}
      </main>
      <div class="sr-only" role="status">${scope && this._announce ? announcement(scope, this._announce, account) : ''}</div>
    `;
  }

  /** The page title: the step's name, or the heading of what else is on screen (a status screen, the exit question). */
  protected override async updated() {
    const { screen, session } = this._state;
    const shown = screen.kind === 'step' && screen.ready && !screen.asking ? screen.step : null;
    // What main shows (the view, the skeleton, the offline screen's button); its heading is rendered by its own update,
    // which follows this one.
    const view = this.renderRoot.querySelector<Updatable>('main > :last-child')!;
    await view.updateComplete;
    document.title = pageTitle(this._scope, shown ? this._scope!.label(shown) : findHeading(view)?.textContent, session?.branding?.name);
  }

  private _renderView(screen: Screen) {
    const { account, session, progress, viewed } = this._state;
    if (screen.kind === 'status' || screen.kind === 'closed') {
      const reason = screen.kind === 'closed' ? screen.reason : 'exited';
      return customElements.get('sf-status-screen') ? html`<sf-status-screen .kind=${screen.status} .reason=${reason}></sf-status-screen>` : statusOffline ? renderOffline() : renderLoading();
    }
    const scope = this._scope;
    if (screen.kind !== 'step' || !screen.ready || !scope || !account || !session) return renderLoading();
    const draft = this._drafts.get(screen.step) ?? {};
    this._drafts.set(screen.step, draft);
    const view = this._element(screen.step, screen.visit, scope.views[screen.step]!.render({ account, draft, progress }));
    // The exit question goes after the step, which stays where it is, hidden, as the customer left it: a card typed
    // into the processor's frame would not survive the step leaving the page, and "Stay" shows it again.
    view.hidden = Boolean(screen.asking);
    return [view, screen.asking ? this._element('?', 0, scope.question!.render({ account, viewed: viewed ?? [] })) : nothing];
  }

  /**
   * The view's element, its properties bound by the declaration's template. Lit renders that template into a
   * fragment of the view's own, which keeps the bindings live wherever the element is placed, so the element itself
   * can be kept: the same visit (Back) gets the same element as the customer left it, a new visit (forward) a fresh
   * one. Leaving the page disconnects it (a step clears what it must not keep, the SSN).
   */
  private _element(name: string, visit: number, template: TemplateResult): HTMLElement {
    let view = this._views.get(name);
    if (view?.[0] === visit) render(template, view[1]);
    else {
      const holder = document.createDocumentFragment();
      render(template, holder);
      // The template is one element; the root places it (moving it out of the fragment).
      this._views.set(name, (view = [visit, holder, holder.lastElementChild as HTMLElement]));
    }
    return view[2];
  }

  // ── State ─────────────────────────────────────────────────────────────────────────────────────────────────────

  /** Changes the state through the reducer and does what the change calls for. */
  private _dispatch(action: Action): void {
    const before = this._state;
    const after = (this._state = reduce(this._scope, before, action));
    const screen = after.screen;
    if (screen === before.screen) return;
    if (screen.kind === 'closed') {
      this._link.close(screen.reason, after.account, this.hostWindow);
      void this._showStatus();
    } else if (screen.kind === 'status') void this._showStatus();
    else if (screen.kind === 'step') void this._onStep(screen);
  }

  private async _onStep(screen: Extract<Screen, { kind: 'step' }>): Promise<void> {
    const view = this._scope!.views[screen.step]!;
    if (!screen.ready) {
      // The skeleton shows only while the code (and, for a step after the first screen's, its strings in a language
      // other than English) is fetched; a defined element renders at once.
      if (!customElements.get(view.tag)) await Promise.all([view.load(), laterStrings()]).catch(() => undefined);
      if (customElements.get(view.tag)) return this._dispatch({ type: 'loaded', from: screen });
      // A failed chunk stays failed in the module map until a reload.
      return this._dispatch({ type: 'fail', kind: 'network', retry: 'reload' });
    }
    // The question asked over a step still saving is shown (and focused) first; "Stay" reads the account again.
    if (screen.completing && !screen.asking) return void this._reread(screen);
    await this._focus(screen.asking ? this._scope!.question!.tag : view.tag);
    // The question, or a showing already announced (Back from the question): focus only.
    const shown = screen.step + screen.visit;
    if (screen.asking || this._state.screen !== screen || this._shown === shown) return;
    this._shown = shown;
    this._announce = screen.step;
    this._link.stepShown(screen.step);
    this._prefetch(screen.step);
  }

  /** The step completed without the account it changed: read it, then let the reducer go on. */
  private async _reread(from: Screen): Promise<void> {
    try {
      this._dispatch({ type: 'account', from, account: await getAccount(this._client!) });
    } catch (error) {
      this._fail(error);
    }
  }

  private _fail(error: unknown, retry: Retry = 'start'): void {
    if (isAbortError(error)) return;
    const api = error instanceof ApiError ? error : undefined;
    this._dispatch({ type: 'fail', kind: api?.kind ?? 'network', code: api?.code, retry });
  }

  /** "Try again": load the session and the account again (the progress of this session is kept), or reload. */
  private _retry(): void {
    const screen = this._state.screen;
    if (screen.kind === 'status' && screen.retry === 'reload') location.reload();
    else void this._start();
  }

  // ── Session ───────────────────────────────────────────────────────────────────────────────────────────────────

  private async _start(): Promise<void> {
    this._dispatch({ type: 'start' });
    if (!this.token && !this.api) return this._dispatch({ type: 'close', reason: 'error', status: 'incomplete' });
    const linkLocale = normalizeLocale(this.locale);
    // The Spanish strings load together with the API calls, not after them.
    const localeReady = linkLocale ? this._switchLocale(linkLocale, true) : Promise.resolve();
    // A 401 while loading is answered below (expired or never valid); later, the session is over.
    this._client ??=
      this.api ??
      createFlowApi({
        baseUrl: this.baseUrl,
        token: this.token ?? '',
        onUnauthorized: () => this._state.screen.kind !== 'loading' && void this._expire(),
        ...(this.early ? { prefetched: this.early } : {}),
      });

    const client = this._client;
    const win = this.hostWindow ?? (window as unknown as BridgeWindow);
    const session = getFlow(client);
    // In a frame, the session first says whether this parent may show the flow (the check is in the host link's
    // chunk, fetched meanwhile); only then is the account read.
    const [flow, acct] = await Promise.allSettled([
      session,
      parentOf(win)
        ? Promise.all([session, import('./host-link.js')]).then(([s, link]) => (link.refusesParent(win, s.allowed_parent_origins) ? null : getAccount(client)))
        : getAccount(client),
    ]);
    // Refused (no account): the flow is over before it started; nothing more is loaded, nothing is sent to that
    // parent (the link is not connected, so the close goes to native bridges only, and there are none).
    if (acct.status === 'fulfilled' && !acct.value) return this._dispatch({ type: 'close', reason: 'error', status: 'framed' });
    if (flow.status === 'fulfilled' && !this._link.connected) {
      this._link.connect(this, flow.value, {
        hostWindow: this.hostWindow,
        onExpiring: (at) => this._dispatch({ type: 'expiring', at }),
        onExpired: () => void this._expire(),
      });
    }
    if (flow.status === 'rejected' || acct.status === 'rejected') {
      return this._fail(flow.status === 'rejected' ? flow.reason : (acct as PromiseRejectedResult).reason);
    }
    try {
      // The scope's code, and its own strings when the flow speaks other than English, load together.
      [this._scope] = await Promise.all([this._scope ?? scopes[flow.value.scope as FlowScope]?.(), useScope(flow.value.scope)]);
    } catch {
      // The scope's code could not load (offline): a failed chunk stays failed until a reload.
      return this._dispatch({ type: 'fail', kind: 'network', retry: 'reload' });
    }
    // A language chosen in the header meanwhile (_switchLocale) wins too.
    if (!normalizeLocale(this.locale)) {
      const preferred = normalizeLocale(flow.value.locale) ?? normalizeLocale(acct.value!.locale);
      if (preferred && preferred !== getLocale()) await this._switchLocale(preferred, true);
    }
    await localeReady;
    this._dispatch({ type: 'booted', session: flow.value, account: acct.value!, returned: this.returned });
  }

  /** `firstScreen`: before the first screen, which waits for its own strings only (setLocale). */
  private async _switchLocale(locale: Locale, firstScreen = false): Promise<void> {
    try {
      await setLocale(locale, firstScreen);
      // The live region does not say the same position again in the other language; the next step is announced in it.
      this._announce = null;
      // The language now on screen wins over the session's and the account's when they are read again (Try again),
      // as it does on a reload (the stored session's; there is none without a token).
      remember(sessionStore(), this.token, { locale: (this.locale = locale) });
    } catch {
      // The strings could not load (offline): stay in the current language.
    }
  }

  // ── Leaving ───────────────────────────────────────────────────────────────────────────────────────────────────

  private async _onExit(): Promise<void> {
    const { screen } = this._state;
    const question = this._scope?.question;
    // Close pressed again while the question is shown: the customer said twice they want to go, so leave.
    if (screen.kind === 'step' && screen.asking) {
      return void this.renderRoot.querySelector<HTMLElement & { leave?: () => void }>(question!.tag)?.leave?.();
    }
    // What a step sent (a plan, a card, a renewal) ends first: when it went through, the step moves on and shows it,
    // rather than a question or a close as left (sf-leaving, see LaterStep.sending).
    await this._settled();
    if (this._state.screen !== screen) return;
    // The question's code, in case the reducer asks it; when it cannot load (offline), leaving just exits.
    const loaded = screen.kind === 'step' && question && (customElements.get(question.tag) || (await question.load().then(() => customElements.get(question.tag), () => undefined)));
    this._dispatch({ type: 'exit', question: Boolean(loaded) });
  }

  /** What the steps sent (sf-leaving, LaterStep.sending), settled either way. */
  private _settled(): Promise<unknown> {
    const sent: Promise<unknown>[] = [];
    this.renderRoot.dispatchEvent(new CustomEvent('sf-leaving', { detail: sent }));
    return Promise.all(sent);
  }

  /**
   * The link is over (the session clock, or the service's 401). What a step sent (a finalize, a renewal, a card)
   * ends first: the service may have done it before the hour was over, and the customer is then told what it did
   * (state.ts `expired`), not that the link expired.
   */
  private async _expire() {
    await this._settled();
    this._dispatch({ type: 'close', reason: 'expired', status: 'expired' });
  }

  // ── Effects on screen ─────────────────────────────────────────────────────────────────────────────────────────

  /**
   * Renders, then moves focus to the heading of the view `tag` (the new step, the question). A new screen starts at
   * its top (the header, the progress, the heading), wherever the last one was scrolled to.
   */
  private async _focus(tag: string): Promise<void> {
    await this.updateComplete;
    // In a task of its own: the browser lays the new screen out in its rendering step, not forced by the scroll and
    // the focus inside the task that rendered it (one long task on a slow phone instead of two short ones).
    await new Promise((resolve) => setTimeout(resolve));
    scrollTo(0, 0);
    const view = this.renderRoot.querySelector<HTMLElement>(tag);
    if (view) await focusHeading(view, true);
  }

  private async _showStatus(): Promise<void> {
    // The step shown after it (Try again) is announced and told to the host again.
    this._shown = '';
    await Promise.all([loadStatusScreen(), laterStrings().catch(() => undefined)]);
    this.requestUpdate();
    await this.updateComplete;
    scrollTo(0, 0);
    // The status screen's heading, or the offline screen's, in the root's own shadow root (renderOffline).
    await focusHeading(this.renderRoot.querySelector<HTMLElement>('sf-status-screen') ?? this, true);
    this._link.viewShown();
  }

  /**
   * Fetches what may come after `step` while the browser is idle: the next step's chunk, the status screens, the
   * strings they show in a language other than English, and the card processor when the card step is next, so the
   * card form appears at once. Loading twice is free (the module map and the card processor's instance are cached).
   */
  private _prefetch(step: string): void {
    const scope = this._scope!;
    const account = this._state.account!;
    const next = following(scope, step, account);
    const run = () => {
      void loadStatusScreen();
      laterStrings().catch(() => undefined);
      const view = next && scope.views[next];
      if (view && !customElements.get(view.tag)) view.load().catch(() => undefined);
      if (next && next === scope.card?.step) (this.prefetchCard ?? scope.card.warmUp)(account.app.stripe_public_key);
    };
    if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 2000 });
    else setTimeout(run, 200);
  }
}

customElements.define('sf-flow', SfFlow);

declare global {
  interface HTMLElementTagNameMap {
    'sf-flow': SfFlow;
  }
}
