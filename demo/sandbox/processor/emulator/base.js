/* global CSSStyleSheet */
/**
 * Where the emulator talks to, and small helpers every part shares: requests to the processor, an event emitter,
 * errors shaped like Stripe.js's, and CSP-friendly styles.
 */

/**
 * The sandbox that served this script. Read while the script is being evaluated, the only time
 * `document.currentScript` is set; the processor lives next to the script (…/__sandbox/processor/…), so the
 * emulator never needs configuration and never talks to any other origin.
 */
function emulatorScriptUrl() {
  const current = document.currentScript;
  if (current && current.src) return current.src;
  const tagged = document.querySelector('script[src*="/__sandbox/stripe.js"]');
  if (tagged) return tagged.src;
  throw new Error('Stripe.js emulator: load it with <script src="…/__sandbox/stripe.js"> so it knows its sandbox.');
}

export const SCRIPT_URL = emulatorScriptUrl();
export const SANDBOX_ORIGIN = new URL(SCRIPT_URL).origin;
const PROCESSOR_BASE = new URL('processor/', SCRIPT_URL);

export function processorUrl(path) {
  return new URL(path, PROCESSOR_BASE).href;
}

/** Stripe.js reports misuse of its API by throwing an IntegrationError; integrators see the same here. */
export function integrationError(message) {
  const error = new Error(message);
  error.name = 'IntegrationError';
  return error;
}

/** Thrown when the processor cannot be reached; confirmSetup turns it into an api_connection_error result. */
export class ConnectionError extends Error {}

/**
 * One JSON request to the processor, authenticated like Stripe.js with the publishable key.
 * Resolves with the HTTP status and the parsed body; rejects with ConnectionError on network failure.
 */
export async function processorRequest(method, path, publishableKey, body) {
  let response;
  try {
    response = await fetch(processorUrl(path), {
      method,
      mode: 'cors',
      credentials: 'omit',
      headers: {
        Authorization: `Bearer ${publishableKey}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (cause) {
    throw new ConnectionError('network', { cause });
  }
  let json = null;
  try {
    json = await response.json();
  } catch {
    // A body that is not JSON (a proxy's error page) is treated like no answer at all.
    throw new ConnectionError(`unreadable response (${response.status})`);
  }
  return { status: response.status, body: json };
}

/** The on / once / off / emit surface of Stripe Elements; a throwing handler cannot break the element. */
export class Emitter {
  constructor() {
    this.handlers = new Map();
  }

  on(type, handler) {
    if (typeof handler !== 'function') throw integrationError(`A handler for '${type}' must be a function.`);
    if (!this.handlers.has(type)) this.handlers.set(type, []);
    this.handlers.get(type).push({ handler, once: false });
  }

  once(type, handler) {
    this.on(type, handler);
    const list = this.handlers.get(type);
    list[list.length - 1].once = true;
  }

  off(type, handler) {
    if (!this.handlers.has(type)) return;
    if (!handler) {
      this.handlers.delete(type);
      return;
    }
    this.handlers.set(type, this.handlers.get(type).filter((entry) => entry.handler !== handler));
  }

  emit(type, event) {
    const list = this.handlers.get(type) ?? [];
    this.handlers.set(type, list.filter((entry) => !entry.once));
    for (const { handler } of list) {
      try {
        handler(event);
      } catch (error) {
        // Surface the integrator's bug without interrupting the other handlers or the element.
        setTimeout(() => {
          throw error;
        });
      }
    }
  }
}

const adopted = new Set();

/**
 * Installs a style sheet once per document. A constructed sheet is not subject to the page's style-src CSP (the flow
 * page forbids inline styles), unlike a <style> element, which is only the fallback for old browsers.
 */
export function adoptStyles(id, cssText) {
  if (adopted.has(id)) return;
  adopted.add(id);
  if ('adoptedStyleSheets' in document && typeof CSSStyleSheet === 'function') {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(cssText);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    return;
  }
  const style = document.createElement('style');
  style.dataset.emulator = id;
  style.textContent = cssText;
  document.head.append(style);
}

/** Builds an element with attributes and text, without innerHTML (nothing here is ever parsed as markup). */
export function h(tag, attributes = {}, children = []) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === undefined || value === null) continue;
    node.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) node.append(child);
  return node;
}

let uidCounter = 0;

/** Unique id prefixes, so two elements on one page never share label/description ids. */
export function uid(prefix) {
  uidCounter += 1;
  return `${prefix}-${uidCounter}`;
}

/** The focused element, looking through open shadow roots (the flow's button lives inside its components). */
export function deepActiveElement() {
  let active = document.activeElement;
  while (active && active.shadowRoot && active.shadowRoot.activeElement) active = active.shadowRoot.activeElement;
  return active;
}
