/**
 * The bridge to whoever hosts the flow, once the flow session is known (off the first screen: the host link's chunk,
 * flow/host-link.ts): every message of the contract on every channel (deliver.ts), `service-flow-close` last, the
 * hosted redirect, and the height reports of embeds.
 */
import type { CloseReason, FlowMessageInit, FlowScope, HostInitMessage } from './messages.js';
import { closeMessage, deliver, normalizeOrigins, parentOf, type AccountStatus, type BridgeWindow } from './deliver.js';

export { normalizeOrigins, type AccountStatus, type BridgeWindow };

/** A native app's bridge object, when the flow runs in a WebView that injected one. */
export function nativeBridge(win: BridgeWindow): unknown {
  return win.ReactNativeWebView || win.webkit?.messageHandlers?.serviceFlow || win.ServiceFlowAndroid;
}

/**
 * The origins the parent frame's messages go to, of the allowed `origins` (normalized): the parent's own origin when
 * it is known and allowed, else none. Known from the browser (`location.ancestorOrigins`, Chromium and Safari) or from
 * the host's `service-flow-init` (`told`, the origin the browser attached to it). Where neither is known, each allowed
 * origin: the browser delivers to the one that matches, if any.
 */
export function parentTargets(win: BridgeWindow, origins: readonly string[], told?: string | null): readonly string[] {
  const known = win.location.ancestorOrigins?.[0] ?? told;
  return known ? origins.filter((origin) => origin === known) : origins;
}

/**
 * The flow is framed (a parent frame, no native bridge) by a page the session does not allow: none of its messages
 * could go there. Where the parent's origin is unknown, only a session that allows no parent at all refuses.
 */
export function refusesParent(win: BridgeWindow, allowed: readonly string[] | null | undefined): boolean {
  return Boolean(parentOf(win)) && !nativeBridge(win) && !parentTargets(win, normalizeOrigins(allowed ?? [])).length;
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

export interface Bridge {
  /** A parent frame or a native bridge is listening. */
  readonly embedded: boolean;
  post(message: FlowMessageInit): void;
  /**
   * Posts `service-flow-close` once; at top level in hosted mode, redirects to the return URL (with `locale`).
   * `nativesTold`: the native bridges heard this close already (pressed before the session was known, session.ts),
   * so only a parent frame is sent it now. A promise when something is done first (flow/host-link.ts: the session
   * ended at the service).
   */
  close(reason: CloseReason, account?: AccountStatus | null, locale?: string, nativesTold?: boolean): CloseOutcome | Promise<CloseOutcome>;
}

/** The names the flow adds to the return URL's query. */
const RETURN_PARAMS = ['reason', 'locale'];

/**
 * The return URL with `reason` added (and `locale`, the language the customer was using, so the partner's page can
 * greet them in it), or null when it is missing or not http(s) (no `javascript:` redirects). The partner's own query
 * stays as written, byte for byte (a signed `state` must still verify): the two are appended after it, and only a
 * `reason` or `locale` of the partner's own is dropped, so that the page reads the flow's.
 */
export function returnUrlWithReason(returnUrl: string | null | undefined, reason: CloseReason, locale?: string): string | null {
  if (!returnUrl) return null;
  try {
    const url = new URL(returnUrl);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    const pairs = url.search ? url.search.slice(1).split('&') : [];
    const kept = pairs.filter((pair) => !RETURN_PARAMS.includes([...new URLSearchParams(pair).keys()][0] ?? ''));
    kept.push(`reason=${encodeURIComponent(reason)}`);
    if (locale) kept.push(`locale=${encodeURIComponent(locale)}`);
    url.search = kept.join('&');
    return url.href;
  } catch {
    return null;
  }
}

export function createBridge(options: BridgeOptions): Bridge {
  const win: BridgeWindow = options.window ?? (window as unknown as BridgeWindow);
  const origins = normalizeOrigins(options.allowedOrigins);
  const parent = parentOf(win);
  const hasNative = (): boolean => Boolean(nativeBridge(win));
  let closeOutcome: CloseOutcome | null = null;
  // The parent's origin as the browser attached it to the parent's `service-flow-init`: where the browser does not
  // say it (no location.ancestorOrigins), this lets every later message go to that one origin (if it is allowed).
  let told: string | null = null;
  const onMessage = (event: MessageEvent) => {
    const data: unknown = event.data;
    if (!told && parent && (event.source as unknown) === parent && (data as Partial<HostInitMessage> | null)?.type === 'service-flow-init') told = event.origin;
  };
  win.addEventListener?.('message', onMessage);

  function post(init: FlowMessageInit): void {
    if (closeOutcome) return; // service-flow-close is the last message a host ever gets
    deliver(win, parentTargets(win, origins, told), options.scope, init);
  }

  function close(reason: CloseReason, account?: AccountStatus | null, locale?: string, nativesTold?: boolean): CloseOutcome {
    if (closeOutcome) return closeOutcome;
    if (!nativesTold) post(closeMessage(reason, account));
    // A window of the parent alone, so that the native bridges do not hear it twice.
    else if (parent) deliver({ parent, location: win.location }, parentTargets(win, origins, told), options.scope, closeMessage(reason, account));
    win.removeEventListener?.('message', onMessage);
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
