/**
 * Sending one message on every channel the host may listen on. The first screen's part of the bridge: the bridge
 * itself (channels.ts, with the height reports and the hosted redirect) arrives after the first step, and the root
 * closes through this when the bridge is not there (before the session is known, or when its code could not load),
 * so that `service-flow-close` never depends on a download.
 *
 * Every channel is tried, each only where present, because the flow cannot tell reliably how it was opened: a
 * WebView may also have a parent frame, an iframe may sit in a WebView. The parent frame only ever gets messages
 * addressed to the partner's allowed origins, never `'*'`, so a page that framed the flow without being allowed to
 * learns nothing.
 */
import { MESSAGE_VERSION, type CloseReason, type FlowMessage, type FlowMessageInit, type FlowScope } from './messages.js';

interface MessageSink {
  postMessage(message: unknown, targetOrigin: string): void;
}

/** The parts of `window` the bridge touches; tests pass a fake. */
export interface BridgeWindow {
  parent: MessageSink | null;
  location: { replace(url: string): void };
  ReactNativeWebView?: { postMessage(message: string): void };
  webkit?: { messageHandlers?: { serviceFlow?: { postMessage(message: unknown): void } } };
  ServiceFlowAndroid?: { postMessage(message: string): void };
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

/** Sends `init` (with the version and the scope) to the parent frame, once per origin of `origins`, and to every native bridge present. */
export function deliver(win: BridgeWindow, origins: readonly string[], scope: FlowScope, init: FlowMessageInit): void {
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
  if (parent) for (const origin of origins) attempt(() => parent.postMessage(message, origin));
  const json = JSON.stringify(message);
  if (win.ReactNativeWebView) attempt(() => win.ReactNativeWebView!.postMessage(json));
  const ios = win.webkit?.messageHandlers?.serviceFlow;
  if (ios) attempt(() => ios.postMessage(message));
  if (win.ServiceFlowAndroid) attempt(() => win.ServiceFlowAndroid!.postMessage(json));
}
