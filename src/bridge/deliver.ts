/**
 * Sending one message on every channel the host may listen on. The first screen's part of the bridge: the bridge
 * itself (channels.ts, with the height reports and the hosted redirect) arrives after the first step, and the root
 * closes through this when the bridge is not there (before the session is known, or when its code could not load),
 * so that `service-flow-close` never depends on a download.
 *
 * Every channel is tried, each only where present, because the flow cannot tell reliably how it was opened: a
 * WebView may also have a parent frame, an iframe may sit in a WebView. The parent frame gets each message once,
 * addressed to its own origin when that origin is known and allowed (parentTargets, the one place that decides), never
 * `'*'`, so a page that framed the flow without being allowed to learns nothing. Only when the bridge's code could not
 * load (session.ts) does a close go to each allowed origin, the browser delivering it to the one that matches.
 */
import { MESSAGE_VERSION, type CloseReason, type FlowMessage, type FlowMessageInit, type FlowScope } from './messages.js';

interface MessageSink {
  postMessage(message: unknown, targetOrigin: string): void;
}

/** The parts of `window` the bridge touches; tests pass a fake. */
export interface BridgeWindow {
  parent: MessageSink | null;
  location: { replace(url: string): void; ancestorOrigins?: { readonly [index: number]: string } };
  ReactNativeWebView?: { postMessage(message: string): void };
  webkit?: { messageHandlers?: { serviceFlow?: { postMessage(message: unknown): void } } };
  ServiceFlowAndroid?: { postMessage(message: string): void };
  /** For the host's `service-flow-init` (channels.ts). */
  addEventListener?(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener?(type: 'message', listener: (event: MessageEvent) => void): void;
}

declare global {
  interface Window {
    ReactNativeWebView?: { postMessage(message: string): void };
    ServiceFlowAndroid?: { postMessage(message: string): void };
  }
}

export interface AccountStatus {
  status?: string | null;
  status_reason?: string | null;
}

/** Exact origins only: `*`, `null`, paths and non-web schemes are dropped. */
export function normalizeOrigins(origins: readonly string[]): string[] {
  const out = new Set<string>();
  for (const origin of origins) {
    try {
      const url = new URL(origin);
      if ((url.protocol === 'https:' || url.protocol === 'http:') && url.origin !== 'null') out.add(url.origin);
    } catch {
      // Not a URL (e.g. '*'): never a target.
    }
  }
  return [...out];
}

/** The frame that embeds the flow; null at top level (a window is its own parent there). */
export function parentOf(win: BridgeWindow): MessageSink | null {
  return win.parent && win.parent !== (win as unknown) ? win.parent : null;
}

/** `service-flow-close` with the account's status when known. */
export function closeMessage(reason: CloseReason, account?: AccountStatus | null): FlowMessageInit {
  return {
    type: 'service-flow-close',
    reason,
    ...(account?.status ? { account_status: account.status } : {}),
    ...(account?.status_reason ? { status_reason: account.status_reason } : {}),
  };
}

/**
 * Sends `init` (with the version and the scope) to the parent frame at each of `targets` (the bridge passes the one
 * parentTargets in channels.ts decides on) and to every native bridge present.
 */
export function deliver(win: BridgeWindow, targets: readonly string[], scope: FlowScope, init: FlowMessageInit): void {
  const message = { ...init, version: MESSAGE_VERSION, scope } as FlowMessage;
  // One failing channel (a host page that throws in its handler, a torn-down WebView) must not block the others.
  const attempt = (send: () => void) => {
    try {
      send();
    } catch {
      // The host is gone or refuses; there is nobody else to tell.
    }
  };
  const parent = parentOf(win);
  if (parent) for (const origin of targets) attempt(() => parent.postMessage(message, origin));
  const json = JSON.stringify(message);
  if (win.ReactNativeWebView) attempt(() => win.ReactNativeWebView!.postMessage(json));
  const ios = win.webkit?.messageHandlers?.serviceFlow;
  if (ios) attempt(() => ios.postMessage(message));
  if (win.ServiceFlowAndroid) attempt(() => win.ServiceFlowAndroid!.postMessage(json));
}
