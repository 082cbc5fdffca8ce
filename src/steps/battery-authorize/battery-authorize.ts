import { html, nothing, type PropertyDeclarations } from 'lit';
import { msg, str } from '@lit/localize';
import { createBatteryAuthorization, getBatteryAuthorization, listBatteryMakers, type BatteryAuthorization } from '../../api/battery.js';
import { AttemptKey } from '../../api/attempt-key.js';
import { isApiError } from '../../api/errors.js';
import type { BatteryMakerId } from '../../api/types.js';
import { LaterStep } from '../shared/later-step.js';
import { laterStepStyles } from '../shared/later-step.styles.js';
import { stepHeading } from '../shared/layout.js';
import { renderRetryAlert, toFailure, type Failure } from '../shared/failure.js';
import { renderRefusal } from '../shared/refusal.js';
import { rememberPending } from '../../scopes/connect-battery/pending.js';

/** What the maker's page posts to its opener (a popup) once answered: only "look now"; the service has the outcome. */
export const AUTHORIZATION_MESSAGE = 'service-flow-battery-authorization';

/** Why the customer is asked to go to the maker's page (again). */
type Notice = 'denied' | 'expired' | 'closed' | 'returned' | 'blocked' | 'gone';

type View =
  | { kind: 'creating'; notice?: Notice }
  /** An authorization to open: the "Continue to <maker>" button (a popup must open in the click itself). */
  | { kind: 'ready'; auth: BatteryAuthorization; notice?: Notice }
  /** The maker's page is open in a popup: its answer is read back from the service. */
  | { kind: 'waiting'; auth: BatteryAuthorization }
  | { kind: 'checking' }
  /** No popup could open at top level: the page goes to the maker's and comes back (return_url). */
  | { kind: 'redirecting' }
  | { kind: 'failed'; failure: Failure; retry: () => void };

/** A popup for the maker's page (a window of its own, not a tab, where the browser allows it). */
export type OpenWindow = (url: string, target: string, features: string) => Window | null;

const POPUP_FEATURES = 'popup,width=520,height=720';
/** An authorization lives 15 minutes; one that ends within this margin is not opened (again). */
const EXPIRY_MARGIN_MS = 60_000;

/** The service no longer knows the authorization (another account's, or gone once its time was over). */
const gone = (error: unknown): boolean => isApiError(error) && error.status === 404;

/** Whether the flow is the top-level page (hosted page, WebView), not a frame in a partner's page. */
function isTopLevel(): boolean {
  try {
    return window.top === window.self;
  } catch {
    return false;
  }
}

/**
 * @summary Allow access at the battery maker: an authorization is created first, then "Continue to <maker>" opens
 * the maker's page in a popup in the click itself (popup blockers allow only that); its outcome is read back from the
 * service, polled while the popup is open and read at once when the page says it answered (a message, checked by
 * origin and source) or the popup closes. A refusal, an expired request or a popup closed without answering offer
 * to go again; where no popup can open, a top-level page (hosted page, WebView) goes to the maker's page and comes
 * back (`returned`), a frame asks to allow pop-ups (the maker's page refuses to be framed). An authorization that
 * ended, or is about to, while the button waited is never opened: the click opens a blank window and points it at a
 * new one. "Choose another maker" is there in every view but the checks (while the maker's page is prepared and
 * while its answer is awaited too).
 * @fires sf-step-complete - `{ data: { device } }` once the maker allowed access.
 */
export class SfStepBatteryAuthorize extends LaterStep {
  static override properties: PropertyDeclarations = {
    maker: { attribute: false },
    returned: { attribute: false },
    reloaded: { attribute: false },
    openWindow: { attribute: false },
    navigate: { attribute: false },
    topLevel: { attribute: false },
    pageUrl: { attribute: false },
    pollMs: { attribute: false },
    now: { attribute: false },
    _view: { state: true },
    _makerName: { state: true },
  };

  static override styles = laterStepStyles;

