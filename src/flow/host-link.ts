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

/** The root's flow token (none when it was given an API client instead) and the service's address: see `bridgeFor`. */
export interface FlowCredentials {
  token?: string | null;
  baseUrl?: string;
}

/**
 * The bridge to the host. Its close first ends the session at the service when the customer finished or left
 * (`completed`, `exited`): the link, which the browser's history keeps (only the address bar lost it), stops working
 * then rather than at the end of its hour, so a later visitor of a shared device cannot reopen the account from it.
 * The close message waits for that answer (after it the host removes the frame, or the page goes to the return URL,
 * and a request cut there is not retried), at most `END_WAIT_MS`: a session not ended still ends with its hour.
 */
export function bridgeFor(session: FlowSession, flow: FlowCredentials, hostWindow?: BridgeWindow): Bridge {
  const bridge = createBridge({
    allowedOrigins: session.allowed_parent_origins ?? [],
    scope: session.scope as FlowScope,
    behavior: session.behavior,
    returnUrl: session.return_url ?? null,
    ...(hostWindow ? { window: hostWindow } : {}),
  });
  const close = bridge.close;
  let ending: Promise<unknown> | undefined;
  bridge.close = (reason, ...rest) => {
    if (!flow.token || (reason !== 'completed' && reason !== 'exited')) return close(reason, ...rest);
    ending ??= Promise.race([endSession(flow.token, flow.baseUrl ?? ''), new Promise((resolve) => setTimeout(resolve, END_WAIT_MS))]);
    return ending.then(() => close(reason, ...rest));
  };
  return bridge;
}

/** How long a close waits for the service to end the session before it is told to the host anyway. */
export const END_WAIT_MS = 3000;

/**
 * `DELETE /v1/account/flow`, sent again after a refusal for too many requests (the service counts ten a second per
 * account: a Done pressed right after the done screen's own reads meets it) or a failure on its side, as its
 * `Retry-After` says, at most three times. Kept alive past the page, should the wait run out first.
 */
async function endSession(token: string, baseUrl: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const answer = await fetch(`${baseUrl.replace(/\/+$/, '')}/v1/account/flow`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${token}` },
      keepalive: true,
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
    }).catch(() => undefined);
    if ((answer && answer.status !== 429 && answer.status < 500) || attempt === 3) return;
    const wait = Number(answer?.headers.get('retry-after')) || 0.5;
    await new Promise((resolve) => setTimeout(resolve, Math.min(wait, 1.5) * 1000));
  }
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
