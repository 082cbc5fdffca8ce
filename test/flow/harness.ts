/**
 * A harness for <sf-flow>: a fake FlowApi transport, a fake host window that records bridge messages, and stub step elements
 * (each renders `#step-heading` and one input bound to its draft), so the root is tested without steps or network.
 * The address step is the real one: it is part of the root's own module graph (the first screen's file).
 */
import { LitElement, html } from 'lit';
import { fixture, waitUntil } from '@open-wc/testing';
import type { FlowApi } from '../../src/api/client.js';
import { routedTransport, type CallHandler, type CallName } from '../api/fakes.js';
import type { Account, FlowSession } from '../../src/api/types.js';
import type { BridgeWindow } from '../../src/bridge/channels.js';
import type { FlowMessage } from '../../src/bridge/messages.js';
import type { StepDraft } from '../../src/contract/context.js';
import type { SfFlow } from '../../src/flow/flow.js';
import '../../src/flow/flow.js';
import { makeAccount, makeSession } from './fixtures.js';

export class StubStep extends LitElement {
  static override properties = {
    account: { attribute: false },
    session: { attribute: false },
    draft: { attribute: false },
    clientAgent: { attribute: false },
    address: { attribute: false },
    planUuids: { attribute: false },
  };
  declare account: Account;
  declare session: FlowSession;
  declare draft: StepDraft;
  declare planUuids: string[];

  override render() {
    return html`<h1 id="step-heading" tabindex="-1">Stub ${this.localName}</h1>
      <label for="text">Text</label>
      <input id="text" .value=${String(this.draft?.text ?? '')} @input=${(e: Event) => (this.draft.text = (e.target as HTMLInputElement).value)} />`;
  }
}

for (const tag of ['sf-step-address', 'sf-step-plans', 'sf-step-identity', 'sf-step-credit', 'sf-step-payment', 'sf-step-review', 'sf-step-done', 'sf-opt-out']) {
  if (!customElements.get(tag)) customElements.define(tag, class extends StubStep {});
}

export interface FakeHost extends BridgeWindow {
  messages: FlowMessage[];
  origins: string[];
  redirects: string[];
}

/** A parent frame; `ancestor`: its origin as `location.ancestorOrigins` names it (none: a browser without it). */
export function fakeHost(ancestor?: string): FakeHost {
  const host = {
    messages: [] as FlowMessage[],
    origins: [] as string[],
    redirects: [] as string[],
    location: { replace: (url: string) => host.redirects.push(url), ...(ancestor ? { ancestorOrigins: [ancestor] } : {}) },
    parent: {
      postMessage: (m: unknown, origin: string) => {
        host.messages.push(m as FlowMessage);
        host.origins.push(origin);
      },
    },
  };
  return host;
}

type Impl = { [N in CallName]?: CallHandler<N> };

/** A FlowApi transport answering the typed calls given; any other call rejects loudly. */
export function fakeApi(impl: Impl): FlowApi {
  return routedTransport(({ name, args }) => {
    const handler = impl[name] as ((...a: unknown[]) => Promise<unknown>) | undefined;
    return handler ? handler(...args) : Promise.reject(new Error(`unexpected call ${name}`));
  });
}

export interface Mounted {
  el: SfFlow;
  host: FakeHost;
  /** The publishable keys the root asked to warm the card processor up for (never the real Stripe.js here). */
  cardPrefetches: string[];
}

export async function mountFlow(
  { account = makeAccount(), session = makeSession(), api, ancestor }: { account?: Account; session?: FlowSession; api?: FlowApi; ancestor?: string } = {},
): Promise<Mounted> {
  const host = fakeHost(ancestor);
  const client = api ?? fakeApi({ getAccount: async () => account, getFlow: async () => session });
  const cardPrefetches: string[] = [];
  const prefetchCard = (key: string) => cardPrefetches.push(key);
  const el = await fixture<SfFlow>(html`<sf-flow .api=${client} .hostWindow=${host} .prefetchCard=${prefetchCard}></sf-flow>`);
  return { el, host, cardPrefetches };
}

export function current(el: SfFlow): HTMLElement | null {
  return el.shadowRoot!.querySelector('main > :not(.progress):not(sf-expiry-notice):not([hidden])');
}

export async function waitForView(el: SfFlow, tag: string): Promise<HTMLElement> {
  await waitUntil(() => current(el)?.localName === tag, `expected <${tag}>, got <${current(el)?.localName}>`, { timeout: 3000 });
  return current(el)!;
}

/** The element that has focus, through shadow roots. */
export function deepFocus(): Element | null {
  let a = document.activeElement;
  while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
  return a;
}

export function closeMessages(host: FakeHost) {
  return host.messages.filter((m) => m.type === 'service-flow-close');
}
