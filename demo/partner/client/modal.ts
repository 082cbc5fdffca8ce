/**
 * The flow in a modal, built by the embedding display rules: a native modal dialog (the top layer, so nothing on
 * the page can be drawn over the flow), the payment permission on the iframe, focus moved into the flow and back
 * to the trigger afterwards, page scroll locked, and the iframe removed when the flow says it closed.
 */
import type { FlowMessageHub } from './messages.js';
import type { FlowMessage } from './types.js';

export interface ModalOptions {
  link: string;
  title: string;
  trigger: HTMLElement;
  hub: FlowMessageHub;
  /** Called once the modal is gone; `message` is the flow's close message, absent when the host closed it. */
  onClosed(message?: FlowMessage): void;
}

/** How long the flow may take to say it is ready before the host offers its own way out. */
const READY_TIMEOUT_MS = 12_000;

export function openModal(opts: ModalOptions): void {
  const dialog = document.createElement('dialog');
  dialog.className = 'flow-modal';
  dialog.dataset.testid = 'flow-modal';
  dialog.setAttribute('aria-label', opts.title);

  // The flow draws its own header and close button. The host's bar appears only when the flow has not loaded in
  // time, as the way out; it sits above the iframe, never over it.
  const bar = document.createElement('div');
  bar.className = 'flow-modal__bar';
  bar.hidden = true;
  const note = document.createElement('p');
  note.className = 'flow-modal__note';
  note.setAttribute('role', 'status');
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'button button--small';
  close.textContent = `Close ${opts.title.toLowerCase()}`;
  bar.append(note, close);

  const iframe = document.createElement('iframe');
  iframe.className = 'flow-modal__frame';
  iframe.title = opts.title;
  iframe.dataset.testid = 'flow-frame';
  iframe.allow = 'payment';
  dialog.append(bar, iframe);
  document.body.append(dialog);

  const slow = window.setTimeout(() => {
    bar.hidden = false;
    note.textContent = 'This is taking longer than expected.';
  }, READY_TIMEOUT_MS);

  let closed = false;
  const finish = (message?: FlowMessage): void => {
    if (closed) return;
    closed = true;
    window.clearTimeout(slow);
    disconnect();
    dialog.close();
    dialog.remove();
    document.documentElement.classList.remove('is-scroll-locked');
    opts.trigger.focus();
    opts.onClosed(message);
  };

  // Connected before the flow loads, so not even its first message can be missed.
  const disconnect = opts.hub.connect(iframe, 'modal', (message) => {
    if (message.type === 'service-flow-ready') {
      window.clearTimeout(slow);
      bar.hidden = true;
    }
    if (message.type === 'service-flow-close') finish(message);
  });
  close.addEventListener('click', () => finish());
  // Escape reaches the host only while focus is outside the flow; inside the flow, Escape belongs to the flow.
  dialog.addEventListener('cancel', (event) => {
    event.preventDefault();
    finish();
  });

  iframe.src = opts.link;
  document.documentElement.classList.add('is-scroll-locked');
  dialog.showModal();
  iframe.focus();
}
