/**
 * The flow's link to its host, once the flow session is known: the bridge (parent frame or native app), the session
 * clock, the partner's brand color and, in embeds, the height reports; and the one close message at the end.
 * The root decides what to show; this tells the host what happened.
 */
import type { Account, FlowSession } from '../api/types.js';
import { createBridge, observeResize, type Bridge, type BridgeWindow } from '../bridge/channels.js';
import type { CloseReason, FlowScope } from '../bridge/messages.js';
import { getLocale } from '../i18n/localization.js';
import { forgetSession, rememberExpiry, sessionStore } from './bootstrap.js';

export interface SessionHooks {
  token: string | null;
  hostWindow?: BridgeWindow | undefined;
  onExpiring(): void;
  onExpired(): void;
}

export class SessionLink {
  private _bridge: Bridge | undefined;
  private _stops: Array<() => void> = [];
  private _readySent = false;
  private _closed = false;
  /** The current connection; a late load for an earlier one (stopped since) does nothing. */
  private _connection: object | undefined;

  get connected(): boolean {
    return Boolean(this._bridge);
  }

  /** The flow is over (the host was told); nothing may be shown but the final screen. */
  get closed(): boolean {
    return this._closed;
  }

  connect(host: HTMLElement, session: FlowSession, hooks: SessionHooks): void {
    if (hooks.token) rememberExpiry(sessionStore(), hooks.token, session.expires_at);
    const bridge = (this._bridge = createBridge({
      allowedOrigins: session.allowed_parent_origins ?? [],
      scope: session.scope as FlowScope,
      behavior: session.behavior,
      returnUrl: session.return_url ?? null,
      ...(hooks.hostWindow ? { window: hooks.hostWindow } : {}),
    }));
    // Off the first screen, fetched once the session is known: the session clock (its first deadline, the warning, is
    // minutes away) with its notice, and for a partner with a color of its own the color checks. Offline, neither
    // starts: the default color stays, and an expired link is still told by the service's 401.
    const connection = {};
    this._connection = connection;
    const color = session.branding?.primary_color;
    if (color) {
      import('./branding.js').then(
        ({ usableBrandColor }) => {
          const usable = this._connection === connection ? usableBrandColor(color) : null;
          if (usable) host.style.setProperty('--sf-color-primary', usable);
        },
        () => undefined,
      );
    }
    import('./expiry.js').then(
      ({ watchExpiry }) => {
        if (this._connection !== connection) return; // stopped (closed, or the element left the page) meanwhile
        this._stops.push(
          watchExpiry(session.expires_at, {
            onExpiring: () => {
              bridge.post({ type: 'service-flow-session-expiring', expires_at: session.expires_at });
              hooks.onExpiring();
            },
            onExpired: hooks.onExpired,
          }),
        );
      },
      () => undefined,
    );
    if (bridge.embedded) this._stops.push(observeResize(host, bridge));
  }

  /** Tells the host which step is on screen and, the first time, that the flow is ready. */
  stepShown(step: string): void {
    this._bridge?.post({ type: 'service-flow-step', step });
    if (this._readySent) return;
    this._readySent = true;
    this._bridge?.post({ type: 'service-flow-ready' });
  }

  /**
   * Tells the host once that the flow is over, stops the clock and forgets the token. False when it was closed
   * already. Before the session is known (the link is invalid or expired) the partner's origins are unknown, so only
   * native bridges hear about it: a parent frame is never sent a message to a guessed origin.
   */
  close(reason: CloseReason, account: Account | undefined, hostWindow?: BridgeWindow): boolean {
    if (this._closed) return false;
    this._closed = true;
    this.stop();
    forgetSession(sessionStore());
    const bridge =
      this._bridge ??
      createBridge({ allowedOrigins: [], scope: 'enrollment', behavior: 'embedded', ...(hostWindow ? { window: hostWindow } : {}) });
    bridge.close(reason, account, getLocale());
    return true;
  }

  /** Stops the clock and the height reports (the element left the page, or the flow closed). */
  stop(): void {
    this._connection = undefined;
    for (const stop of this._stops.splice(0)) stop();
  }
}
