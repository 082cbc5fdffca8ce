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

    const details = describe(message);
    if (details) {
      const extra = document.createElement('span');
      extra.className = 'log__details';
      extra.textContent = details;
      item.append(extra);
    }
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

/** Only contract fields are shown; message data is set as text, never parsed as HTML. */
function describe(m: FlowMessage): string {
  const parts: string[] = [];
  if (m.step !== undefined) parts.push(`step: ${m.step}`);
  if (m.reason !== undefined) parts.push(`reason: ${m.reason}`);
  if (m.account_status !== undefined) parts.push(`status: ${m.account_status}${m.status_reason ? ` / ${m.status_reason}` : ''}`);
  if (m.height !== undefined) parts.push(`height: ${m.height}px`);
  if (m.expires_at !== undefined) parts.push(`expires: ${m.expires_at}`);
  return parts.join(' · ');
}
