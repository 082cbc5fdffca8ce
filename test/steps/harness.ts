/**
 * Step test harness: a fake FlowApi transport that records every typed call (with its AbortSignal and options), a provider element
 * that hands it to the step through @lit/context like the root does, and user actions (type, click, pick) that go
 * through real DOM events inside the step's shadow roots.
 */
import { LitElement, html, type TemplateResult } from 'lit';
import { ContextProvider } from '@lit/context';
import { fixture, nextFrame, waitUntil } from '@open-wc/testing';
import { apiContext } from '../../src/contract/context.js';
import type { FlowApi } from '../../src/api/client.js';
import { routedTransport, type CallHandler, type CallName } from '../api/fakes.js';
import { ApiError, type ApiFieldError } from '../../src/api/errors.js';
import type { Account, AddressSearchResult, FlowSession, Location, Plan } from '../../src/api/types.js';

export { makeAccount, makeSession } from '../flow/fixtures.js';

type Method = CallName;

export interface Call {
  method: Method;
  args: unknown[];
  /** What the call sent over the transport (the request body, when any). */
  body: unknown;
  /** The AbortSignal or request options the step passed (the last argument), when any. */
  signal?: AbortSignal;
  idempotencyKey?: string;
}

/**
 * A FlowApi transport that answers the typed calls (found by method and path, test/api/fakes.ts) from per-call
 * handlers; unhandled calls reject loudly.
 */
export class FakeApi {
  readonly calls: Call[] = [];
  private handlers = new Map<Method, (...args: unknown[]) => unknown>();

  on<M extends Method>(method: M, impl: CallHandler<M>): this {
    this.handlers.set(method, impl as (...args: unknown[]) => unknown);
    return this;
  }

  callsOf(method: Method): Call[] {
    return this.calls.filter((c) => c.method === method);
  }

  get api(): FlowApi {
    return routedTransport(({ name, args, body, opts }) => {
      const call: Call = { method: name, args, body };
      if (opts.signal) call.signal = opts.signal;
      if (opts.idempotencyKey) call.idempotencyKey = opts.idempotencyKey;
      this.calls.push(call);
      const handler = this.handlers.get(name);
      if (!handler) return Promise.reject(new Error(`FakeApi: no handler for ${name}`));
      try {
        return Promise.resolve(handler(...args));
      } catch (e) {
        return Promise.reject(e);
      }
    });
  }
}

/** Gives a FlowApi to its children through the same context the root provides. */
export class SfTestProvider extends LitElement {
  private _provider = new ContextProvider(this, { context: apiContext });
  set api(value: FlowApi) {
    this._provider.setValue(value);
  }
  override render() {
    return html`<slot></slot>`;
  }
}
if (!customElements.get('sf-test-provider')) customElements.define('sf-test-provider', SfTestProvider);

/** Renders `template` (the step) inside a provider holding `api`; resolves with the step element. */
export async function mount<T extends HTMLElement>(api: FlowApi, template: TemplateResult): Promise<T> {
  const provider = await fixture<SfTestProvider>(html`<sf-test-provider .api=${api}>${template}</sf-test-provider>`);
  const el = provider.firstElementChild as T & { updateComplete?: Promise<unknown> };
  await el.updateComplete;
  return el;
}

// ── Errors ──

export function apiError(status: number, code = 'x', fields: ApiFieldError[] = []): ApiError {
  return new ApiError({ status, code, message: code, fields });
}

/** A promise that stays pending until aborted, like a slow request. */
export function pendingUntilAborted<T>(signal?: AbortSignal): Promise<T> {
  return new Promise<T>((_resolve, reject) => {
    signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')), { once: true });
  });
}

/**
 * What the root does with a visited step (flow.ts keeps its element): takes it off the page (the exit question over
 * it, a later step) and, with the function returned, puts the same element back ("Stay and continue", Back).
 */
export function detach(el: HTMLElement): () => void {
  const parent = el.parentElement!;
  el.remove();
  return () => parent.append(el);
}

export function deferred<T>(): { promise: Promise<T>; resolve: (v: T) => void; reject: (e: unknown) => void } {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

// ── DOM actions ──

/** querySelector through a path of shadow hosts: `q(el, 'sf-address-lookup', '#q')`. */
export function q<E extends Element = HTMLElement>(root: Element, ...selectors: string[]): E {
  let scope: Element | ShadowRoot = root.shadowRoot ?? root;
  let found: Element | null = null;
  for (const [i, s] of selectors.entries()) {
    found = scope.querySelector(s);
    if (!found) throw new Error(`not found: ${selectors.slice(0, i + 1).join(' >> ')}`);
    scope = found.shadowRoot ?? found;
  }
  return found as E;
}

export function qMaybe(root: Element, ...selectors: string[]): Element | null {
  try {
    return q(root, ...selectors);
  } catch {
    return null;
  }
}

/** Deep text of an element and its shadow roots (what a sighted user reads). */
export function text(el: Element | ShadowRoot): string {
  let out = '';
  const walk = (node: Node) => {
    if (node instanceof Element && node.shadowRoot) walk(node.shadowRoot);
    if (node instanceof HTMLSlotElement) {
      for (const n of node.assignedNodes({ flatten: true })) walk(n);
      return;
    }
    if (node.nodeType === Node.TEXT_NODE) out += node.textContent;
    for (const child of node.childNodes) walk(child);
  };
  walk(el);
  return out.replace(/\s+/g, ' ').trim();
}

export async function settle(el?: Element): Promise<void> {
  await nextFrame();
  await (el as { updateComplete?: Promise<unknown> } | undefined)?.updateComplete;
}

/** Types into an input like a user: sets the value and fires `input` (and `change` when asked). */
export function type(input: HTMLInputElement, value: string, { change = false } = {}): void {
  input.focus();
  input.value = value;
  input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, data: value }));
  if (change) input.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
}

