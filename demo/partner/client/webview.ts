/**
 * A simulated mobile WebView: the flow filling the screen of a 375×812 phone inside the bank's app. A real app
 * receives the flow's messages through its WebView bridge (window.ReactNativeWebView and friends); a browser page
 * cannot install that bridge in a cross-origin frame, so here the same messages arrive by postMessage, and the panel
 * beside the phone (native.ts) shows each as the chosen platform's native handler receives it.
 */
import type { FlowMessageHub } from './messages.js';
import type { NativeView } from './native.js';
import type { FlowMessage } from './types.js';

export interface WebViewOptions {
  link: string;
  title: string;
  lang: string;
  hub: FlowMessageHub;
  onClosed(message?: FlowMessage): void;
}

export class SimulatedWebView {
  private current: { iframe: HTMLIFrameElement; disconnect(): void; onClosed: WebViewOptions['onClosed'] } | null = null;

  constructor(
    private readonly section: HTMLElement,
    private readonly screen: HTMLElement,
    private readonly doneButton: HTMLButtonElement,
    private readonly heading: HTMLElement,
    private readonly native: NativeView,
  ) {
    this.doneButton.addEventListener('click', () => this.close());
  }

  open(opts: WebViewOptions): void {
    this.close({ silent: true });
    const iframe = document.createElement('iframe');
    iframe.className = 'phone__webview';
    iframe.title = opts.title;
    iframe.lang = opts.lang;
    iframe.dataset.testid = 'webview-frame';
    iframe.allow = 'payment';
    this.screen.replaceChildren(iframe);
    this.section.hidden = false;
    this.native.reset();
    const disconnect = opts.hub.connect(iframe, 'webview', (message) => {
      this.native.add(message);
      // The app closes its WebView screen when the flow says so, as a native host would.
      if (message.type === 'service-flow-close') this.close({ message });
    });
    this.current = { iframe, disconnect, onClosed: opts.onClosed };
    iframe.src = opts.link;
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    this.section.scrollIntoView({ block: 'start', behavior: still ? 'auto' : 'smooth' });
    iframe.focus();
  }

  private close(opts: { message?: FlowMessage; silent?: boolean } = {}): void {
    const current = this.current;
    if (!current) return;
    this.current = null;
    current.disconnect();
    current.iframe.remove();
    const placeholder = document.createElement('p');
    placeholder.className = 'phone__placeholder';
    placeholder.textContent = 'The WebView is closed.';
    this.screen.replaceChildren(placeholder);
    if (opts.silent) return;
    // Focus goes to the section heading: the trigger may be far above, and the phone stays in view.
    this.heading.focus();
    current.onClosed(opts.message);
  }
}
