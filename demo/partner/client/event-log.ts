/** The visible list of every message the flow sent, so a partner developer sees the contract at work. */
import type { FlowMessage, Surface } from './types.js';

const SURFACE_LABEL: Record<Surface, string> = { modal: 'Modal', webview: 'WebView' };
const time = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });

export class EventLog {
  constructor(
    private readonly list: HTMLOListElement,
    private readonly empty: HTMLElement,
  ) {}

  add(message: FlowMessage, surface: Surface): void {
    const item = document.createElement('li');
    item.dataset.type = message.type;
    item.dataset.surface = surface;
    if (message.step !== undefined) item.dataset.step = message.step;
    if (message.reason !== undefined) item.dataset.reason = message.reason;

    const when = document.createElement('time');
    const now = new Date();
    when.dateTime = now.toISOString();
    when.textContent = time.format(now);
    const where = document.createElement('span');
    where.className = 'log__surface';
    where.textContent = SURFACE_LABEL[surface];
    const type = document.createElement('code');
    type.className = 'log__type';
    type.textContent = message.type;
    item.append(when, where, type);

    // The message exactly as the page received it (what a partner's handler gets), as text, never parsed as HTML.
    const extra = document.createElement('code');
    extra.className = 'log__details';
    extra.textContent = JSON.stringify(message);
    item.append(extra);
    this.list.append(item);
    this.empty.hidden = true;
    // Keep the newest entry in view without moving focus.
    this.list.scrollTop = this.list.scrollHeight;
  }

  clear(): void {
    this.list.replaceChildren();
    this.empty.hidden = false;
  }
}
