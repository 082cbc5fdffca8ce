/**
 * The host SDK: opens the flow in a modal iframe on a partner's page by the display rules (docs/integration.md),
 * listens to the flow's messages (docs/messages.md) from the flow's origin and that iframe only, and leaves nothing
 * behind when the flow closes.
 */
import { isFlowMessage, type FlowCloseMessage, type FlowMessage, type FlowReadyMessage } from '../bridge/messages.js';

export type { CloseReason, FlowCloseMessage, FlowMessage, FlowReadyMessage } from '../bridge/messages.js';

export interface ServiceFlowOptions {
  /** The one-hour login link the partner's backend asked the service for (`login_link`). */
  loginLink: string;
  /** The flow's first step is on screen. */
  onReady?(message: FlowReadyMessage): void;
  /** Every message the flow posts, in order (including `service-flow-ready` and `service-flow-close`). */
  onEvent?(message: FlowMessage): void;
  /**
   * The modal is gone (iframe removed, scroll and focus restored). Called once: with the flow's
   * `service-flow-close` message, or with nothing when the page itself called `handle.close()`.
   */
  onClose?(message?: FlowCloseMessage): void;
  /** The dialog's and the iframe's accessible name (default, also for an empty one: "Electricity service"). */
  title?: string;
  /** The language of `title` and `closeLabel` (the flow's), when it is not the page's. */
  lang?: string;
  /**
   * If the flow has not said it is ready after this many milliseconds (default 10000), the SDK shows its own close
   * button above the iframe, the only way out of a flow that cannot load; it goes away once the flow is ready. Also
   * shown, earlier, when the flow's page has loaded and said nothing for 4 seconds (a link already invalid or
   * expired). `Infinity` never shows it; NaN or a negative value counts as the default.
   */
  readyTimeout?: number;
  /** That button's text (default, also for an empty one: "Close"), e.g. in the page's language. */
  closeLabel?: string;
  /** Optional `data-testid` of the dialog and the iframe, for the partner's own tests. */
  testIds?: { dialog?: string; frame?: string };
}

export interface ServiceFlowHandle {
  /** Removes the modal and calls `onClose()` without a message (the flow is not told; its link stays valid). */
  close(): void;
  /** Removes the modal and calls nothing, now or later (e.g. when the page's own component goes away). */
  destroy(): void;
}

/** Shortest height a desktop dialog takes, whatever the flow's content measures (a loading screen is short). */
const MIN_HEIGHT = 320;
/**
 * How long the flow's page, once loaded, may say nothing before the SDK shows its close button (earlier than
 * `readyTimeout`): a link that is already invalid or expired shows a screen that cannot tell a page it does not know
 * yet. A working flow speaks within about a second of its load (its session is asked for while the page loads).
 */
const QUIET = 4000;
/** A phone: the flow takes the whole screen. */
const PHONE = '(max-width: 600px)';

/**
 * Inline styles only (set through the CSSOM, which a strict `style-src` CSP allows, unlike a `<style>` element). The
 * page is dimmed by the dialog's own shadow, as `::backdrop` cannot be styled inline.
 */
function layout(dialog: HTMLDialogElement, phone: boolean, height: number): void {
  Object.assign(dialog.style, {
    boxSizing: 'border-box',
    padding: '0',
    border: '0',
    margin: 'auto',
    // A page's rule for dialogs (a CSS framework's full-screen one) does not resize the flow: fixed, centred, its size.
    position: 'fixed',
    inset: '0',
    minWidth: '0',
    minHeight: '0',
    maxWidth: 'none',
    maxHeight: 'none',
    overflow: 'hidden',
    display: 'flex',
    flexDirection: 'column',
    background: '#fff',
    width: phone ? '100vw' : 'min(480px, 100vw - 2rem)',
    height: phone ? '100dvh' : `min(${height}px, 100dvh - 2rem)`,
    borderRadius: phone ? '0' : '12px',
    boxShadow: '0 0 0 100vmax rgb(0 0 0 / 60%)',
    // Forced colors (Windows high contrast) drop the shadow: a transparent outline is drawn there, so the dialog keeps
    // an edge against the page.
    outline: '1px solid transparent',
  });
}

