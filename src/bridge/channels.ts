/**
 * Delivers flow messages to whoever hosts the flow. Every channel is tried, each only where present, because the
 * flow cannot tell reliably how it was opened: a WebView may also have a parent frame, an iframe may sit in a
 * WebView. The parent frame only ever gets messages addressed to the partner's allowed origins, never `'*'`, so a
 * page that framed the flow without being allowed to learns nothing.
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

export interface BridgeOptions {
  allowedOrigins: readonly string[];
  scope: FlowScope;
  /** `embedded` (iframe / WebView) or `hosted` (a standalone page opened from a link). */
  behavior: string;
  returnUrl?: string | null;
  window?: BridgeWindow;
}

/** What the root should do after closing. */
export type CloseOutcome = 'posted' | 'redirected' | 'show-final-screen';

export interface AccountStatus {
  status?: string | null;
  status_reason?: string | null;
}

export interface Bridge {
  /** A parent frame or a native bridge is listening. */
  readonly embedded: boolean;
  post(message: FlowMessageInit): void;
  /** Posts `service-flow-close` once; at top level in hosted mode, redirects to the return URL (with `locale`). */
  close(reason: CloseReason, account?: AccountStatus | null, locale?: string): CloseOutcome;
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

/**
 * The return URL with `reason` added (and `locale`, the language the customer was using, so the partner's page can
 * greet them in it), or null when it is missing or not http(s) (no `javascript:` redirects).
 */
export function returnUrlWithReason(returnUrl: string | null | undefined, reason: CloseReason, locale?: string): string | null {
  if (!returnUrl) return null;
  try {
    const url = new URL(returnUrl);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    url.searchParams.set('reason', reason);
    if (locale) url.searchParams.set('locale', locale);
    return url.href;
  } catch {
    return null;
  }
}

export function createBridge(options: BridgeOptions): Bridge {
  const win: BridgeWindow = options.window ?? (window as unknown as BridgeWindow);
  const origins = normalizeOrigins(options.allowedOrigins);
  const parent = win.parent && win.parent !== (win as unknown) ? win.parent : null;
  const hasNative = (): boolean =>
    Boolean(win.ReactNativeWebView || win.webkit?.messageHandlers?.serviceFlow || win.ServiceFlowAndroid);
  let closeOutcome: CloseOutcome | null = null;

  // One failing channel (a host page that throws in its handler, a torn-down WebView) must not block the others.
  const attempt = (send: () => void) => {
    try {
      send();
    } catch {
      // The host is gone or refuses; there is nobody else to tell.
    }
  };

  function post(init: FlowMessageInit): void {
    if (closeOutcome) return; // service-flow-close is the last message a host ever gets
    const message = { ...init, version: MESSAGE_VERSION, scope: options.scope } as FlowMessage;
    if (parent) for (const origin of origins) attempt(() => parent.postMessage(message, origin));
    const json = JSON.stringify(message);
    if (win.ReactNativeWebView) attempt(() => win.ReactNativeWebView!.postMessage(json));
    const ios = win.webkit?.messageHandlers?.serviceFlow;
    if (ios) attempt(() => ios.postMessage(message));
    if (win.ServiceFlowAndroid) attempt(() => win.ServiceFlowAndroid!.postMessage(json));
  }

  function close(reason: CloseReason, account?: AccountStatus | null, locale?: string): CloseOutcome {
    if (closeOutcome) return closeOutcome;
    post({
      type: 'service-flow-close',
      reason,
      ...(account?.status ? { account_status: account.status } : {}),
      ...(account?.status_reason ? { status_reason: account.status_reason } : {}),
    });
    closeOutcome = 'show-final-screen';
    if (parent || hasNative()) {
      closeOutcome = 'posted';
    } else if (options.behavior === 'hosted') {
      const target = returnUrlWithReason(options.returnUrl, reason, locale);
      if (target) {
        closeOutcome = 'redirected';
        // replace(): Back from the partner's page must not land on a flow whose session is gone.
        win.location.replace(target);
      }
    }
    return closeOutcome;
  }

  return {
    get embedded() {
      return Boolean(parent) || hasNative();
    },
    post,
    close,
  };
}

type ResizeObserverCtor = new (callback: ResizeObserverCallback) => ResizeObserver;

/**
 * Posts `service-flow-resize` when `target`'s height changes, at most once per `intervalMs` (the last height always
 * gets through), so an inline embed can size its iframe without scrollbars. Returns a function that stops it.
 */
export function observeResize(
  target: Element,
  bridge: Pick<Bridge, 'post'>,
  { intervalMs = 100, Observer = globalThis.ResizeObserver as ResizeObserverCtor | undefined } = {},
): () => void {
  if (!Observer) return () => {};
  let lastSent = -1;
  let lastTime = 0;
  let pending: ReturnType<typeof setTimeout> | undefined;
  let height = 0;

  const flush = () => {
    pending = undefined;
    lastTime = Date.now();
    if (height !== lastSent) {
      lastSent = height;
      bridge.post({ type: 'service-flow-resize', height });
    }
  };
  const observer = new Observer((entries) => {
    const entry = entries[entries.length - 1];
    if (!entry) return;
    const box = entry.borderBoxSize?.[0];
    height = Math.ceil(box ? box.blockSize : entry.contentRect.height);
    if (pending !== undefined) return;
    const wait = intervalMs - (Date.now() - lastTime);
    if (wait <= 0) flush();
    else pending = setTimeout(flush, wait);
  });
  observer.observe(target);
  return () => {
    observer.disconnect();
    if (pending !== undefined) clearTimeout(pending);
  };
}
