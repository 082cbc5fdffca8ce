/**
 * What a phone app's native code receives, beside the simulated WebView. In a real WebView the flow hands every
 * message to the bridge the app injected (src/bridge/deliver.ts): React Native's `window.ReactNativeWebView` and
 * Android's `window.ServiceFlowAndroid` get `JSON.stringify(message)`, iOS's `window.webkit.messageHandlers.serviceFlow`
 * gets the object itself, which WebKit turns into a dictionary. A page cannot inject those bridges into the flow's
 * cross-origin document, so the simulation receives the same messages by postMessage (the same object, its keys in
 * the same order) and this panel shows each one as the chosen platform's handler gets it.
 */
import type { FlowMessage } from './types.js';

export type Platform = 'react-native' | 'ios' | 'android';

interface PlatformView {
  /** What the handler's value is called in its code. */
  expression: string;
  /** The value's type there. */
  type: string;
  render(message: FlowMessage): string;
}

/** React Native and Android receive this exact string: the flow sends `JSON.stringify(message)`. */
const json = (message: FlowMessage): string => JSON.stringify(message);

export const PLATFORMS: Record<Platform, PlatformView> = {
  'react-native': { expression: 'event.nativeEvent.data', type: 'string', render: json },
  ios: { expression: 'message.body', type: '[String: Any]', render: (message) => swiftLiteral(message) },
  android: { expression: 'json', type: 'String', render: json },
};

/**
 * A value as Swift prints a literal of it: what `message.body as? [String: Any]` holds once WebKit has converted the
 * object (strings → String, numbers → NSNumber, objects → dictionaries, arrays → arrays). A dictionary's keys have no
 * order in Swift; they are shown in the order the flow wrote them.
 */
export function swiftLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NSNull()';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(swiftLiteral).join(', ')}]`;
  const entries = Object.entries(value as Record<string, unknown>);
  if (!entries.length) return '[:]';
  return `[${entries.map(([k, v]) => `${JSON.stringify(k)}: ${swiftLiteral(v)}`).join(', ')}]`;
}

export class NativeView {
  private platform: Platform;
  private received: FlowMessage[] = [];

  constructor(
    private readonly choices: HTMLFieldSetElement,
    private readonly list: HTMLOListElement,
    private readonly empty: HTMLElement,
  ) {
    this.platform = this.chosen();
    this.choices.addEventListener('change', () => {
      this.platform = this.chosen();
      this.render();
    });
    this.render();
  }

  /** A new WebView: its messages start afresh. */
  reset(): void {
    this.received = [];
    this.render();
  }

  add(message: FlowMessage): void {
    this.received.push(message);
    this.list.append(this.item(message));
    this.empty.hidden = true;
  }

  private chosen(): Platform {
    const value = this.choices.querySelector<HTMLInputElement>('input[type="radio"]:checked')?.value;
    return value === 'ios' || value === 'android' ? value : 'react-native';
  }

  private render(): void {
    const platform = this.platform;
    for (const el of this.choices.ownerDocument.querySelectorAll<HTMLElement>('[data-handler]')) el.hidden = el.dataset.handler !== platform;
    this.list.replaceChildren(...this.received.map((m) => this.item(m)));
    this.list.dataset.platform = platform;
    this.empty.hidden = this.received.length > 0;
  }

  /** One message: the handler's value, by name and type, then the value itself, set as text (never as HTML). */
  private item(message: FlowMessage): HTMLLIElement {
    const view = PLATFORMS[this.platform];
    const item = document.createElement('li');
    item.dataset.type = message.type;
    const head = document.createElement('p');
    head.className = 'native__head';
    const expression = document.createElement('code');
    expression.textContent = view.expression;
    const type = document.createElement('span');
    type.className = 'native__type';
    type.textContent = `: ${view.type}`;
    head.append(expression, type);
    const value = document.createElement('pre');
    value.className = 'native__value';
    const code = document.createElement('code');
    code.dataset.testid = 'native-value';
    code.textContent = view.render(message);
    value.append(code);
    item.append(head, value);
    return item;
  }
}
