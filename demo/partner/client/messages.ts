/**
 * One `message` listener for the whole page. A message is accepted only when it comes from the flow's origin AND
 * from the window of an iframe this page opened: the origin check alone would let any other flow tab or frame of
 * the same origin drive this page.
 */
import type { EventLog } from './event-log.js';
import type { FlowMessage, Surface } from './types.js';

export type MessageHandler = (message: FlowMessage) => void;

export class FlowMessageHub {
  private readonly frames = new Map<Window, { surface: Surface; handler: MessageHandler }>();

  constructor(
    private readonly flowOrigin: string,
    private readonly log: EventLog,
    /** Sees every accepted message, whichever view it came from. */
    private readonly onAny: MessageHandler = () => undefined,
  ) {
    window.__flowMessages ??= [];
    window.addEventListener('message', (event) => this.receive(event));
  }

  /** Starts accepting messages from `iframe`, which must already be in the document (so it has a window). */
  connect(iframe: HTMLIFrameElement, surface: Surface, handler: MessageHandler): () => void {
    const win = iframe.contentWindow;
    if (!win) throw new Error('connect() needs an iframe that is in the document');
    this.frames.set(win, { surface, handler });
    return () => this.frames.delete(win);
  }

  /**
   * A message the page accepted by other means (the host SDK's `onEvent`, which does the same origin and window
   * checks): logged and seen by `onAny` like the others.
   */
  record(message: FlowMessage, surface: Surface): void {
    window.__flowMessages.push(message);
    this.log.add(message, surface);
    this.onAny(message);
  }

  private receive(event: MessageEvent): void {
    if (event.origin !== this.flowOrigin || event.source === null) return;
    const frame = this.frames.get(event.source as Window);
    if (!frame || !isFlowMessage(event.data)) return;
    this.record(event.data, frame.surface);
    frame.handler(event.data);
  }
}

function isFlowMessage(data: unknown): data is FlowMessage {
  return typeof data === 'object' && data !== null && typeof (data as { type?: unknown }).type === 'string';
}