export function blur(input: HTMLElement): void {
  input.dispatchEvent(new FocusEvent('blur'));
  input.dispatchEvent(new FocusEvent('focusout', { bubbles: true, composed: true }));
}

export function key(target: HTMLElement, k: string, init: KeyboardEventInit = {}): void {
  target.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, composed: true, cancelable: true, ...init }));
}

/**
 * A button a press would act on: not disabled, and not marked unavailable while its request runs (`aria-disabled`,
 * which the flow uses on the button pressed so that it keeps focus).
 */
export const pressable = (b: HTMLButtonElement): boolean => !b.disabled && b.getAttribute('aria-disabled') !== 'true';

/** The "Try again" of a failed request, pressed if it is there and enabled (a test that it must not be, or must not resend). */
export async function tryAgainIfOffered(el: Element): Promise<void> {
  const retry = [...el.shadowRoot!.querySelectorAll('button')].find((b) => text(b).includes('Try again'));
  if (retry && pressable(retry)) {
    retry.click();
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Clicks the button whose visible text contains `label` inside `root`'s shadow tree (first level). */
export function button(root: Element, label: string | RegExp): HTMLButtonElement {
  const scope = root.shadowRoot ?? root;
  const match = [...scope.querySelectorAll('button')].find((b) =>
    typeof label === 'string' ? text(b).includes(label) : label.test(text(b)),
  );
  if (!match) throw new Error(`no button "${String(label)}" in ${root.localName}`);
  return match;
}

export async function until(predicate: () => boolean, message = 'condition not met', timeout = 3000): Promise<void> {
  await waitUntil(predicate, message, { timeout });
}

// ── Data ──

export const ADDRESS_RESULT: AddressSearchResult = {
  address_1: '1200 Main St',
  address_2: null,
  city: 'Houston',
  state: 'TX',
  postal_code: '77002',
  esi_id: '1008901000000000000001',
  utility: { name: 'centerpoint', display_name: 'CenterPoint Energy' },
  meter_description: null,
};

/** The location a plan acceptance creates at ADDRESS_RESULT, with its contract (what the service knows of the plan). */
export function makeLocation(contract: Partial<Location['contract']> = {}): Location {
  const { esi_id, utility, meter_description: _meter, ...address } = ADDRESS_RESULT;
  return {
    uuid: '7c2d9e4f-0000-4000-8000-000000000001',
    esi_id,
    address,
    utility,
    contract: {
      uuid: '7c2d9e4f-0000-4000-8000-0000000000c1',
      plan_uuid: 'p9',
      plan_name: 'Bluebonnet Saver 24',
      term_months: 24,
      energy_rate_cents_per_kwh: '12.4',
      start_date: '2030-02-03',
      end_date: '2032-02-02',
      status: 'pending',
      ...contract,
    },
    queued_contract: null,
  };
}

export function meter(n: number, of: number): AddressSearchResult {
  return { ...ADDRESS_RESULT, esi_id: `10089010000000000000${10 + n}`, meter_description: `Meter ${n} of ${of}` };
}

export function makePlan(overrides: Partial<Plan> = {}): Plan {
  return {
    uuid: crypto.randomUUID(),
    name: 'Lone Star 12',
    term_months: 12,
    rate_type: 'fixed',
    energy_rate_cents_per_kwh: '13.9',
    earliest_start_date: '2030-01-10',
    latest_start_date: '2030-02-09',
    expires_at: '2030-01-15T00:00:00Z',
    links: { efl: 'https://docs.example/efl.pdf', tos: 'https://docs.example/tos.pdf', yrac: 'https://docs.example/yrac.pdf' },
    base_charge_cents: 495,
    renewable_percent: 100,
    early_termination_fee_cents: 15000,
    delivery: { utility: { name: 'centerpoint', display_name: 'CenterPoint Energy' }, monthly_charge_cents: 439, rate_cents_per_kwh: '5.0' },
    average_price_cents_per_kwh: { '500': '16.1', '1000': '15.2', '2000': '14.7' },
    ...overrides,
  } as Plan;
}

export type { Account, FlowSession };
