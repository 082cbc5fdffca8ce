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

export function openModal(opts: ModalOptions): void {
  const dialog = document.createElement('dialog');
  dialog.className = 'flow-modal';
  dialog.dataset.testid = 'flow-modal';
  dialog.setAttribute('aria-labelledby', 'flow-modal-title');

  // The host's bar sits above the iframe, never over it: the way out when the flow cannot load at all.
  const bar = document.createElement('div');
  bar.className = 'flow-modal__bar';
  const title = document.createElement('h2');
  title.id = 'flow-modal-title';
  title.className = 'flow-modal__title';
  title.textContent = opts.title;
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'flow-modal__close';
  close.setAttribute('aria-label', `Close ${opts.title.toLowerCase()}`);
  close.textContent = '×';
  bar.append(title, close);

  const iframe = document.createElement('iframe');
  iframe.className = 'flow-modal__frame';
  iframe.title = opts.title;
  iframe.dataset.testid = 'flow-frame';
  iframe.allow = 'payment';
  dialog.append(bar, iframe);
  document.body.append(dialog);

  let closed = false;
  const finish = (message?: FlowMessage): void => {
    if (closed) return;
    closed = true;
    disconnect();
    dialog.close();
    dialog.remove();
    document.documentElement.classList.remove('is-scroll-locked');
    opts.trigger.focus();
    opts.onClosed(message);
  };

  // Connected before the flow loads, so not even its first message can be missed.
  const disconnect = opts.hub.connect(iframe, 'modal', (message) => {
    if (message.type === 'service-flow-close') finish(message);
  });
  close.addEventListener('click', () => finish());
  // Escape while focus is on the host's bar; inside the flow, Escape belongs to the flow.
  dialog.addEventListener('cancel', (event) => {
    event.preventDefault();
    finish();
  });

  iframe.src = opts.link;
  document.documentElement.classList.add('is-scroll-locked');
  dialog.showModal();
  iframe.focus();
}
