/**
 * The flow's link to its host once the session is known, off the first screen: session.ts loads it once the first
 * view (a step or a status screen) is on screen. The bridge (every message but a close sent before this arrived),
 * the height reports of embeds, and the session clock with its notice: one chunk, as they load at the same moment.
 */
import type { FlowSession } from '../api/types.js';
import { createBridge, observeResize, type Bridge, type BridgeWindow } from '../bridge/channels.js';
import type { FlowScope } from '../bridge/messages.js';
import { watchExpiry } from './expiry.js';

/** The framing check (flow.ts, before the account is read), in this chunk rather than on the first screen. */
export { refusesParent } from '../bridge/channels.js';

export interface HostHooks {
  hostWindow?: BridgeWindow | undefined;
  onExpiring(at: string): void;
  onExpired(): void;
}

export function bridgeFor(session: FlowSession, hostWindow?: BridgeWindow): Bridge {
  return createBridge({
    allowedOrigins: session.allowed_parent_origins ?? [],
    scope: session.scope as FlowScope,
    behavior: session.behavior,
    returnUrl: session.return_url ?? null,
    ...(hostWindow ? { window: hostWindow } : {}),
  });
}

/**
 * Starts the session clock (counting from `at`, when the session was answered) and, in embeds, the height reports of
 * `host`. Returns a function that stops both.
 */
export function watchSession(host: HTMLElement, session: FlowSession, bridge: Bridge, hooks: HostHooks, at = Date.now()): () => void {
  const stops = [
    watchExpiry(session.expires_at, session.expires_in, {
      onExpiring: (at) => {
        // The host's clock is the service's side: it hears the service's time; the customer is told this device's.
        bridge.post({ type: 'service-flow-session-expiring', expires_at: session.expires_at });
        hooks.onExpiring(at);
      },
      onExpired: hooks.onExpired,
    }, { start: at }),
  ];
  if (bridge.embedded) stops.push(observeResize(host, bridge));
  return () => {
    for (const stop of stops) stop();
  };
}