  /** The maker chosen (null when the page came back from the maker's page: it is read from the authorization). */
  maker: { id: BatteryMakerId; name: string } | null = null;
  /** An authorization the maker's page sent the customer back with (a redirect): its outcome is read first. */
  returned: string | null = null;
  /**
   * `returned` is the authorization whose maker's page was open when this page was reloaded (pending.ts), not one a
   * redirect came back with: still open, it is offered again as it was, and its answer on the maker's window left
   * open is heard.
   */
  reloaded = false;

  /** Injected for tests: opens the popup (window.open), goes to a page (location.assign), tells a frame from a page. */
  openWindow: OpenWindow = (url, target, features) => window.open(url, target, features);
  navigate: (url: string) => void = (url) => window.location.assign(url);
  topLevel: boolean = isTopLevel();
  /** This page, where the maker's page sends the customer back (the flow's origin: the service accepts it). */
  pageUrl: () => string = () => `${window.location.origin}${window.location.pathname}`;
  pollMs = 2000;
  now: () => number = () => Date.now();

  private _view: View = { kind: 'checking' };
  private _makerName: string | null = null;

  private readonly _key = new AttemptKey();
  private _popup: Window | null = null;
  private _timer: ReturnType<typeof setInterval> | undefined;
  /** When the next poll may go: pollMs after the last, or later when the service asked to wait (Retry-After). */
  private _nextPoll = 0;
  /** The look at the service's answer on its way (one at a time): leaving waits for it. */
  private _look: Promise<void> | undefined;
  private _started = false;
  private _abort = new AbortController();

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('message', this._onMessage);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('message', this._onMessage);
    this._abort.abort();
    this._abort = new AbortController();
    this._release();
  }

  /** Leaving the step (Back, closing the flow) stops the polling and takes the maker's window with it. */
  private _release(): void {
    this._stopWatching();
    if (this._popup && !this._popup.closed) this._popup.close();
    this._popup = null;
  }

  protected override willUpdate(): void {
    if (this._started || !this._api) return;
    this._started = true;
    if (this.returned) {
      // Closing while the page the maker sent back is read waits for it: an allowed battery is shown, not left.
      this.sending();
      void this._readOnly(() => this._readReturned(this.returned!));
    } else void this._create();
  }

  private get _name(): string | null {
    return this.maker?.name ?? this._makerName;
  }

  override render() {
    const name = this._name;
    // Back from the maker's page with no makers list to name it: the words say "your battery maker", never a blank.
    const maker = name ?? msg('your battery maker', { id: 'battery.authorize.maker_generic' });
    return html`
      ${stepHeading(
        name ? msg(str`Allow access at ${name}`, { id: 'battery.authorize.heading' }) : msg('Allow access at your battery maker', { id: 'battery.authorize.heading_generic' }),
        name
          ? msg(str`${name}'s page opens in a new window. Sign in there and choose Allow, so we can see your battery. We never see your ${name} password.`, {
              id: 'battery.authorize.lead',
            })
          : nothing,
      )}
      ${this._renderNotice('notice' in this._view ? this._view.notice : undefined, maker, name !== null)}
      <div role="status" class=${this._view.kind === 'waiting' ? 'alert' : 'muted'}>${this._renderStatus(this._view.kind, maker)}</div>
      ${this._renderView(this._view, maker)}
      ${this._view.kind === 'checking' || this._view.kind === 'redirecting' ? nothing : this._actions(this._view, maker)}
    `;
  }

  /**
   * What the step is doing, in one status region that is always on the page (a region inserted with its text is not
   * reliably read), so "Waiting for your answer…" is said when the maker's window opens.
   */
  private _renderStatus(kind: View['kind'], name: string) {
    switch (kind) {
      case 'creating':
        return msg(str`Preparing ${name}'s page…`, { id: 'battery.authorize.preparing' });
      case 'checking':
        return msg('Checking your answer…', { id: 'battery.authorize.checking' });
      case 'redirecting':
        return msg(str`Taking you to ${name}'s page…`, { id: 'battery.authorize.redirecting' });
      case 'waiting':
        return html`<p id="waiting"><strong>${msg(str`Waiting for your answer on ${name}'s page…`, { id: 'battery.authorize.waiting' })}</strong></p>
          <p>${msg("Can't see the window? It may be behind this one.", { id: 'battery.authorize.behind' })}</p>`;
      default:
        return nothing;
    }
  }

  private _renderView(view: View, name: string) {
    switch (view.kind) {
      case 'failed':
        return html`${renderRetryAlert(view.failure, view.retry)} ${renderRefusal(view.failure)}
          ${view.failure.kind !== 'retry' ? html`<div class="actions"><button type="button" class="btn primary" @click=${view.retry}>${msg('Try again', { id: 'error.try_again' })}</button></div>` : nothing}`;
      case 'waiting':
        return html`<div class="actions waiting-actions">
            <button type="button" class="btn secondary" aria-describedby="waiting" @click=${this._showPopup}>${msg(str`Show ${name}'s window`, { id: 'battery.authorize.show' })}</button>
          </div>`;
      default:
        return nothing;
    }
  }

  /** `named`: `name` is the maker's own (the sentences that start with it have generic words for the fallback). */
  private _renderNotice(notice: Notice | undefined, name: string, named: boolean) {
    if (!notice) return nothing;
    const [title, body] =
      notice === 'denied'
        ? [
            msg('No battery was connected', { id: 'battery.notice.denied.title' }),
            msg(str`You chose not to allow access on ${name}'s page, so we cannot see your battery. You can try again if that was a mistake.`, {
              id: 'battery.notice.denied',
            }),
          ]
        : notice === 'expired'
          ? [
              msg('The request timed out', { id: 'battery.notice.expired.title' }),
              named
                ? msg(str`${name}'s page waited too long for an answer. Nothing was connected; you can start again.`, { id: 'battery.notice.expired' })
                : msg("Your battery maker's page waited too long for an answer. Nothing was connected; you can start again.", { id: 'battery.notice.expired_generic' }),
            ]
          : notice === 'closed' || notice === 'returned' || notice === 'gone'
            ? [
                notice === 'closed'
                  ? msg('The window closed before you answered', { id: 'battery.notice.closed.title' })
                  : notice === 'gone'
                    ? msg('That request is no longer available', { id: 'battery.notice.gone.title' })
                    : // Back by redirect (no popup): there was no window to close.
                      msg('You came back before answering', { id: 'battery.notice.returned.title' }),
                msg(str`Nothing was connected. Open ${name}'s page again and choose Allow to connect your battery.`, { id: 'battery.notice.closed' }),
              ]
            : [
                msg('Your browser blocked the window', { id: 'battery.notice.blocked.title' }),
                named
                  ? msg(str`${name}'s page must open in a new window. Allow pop-ups for this page in your browser, then try again.`, { id: 'battery.notice.blocked' })
                  : msg("Your battery maker's page must open in a new window. Allow pop-ups for this page in your browser, then try again.", {
                      id: 'battery.notice.blocked_generic',
                    }),
              ];
    // Not an alert: focus goes to its heading as it appears (focusHeading('.alert h2')), which reads the title and,
    // described by it, the sentence; an alert too would say them twice.
    return html`<div class="alert ${notice === 'closed' || notice === 'returned' ? '' : 'warning'}">
      <h2 tabindex="-1" aria-describedby="notice-body">${title}</h2>
      <p id="notice-body">${body}</p>
    </div>`;
  }

  /**
   * Back to the maker choice, in every view but the checks; while the maker's page is prepared (a slow service) and
   * from the wait too (a phone's tab cannot be brought forward): the maker's window closes. One place on the page
   * whatever the view, so focus on it stays when the view changes; in the row of the view's main button when it has
   * one (before it, as every step's Back: above it on a phone, on its left on a wide screen).
   */
  private _actions(view: View, name: string) {
    return html`<div class="actions">
      <button type="button" class="btn secondary start" @click=${() => (this._release(), rememberPending(), this.back())}>${msg('Choose another maker', { id: 'battery.authorize.back' })}</button>
      ${view.kind === 'ready'
        ? html`<button type="button" class="btn primary" @click=${() => this._open(view.auth)}>
            ${view.notice ? msg(str`Try again with ${name}`, { id: 'battery.authorize.again' }) : msg(str`Continue to ${name}`, { id: 'battery.authorize.continue' })}
            <span class="sr-only">${msg('(opens a new window)', { id: 'battery.authorize.new_window' })}</span>
          </button>`
        : nothing}
    </div>`;
  }

  // ── Creating and opening ────────────────────────────────────────────────────────────────────────────────────────

  /**
   * A new authorization for a popup (no return_url: the page tells its opener and closes). `fresh`: a new action.
   * `popup`: the blank window a click opened for it (its earlier one had expired), pointed at it once made.
   */
  private async _create(notice?: Notice, fresh = true, popup?: Window): Promise<void> {
    const maker = this.maker?.id ?? this._returnedMaker;
    if (!maker) return;
    if (fresh) this._key.reset();
    this._view = { kind: 'creating', ...(notice ? { notice } : {}) };
    if (notice) void this.focusHeading('.alert h2');
    try {
      const request = { maker };
      const auth = await createBatteryAuthorization(this.api, request, { idempotencyKey: this._key.for(`popup:${maker}`), signal: this._abort.signal });
      if (popup && !popup.closed) {
        popup.location = auth.authorization_url;
        return this._watch(auth);
      }
      // A blank window closed before the maker's page came: that page is ready to open again.
      if (popup) this._popup = null;
      const said = popup ? 'closed' : notice;
      this._view = { kind: 'ready', auth, ...(said ? { notice: said } : {}) };
      if (popup) void this.focusHeading('.alert h2');
    } catch (error) {
      this._release();
      this._fail(error, () => void this._create(notice, false));
    }
  }

  /**
   * The click: the popup opens here, synchronously, or the fallback starts. An authorization that ended or is about
   * to (the customer came back later, the device slept; a "Try again" replay) is not opened: a blank window opens in
   * the click (a window opened after an await would be blocked) and a new authorization, a new action, goes there.
   */
  private _open(auth: BatteryAuthorization): void {
    const stale = this._stale(auth);
    let popup: Window | null = null;
    try {
      popup = this.openWindow(stale ? 'about:blank' : auth.authorization_url, 'sf-battery-authorization', POPUP_FEATURES);
    } catch {
      popup = null;
    }
    if (!popup) {
      if (this.topLevel) void this._redirect(auth);
      else this._blocked(auth);
      return;
    }
    this._popup = popup;
    if (stale) void this._create(undefined, true, popup);
    else this._watch(auth);
  }

  private _stale(auth: BatteryAuthorization): boolean {
    return Date.parse(auth.expires_at) - this.now() <= EXPIRY_MARGIN_MS;
  }

  /** The maker's page is open in the popup: watch it, and the service's answer. */
  private _watch(auth: BatteryAuthorization): void {
    this._view = { kind: 'waiting', auth };
    // A reload while the maker's page is open comes back to this authorization (pending.ts).
    rememberPending(auth.id);
    this.sending();
    // The button pressed is gone: focus what is there when the customer comes back to this window.
    void this.focusHeading('.waiting-actions button');
    this._nextPoll = this.now() + this.pollMs;
    this._stopWatching();
    // Often: the popup's state; every pollMs: the service's answer (the popup's page may not be able to tell us).
    this._timer = setInterval(() => this._tick(), Math.min(500, this.pollMs));
  }

  /**
   * No popup at top level: an authorization that comes back here (return_url), and the page goes there. A new one
   * each time, but "Try again" after a lost answer asks for the same one (its key kept), as `_create` does.
   */
  private async _redirect(popupAuth: BatteryAuthorization, fresh = true): Promise<void> {
    const maker = popupAuth.maker;
    if (fresh) this._key.reset();
    this._view = { kind: 'redirecting' };
    const returnUrl = this.pageUrl();
    try {
      const auth = await createBatteryAuthorization(this.api, { maker, return_url: returnUrl }, { idempotencyKey: this._key.for(`redirect:${maker}:${returnUrl}`), signal: this._abort.signal });
      this.navigate(auth.authorization_url);
    } catch (error) {
      // The service will not send the customer back to this page (422 return_url: not an origin the App allows): the
      // same request can only be refused again, so the window is the way left, as in a frame.
      if (isApiError(error) && error.fields.some((f) => f.field === 'return_url')) this._blocked(popupAuth);
      else this._fail(error, () => void this._redirect(popupAuth, false));
    }
  }

  private _blocked(auth: BatteryAuthorization): void {
    this._view = { kind: 'ready', auth, notice: 'blocked' };
    void this.focusHeading('.alert h2');
  }

  /**
   * Leaving (the close button) while the maker's page is open: one last look at the service's answer, so a battery
   * allowed since the last poll (a page that could not message back) is shown connected, not closed as left.
   */
  protected override leaving(): Promise<unknown> | undefined {
    const view = this._view;
    return view.kind === 'waiting' ? this._read(view.auth, false) : view.kind === 'ready' && this.reloaded ? this._readAnswered(view.auth.id) : this._look;
  }

  private _showPopup = (): void => {
    if (this._popup && !this._popup.closed) this._popup.focus();
  };

  // ── Reading the outcome ─────────────────────────────────────────────────────────────────────────────────────────

  private _tick(): void {
    const view = this._view;
    if (view.kind !== 'waiting') return this._stopWatching();
    const closed = !this._popup || this._popup.closed;
    if (closed || this.now() >= this._nextPoll) void this._read(view.auth, closed);
  }

  /** The maker's page says it was answered: look now (the message is a hint; the service has the outcome). */
  private _onMessage = (event: MessageEvent): void => {
    const view = this._view;
    if (view.kind !== 'waiting' && view.kind !== 'ready') return;
    // From the window this step opened; or, after a reload (which lost hold of that window), from the maker's page
    // still open on the authorization offered again.
    const fromOurs = view.kind === 'waiting' ? Boolean(this._popup) && event.source === this._popup : this.reloaded;
    if (!fromOurs || event.origin !== new URL(view.auth.authorization_url).origin) return;
    const data = event.data as { type?: unknown; authorization?: unknown } | null;
    if (data?.type !== AUTHORIZATION_MESSAGE || data.authorization !== view.auth.id) return;
    void (view.kind === 'waiting' ? this._read(view.auth, false) : this._readAnswered(view.auth.id));
  };

  /** The authorization offered again after a reload: answered since (on the maker's window left open), it is shown. */
  private _readAnswered(id: string): Promise<void> {
    return this._readOnly(async () => {
      const latest = await getBatteryAuthorization(this.api, id, this._abort.signal).catch(() => null);
      if (latest && latest.status !== 'pending' && this._view.kind === 'ready' && this._view.auth.id === id) this._outcome(latest);
    });
  }

  /** One look at a time: a look asked for while one is on its way is that one (leaving waits for it). */
  private _readOnly(look: () => Promise<void>): Promise<void> {
    return (this._look ??= look().finally(() => (this._look = undefined)));
  }

  /** Reads the authorization while the popup is open (`closed`: it was closed, so this is the last look). */
  private _read(auth: BatteryAuthorization, closed: boolean): Promise<void> {
    return this._readOnly(() => this._readNow(auth, closed));
  }

  private async _readNow(auth: BatteryAuthorization, closed: boolean): Promise<void> {
    this._nextPoll = this.now() + this.pollMs;
    try {
      const latest = await getBatteryAuthorization(this.api, auth.id, this._abort.signal);
      if (this._view.kind !== 'waiting' || this._view.auth.id !== auth.id) return;
      if (latest.status === 'pending') {
        if (closed) this._closedWithoutAnswer(latest);
        return;
      }
      this._stopWatching();
      if (this._popup && !this._popup.closed) this._popup.close();
      this._popup = null;
      this._outcome(latest);
    } catch (error) {
      // The service asked to wait (a 429's or 503's Retry-After): the next poll waits at least that long.
      if (isApiError(error) && error.retryAfter) this._nextPoll = Math.max(this._nextPoll, this.now() + error.retryAfter * 1000);
      // While the popup is open a failed look is tried again at the next tick; after it closed, or once the service no
      // longer knows it (404), the customer decides.
      if (this._view.kind === 'waiting' && (closed || gone(error))) {
        this._release();
        this._lookFailed(error, auth.id);
      } else if (isApiError(error) && (error.kind === 'unauthorized' || error.kind === 'forbidden')) toFailure(error, this);
    }
  }

  private _closedWithoutAnswer(auth: BatteryAuthorization): void {
    this._stopWatching();
    this._popup = null;
    // The same request can be opened again while it lives; close to its end, a new one.
    if (!this._stale(auth)) {
      this._view = { kind: 'ready', auth, notice: 'closed' };
      void this.focusHeading('.alert h2');
    } else void this._create('closed');
  }

  /** One look at an authorization (after a failed last look): leaving waits for it too. */
  private _readOnce(id: string): Promise<void> {
    return this._readOnly(async () => {
      try {
        const auth = await getBatteryAuthorization(this.api, id, this._abort.signal);
        if (auth.status === 'pending') return this._closedWithoutAnswer(auth);
        this._outcome(auth);
      } catch (error) {
        this._lookFailed(error, id);
      }
    });
  }

  /**
   * A look at the answer failed: "Try again" looks again; but an authorization the service no longer knows (404, its
   * time over) can only be refused again, so a new one is made to start again (or, no maker known, the maker choice).
   */
  private _lookFailed(error: unknown, id: string): void {
    if (!gone(error))
      return this._fail(error, () => {
        this._view = { kind: 'checking' };
        void this._readOnce(id);
      });
    if (this.maker ?? this._returnedMaker) void this._create('gone');
    else this.back();
  }

  /** The maker the returned authorization names (its display name from the makers list). */
  private _returnedMaker: BatteryMakerId | null = null;

  /** Back from the maker's page (a redirect): read the authorization it named, and the maker's name for the wording. */
  private async _readReturned(id: string): Promise<void> {
    this._view = { kind: 'checking' };
    try {
      const auth = await getBatteryAuthorization(this.api, id, this._abort.signal);
      this._returnedMaker = auth.maker;
      if (!this.maker) {
        const makers = await listBatteryMakers(this.api, this._abort.signal).catch(() => []);
        this._makerName = makers.find((m) => m.id === auth.maker)?.name ?? null;
      }
      if (auth.status !== 'pending') return this._outcome(auth);
      if (this.reloaded && !this._stale(auth)) this._view = { kind: 'ready', auth };
      else void this._create('returned');
    } catch (error) {
      const failure = toFailure(error, this);
      // Not this account's, or unknown: nothing to resume; choose the maker again.
      if (failure?.kind === 'refused' || failure?.kind === 'fields') return this.back();
      if (failure) this._view = { kind: 'failed', failure, retry: () => void this._readReturned(id) };
    }
  }

  private _outcome(auth: BatteryAuthorization): void {
    rememberPending();
    if (auth.status === 'approved') {
      if (auth.device_id) return this.complete({ data: { device: auth.device_id } });
      // The contract names the device of every approved authorization; without it, there is nothing to show yet.
      return this._lookFailed(new Error('approved without a device'), auth.id);
    }
    void this._create(auth.status === 'denied' ? 'denied' : auth.status === 'expired' ? 'expired' : 'closed');
  }

  private _fail(error: unknown, retry: () => void): void {
    const failure = toFailure(error, this);
    if (failure && failure.kind !== 'handled') this._view = { kind: 'failed', failure, retry };
  }

  private _stopWatching(): void {
    if (this._timer !== undefined) clearInterval(this._timer);
    this._timer = undefined;
  }
}

customElements.define('sf-step-battery-authorize', SfStepBatteryAuthorize);

declare global {
  interface HTMLElementTagNameMap {
    'sf-step-battery-authorize': SfStepBatteryAuthorize;
  }
}