let current: ServiceFlowHandle | null = null;
/** The open flow's dialog: a page that replaced its body (Turbo, htmx) took it out of the document. */
let shown: HTMLDialogElement | null = null;

/**
 * Opens the flow. Only one flow is open at a time: opening another while one is open throws (close or destroy the
 * first one before).
 */
export function open(options: ServiceFlowOptions): ServiceFlowHandle {
  // A flow whose dialog the page removed (its body replaced) is over: cleared, not "already open" for good.
  if (current && !shown?.isConnected) current.destroy();
  if (current) throw new Error('ServiceFlow: a flow is already open');
  let link: URL | undefined;
  try {
    // Absolute only: a missing link (the page's backend failed) resolved against this page would frame the page itself.
    link = new URL(options.loginLink);
  } catch {
    // Said below.
  }
  // Any other scheme (javascript:, data:) would run in, or answer as, this page rather than the flow's origin.
  if (!link || !/^https?:$/.test(link.protocol)) throw new Error('ServiceFlow: loginLink must be an absolute http(s) URL');
  const origin = link.origin;
  // An empty one (a missing translation) would leave the dialog, the iframe and the button without a name.
  const title = options.title || 'Electricity service';
  let opener = document.activeElement as HTMLElement | null;
  // Focus inside a web component: the page names its host, which focus() would not reach; the element in its shadow does.
  while (opener?.shadowRoot?.activeElement) opener = opener.shadowRoot.activeElement as HTMLElement;
  const root = document.documentElement;
  const overflow = root.style.overflow;

  const dialog = document.createElement('dialog');
  dialog.setAttribute('data-service-flow', '');
  dialog.setAttribute('aria-label', title);
  if (options.lang) dialog.lang = options.lang;
  // showModal() already makes the dialog modal; the attribute says so to older assistive technology too.
  dialog.setAttribute('aria-modal', 'true');
  const iframe = document.createElement('iframe');
  iframe.title = title;
  // Named: with no src attribute (below), a bare `payment` would delegate to this page's origin, not the flow's.
  iframe.allow = `payment ${origin}`;
  if (options.testIds?.dialog) dialog.dataset.testid = options.testIds.dialog;
  if (options.testIds?.frame) iframe.dataset.testid = options.testIds.frame;
  iframe.style.cssText = 'display:block;flex:1;min-height:0;width:100%;border:0';
  // The way out of a flow that does not load: shown only then, above the iframe, never over it.
  const way = document.createElement('button');
  way.type = 'button';
  way.textContent = options.closeLabel || 'Close';
  // Shown and hidden by its inline display, which no rule of the page for buttons overrides (the hidden attribute's
  // display:none loses to any `button { display: … }`).
  way.style.cssText = 'display:none;flex:none;align-self:flex-end;margin:8px;padding:0 16px;min-width:44px;min-height:44px;font:inherit';
  way.onclick = () => end(true);
  // Not a number of milliseconds (NaN from a missing setting, a negative one, null or a string from a page's config):
  // the default, never no way out.
  const given = options.readyTimeout;
  const wait = typeof given == 'number' && given >= 0 ? given : 10_000;
  // Infinity: never. A finite wait beyond what a timer holds (2^31 ms, 25 days), which would fire at once: the longest.
  const slow = wait < Infinity ? setTimeout(() => (way.style.display = 'block'), Math.min(wait, 2 ** 31 - 1)) : undefined;
  dialog.append(way, iframe);
  const phone = matchMedia(PHONE);
  let height = 780;
  const relayout = (): void => layout(dialog, phone.matches, height);
  relayout();

  let ready = false;
  let quiet: ReturnType<typeof setTimeout> | undefined;
  // The flow's optional handshake (docs/messages.md): the origin the browser attaches to it tells the flow where to
  // send, where the browser does not name the parent to it. Sent to the flow's origin only, on load and on its first
  // message (the flow may not have been listening at load).
  let greeted = false;
  const greet = (): void => iframe.contentWindow?.postMessage({ type: 'service-flow-init', version: 1 }, origin);
  const end = (notify: boolean, message?: FlowCloseMessage): void => {
    if (current !== handle) return;
    current = null;
    clearTimeout(slow);
    clearTimeout(quiet);
    window.removeEventListener('message', onMessage);
    phone.removeEventListener('change', relayout);
    gone.disconnect();
    dialog.close();
    dialog.remove();
    root.style.overflow = overflow;
    if (opener?.isConnected) opener.focus();
    if (notify) options.onClose?.(message);
    // An opener the page disabled while the flow was open, and enabled again in onClose, takes focus now.
    if (document.activeElement === document.body) opener?.focus();
  };
  // The page took the dialog out (its body replaced: Turbo, htmx) or closed it itself: the flow is over at once.
  const gone = new MutationObserver(() => dialog.isConnected || end(true));
  dialog.addEventListener('close', () => end(true));
  const onMessage = (event: MessageEvent): void => {
    if (event.origin !== origin || event.source !== iframe.contentWindow || !isFlowMessage(event.data)) return;
    const message = event.data;
    if (!greeted) greet();
    greeted = true;
    // A height that is not a finite number is ignored (it would stay as the dialog's size).
    if (message.type === 'service-flow-resize' && Number.isFinite(message.height)) {
      height = Math.max(MIN_HEIGHT, Math.ceil(message.height));
      relayout();
    }
    // The page's onEvent throwing must not leave the dialog open: the SDK's own handling runs anyway, then the
    // exception goes on to the page (its console).
    try {
      options.onEvent?.(message);
    } finally {
      if (current === handle) {
        // (Not when the page destroyed it from onEvent.)
        if (message.type === 'service-flow-ready') {
          ready = true;
          way.style.display = 'none';
          clearTimeout(slow);
          options.onReady?.(message);
        } else if (message.type === 'service-flow-close') end(true, message);
      }
    }
  };
  // Escape from the page (focus outside the iframe) closes only a flow that never became ready; once it is, the
  // flow's own header and its close button are the way out (Escape inside the flow belongs to the flow). A cancel the
  // page may not refuse (the browser's close watcher, e.g. a repeated Escape) closes it as handle.close() does.
  dialog.addEventListener('cancel', (event) => {
    event.preventDefault();
    if (!ready || !event.cancelable) end(true);
  });

  const handle: ServiceFlowHandle = { close: () => end(true), destroy: () => end(false) };
  current = handle;
  shown = dialog;
  // Listening before the iframe loads, so not even the first message can be missed.
  window.addEventListener('message', onMessage);
  phone.addEventListener('change', relayout);
  document.body.append(dialog);
  gone.observe(document, { childList: true, subtree: true });
  root.style.overflow = 'hidden';
  dialog.showModal();
  // The login link is navigated to, not set as the iframe's src: an attribute would keep the token in this page's
  // DOM for the whole session, where any script of the page (a session-replay recorder) reads it.
  iframe.contentWindow?.location.replace(options.loginLink);
  // Greeted on the flow's load, not the empty document's it replaces (that one has this page's origin). A flow that
  // then says nothing (QUIET) gets the way out now rather than at readyTimeout; never with readyTimeout Infinity. Each
  // load is a new page (the customer reloaded it): not ready, nor heard from, until it says so itself.
  iframe.addEventListener('load', () => {
    ready = greeted = false;
    greet();
    if (slow) quiet = setTimeout(() => greeted || (way.style.display = 'block'), QUIET);
  });
  iframe.focus();
  return handle;
}

/** The SDK as one object: `ServiceFlow.open({ loginLink, onReady, onEvent, onClose })`. */
export const ServiceFlow = { open };
