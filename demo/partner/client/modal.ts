/**
 * The flow in a modal, opened by the host SDK exactly as a partner's page would open it: `ServiceFlow.open()` from
 * `service-flow/host` (docs/integration.md). The SDK is loaded from this site's own origin (/sdk/service-flow.js, the
 * dist/host build that `npm start` makes), so the page's strict CSP (`script-src 'self'`) holds. The SDK draws the
 * dialog by the display rules, accepts messages only from the flow's origin and this iframe, shows its own close
 * button only when the flow does not say it is ready in time, and puts focus back where it was.
 */
import type { FlowMessageHub } from './messages.js';
import type { FlowMessage } from './types.js';

/** The SDK's module, typed by its own source (a type-only import: nothing of it is bundled into this page). */
type HostSdk = typeof import('../../../src/host/index.js');

/** Where this site serves the host SDK: its ES module build, copied from dist/host as a partner would copy it. */
const SDK_URL = '/sdk/service-flow.js';

let sdk: Promise<HostSdk> | undefined;

/** Starts loading the SDK (once); the page calls it early so the first "Open in a modal" does not wait for it. */
export function loadHostSdk(): Promise<HostSdk> {
  sdk ??= (import(SDK_URL) as Promise<HostSdk>).catch((error: unknown) => {
    sdk = undefined; // a later click tries again (e.g. after `npm run build:host`)
    throw new Error(`The host SDK (${SDK_URL}) could not be loaded: run \`npm run build:host\`. ${String(error)}`);
  });
  return sdk;
}

export interface ModalOptions {
  link: string;
  title: string;
  lang: string;
  /** The SDK's own close button's name, shown only when the flow does not load (labels.ts, in the flow's language). */
  closeLabel: string;
  /** The button that opened it: focused before the SDK opens, so the SDK gives focus back to it afterwards. */
  trigger: HTMLElement;
  hub: FlowMessageHub;
  /** Called once the modal is gone; `message` is the flow's close message, absent when the host closed it. */
  onClosed(message?: FlowMessage): void;
}

/** How long the flow may take to say it is ready before the SDK offers its own way out. */
const READY_TIMEOUT_MS = 12_000;

export async function openModal(opts: ModalOptions): Promise<void> {
  const { ServiceFlow } = await loadHostSdk();
  // The SDK returns focus to the element focused when it opens; the form disabled the trigger while it asked for
  // the link, which may have moved focus to the page.
  opts.trigger.focus();
  ServiceFlow.open({
    loginLink: opts.link,
    title: opts.title,
    lang: opts.lang,
    readyTimeout: READY_TIMEOUT_MS,
    closeLabel: opts.closeLabel,
    // The page's own tests find the dialog and the iframe by these.
    testIds: { dialog: 'flow-modal', frame: 'flow-frame' },
    // Every message, into the page's event log (and window.__flowMessages), as the webview's messages are.
    onEvent: (message) => opts.hub.record(message, 'modal'),
    onClose: (message) => opts.onClosed(message),
  });
}
