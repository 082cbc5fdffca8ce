/**
 * The flow's link to its host, once the flow session is known: the partner's brand color (at once), the bridge
 * (parent frame or native app), the session clock and, in embeds, the height reports (host-link.ts, loaded once the
 * first view is on screen: none of it is needed to render it); and the one close message at the end, which goes out
 * from here (deliver.ts) when the bridge is not there, so that closing never waits for a download that failed.
 * The root decides what to show; this tells the host what happened.
 */
import type { Account, FlowSession } from '../api/types.js';
import type { Bridge } from '../bridge/channels.js';
import { closeMessage, deliver, normalizeOrigins, type BridgeWindow } from '../bridge/deliver.js';
import type { CloseReason, FlowScope } from '../bridge/messages.js';
import { getLocale } from '../i18n/localization.js';
import { usableBrandColor } from './branding.js';
import { forgetSession, sessionStore } from './bootstrap.js';
import type { FlowCredentials, HostHooks } from './host-link.js';

/**
 * Resolves once the browser has painted what is on screen (a frame, then a task), or after 100 ms: a page in a hidden
 * tab or frame paints no frame, and its clock and messages must not wait for one.
 */
const afterPaint = () =>
  new Promise<void>((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve));
    setTimeout(resolve, 100);
  });

export class SessionLink {
  private _session: FlowSession | undefined;
  /**
   * The bridge, loaded once (connect): undefined before the session is known, resolving to undefined when its code
   * could not load. Messages queue on it in order.
   */
  private _linkHost: () => Promise<Bridge | undefined> | undefined = () => undefined;
  private _stops: Array<() => void> = [];
  private _readySent = false;
  private _closed = false;
  /** The current connection; a late load for an earlier one (stopped since) does nothing. */
  private _connection: object | undefined;
  /** A close before the session was known (native bridges heard it then): what connect does instead of starting. */
  private _late: (() => unknown) | undefined;

  get connected(): boolean {
    return Boolean(this._session);
  }

  connect(host: HTMLElement & FlowCredentials, session: FlowSession, hooks: HostHooks): void {
    this._session = session;
    // When the service answered: the session's `expires_in` counts from here (the clock starts after the first view).
    const at = Date.now();
    const connection = {};
    // Offline, neither starts: the default color stays, an expired link is still told by the service's 401, and a
    // close goes out without the bridge. The color is applied now, by the core's own code (a chunk of its own would
    // be one more request before the first view, which must not change color once shown).
    const color = session.branding?.primary_color;
    if (color) {
      const usable = usableBrandColor(color);
      if (usable) host.style.setProperty('--sf-color-primary', usable);
    }
    // The host link (the bridge, the session clock, the height reports) loads once the first view (a step or a status
    // screen) is painted, or for a close: nothing the first view does not need is fetched before it, so its requests
    // have the network to themselves. In a frame the code is there already (the framing check loaded it).
    let linked: Promise<Bridge | undefined> | undefined;
    this._linkHost = () =>
      (linked ??= afterPaint()
        .then(() => import('./host-link.js'))
        .then(
          ({ bridgeFor, watchSession }) => {
            // The root's token and address: its close ends the session at the service (host-link.ts).
            const bridge = bridgeFor(session, host, hooks.hostWindow);
            // Stopped (closed, or the element left the page) meanwhile: the bridge still closes, nothing starts.
            if (this._connection === connection) this._stops.push(watchSession(host, session, bridge, hooks, at));
            return bridge;
          },
          () => undefined,
        ));
    // Closed before the session was known: the session only takes that close on; no connection, so nothing starts.
    if (this._late) this._late();
    else this._connection = connection;
  }

  /** A view other than a step (a status screen) is on screen: the host link may load. */
  viewShown(): void {
    void this._linkHost();
  }

  /** Tells the host which step is on screen and, the first time, that the flow is ready. */
  stepShown(step: string): void {
    const first = !this._readySent;
    this._readySent = true;
    void this._linkHost()?.then((bridge) => {
      bridge?.post({ type: 'service-flow-step', step });
      if (first) bridge?.post({ type: 'service-flow-ready' });
    });
  }

  /**
   * Tells the host once that the flow is over, stops the clock and forgets the token. False when it was closed
   * already. Before the session is known (the link is invalid or expired, or Close was pressed while it loaded) the
   * partner's origins are unknown, so native bridges hear about it at once and a parent frame is never sent a message
   * to a guessed origin; a session known later still takes it to the parent frame or the return URL. Without the
   * bridge's code (it could not load) the message still goes out on every channel, to the parent at each allowed
   * origin (the browser delivers it to the one that matches); only the hosted redirect and the one-target choice need
   * the bridge.
   */
  close(reason: CloseReason, account: Account | undefined, hostWindow?: BridgeWindow): boolean {
    if (this._closed) return false;
    this._closed = true;
    this.stop();
    forgetSession(sessionStore());
    const locale = getLocale();
    const session = this._session;
    const withoutBridge = () =>
      deliver(
        hostWindow ?? (window as unknown as BridgeWindow),
        normalizeOrigins(session?.allowed_parent_origins ?? []),
        (session?.scope ?? 'enrollment') as FlowScope,
        closeMessage(reason, account),
      );
    const linked = this._linkHost();
    if (linked) void linked.then((bridge) => (bridge ? bridge.close(reason, account, locale) : withoutBridge()));
    else {
      withoutBridge();
      // Pressed while the session loads: once it is known (connect), the bridge takes this close on to the parent frame
      // or the return URL, and nothing starts (no clock, no height reports: the close stays the last message).
      this._late = () => this._linkHost()!.then((bridge) => bridge?.close(reason, account, locale, true));
    }
    return true;
  }

  /** Stops the clock and the height reports (the element left the page, or the flow closed). */
  stop(): void {
    this._connection = undefined;
    for (const stop of this._stops.splice(0)) stop();
  }
}
