/**
 * Everything that starts once the flow session is known: the bridge to the host, the session clock, the partner's
 * brand color and, in embeds, the height reports.
 */
import type { FlowSession } from '../api/types.js';
import { createBridge, observeResize, type Bridge, type BridgeWindow } from '../bridge/channels.js';
import type { FlowScope } from '../bridge/messages.js';
import { rememberExpiry, sessionStore } from './bootstrap.js';
import { usableBrandColor } from './branding.js';
import { watchExpiry } from './expiry.js';

export interface SessionHooks {
  token: string | null;
  hostWindow?: BridgeWindow | undefined;
  onExpiring(): void;
  onExpired(): void;
}

export interface ConnectedSession {
  bridge: Bridge;
  /** Stops the clock and the height reports. */
  stop(): void;
}

export function connectSession(host: HTMLElement, session: FlowSession, hooks: SessionHooks): ConnectedSession {
  if (hooks.token) rememberExpiry(sessionStore(), hooks.token, session.expires_at);
  const bridge = createBridge({
    allowedOrigins: session.allowed_parent_origins ?? [],
    scope: session.scope as FlowScope,
    behavior: session.behavior,
    returnUrl: session.return_url ?? null,
    ...(hooks.hostWindow ? { window: hooks.hostWindow } : {}),
  });
  const color = usableBrandColor(session.branding?.primary_color);
  if (color) host.style.setProperty('--sf-color-primary', color);

  const stops = [
    watchExpiry(session.expires_at, {
      onExpiring: () => {
        bridge.post({ type: 'service-flow-session-expiring', expires_at: session.expires_at });
        hooks.onExpiring();
      },
      onExpired: hooks.onExpired,
    }),
  ];
  if (bridge.embedded) stops.push(observeResize(host, bridge));
  return { bridge, stop: () => stops.forEach((stop) => stop()) };
}

/**
 * A bridge for closing before the session is known (the link is invalid or expired): the partner's origins are
 * unknown, so only native bridges hear about it; a parent frame is never sent a message to a guessed origin.
 */
export function sessionlessBridge(hostWindow?: BridgeWindow): Bridge {
  return createBridge({ allowedOrigins: [], scope: 'enrollment', behavior: 'embedded', ...(hostWindow ? { window: hostWindow } : {}) });
}
