/**
 * What the root gives to the step it renders.
 *
 * - The FlowApi through a context, so that a step (or any element inside it) gets it with `requestApi(this, '_api')`
 *   in its constructor and a test can provide a fake.
 * - `account` and `draft` (and others of its own) as properties, bound by its scope declaration's template.
 *
 * The context follows the Context Community Protocol (a bubbling, composed `context-request` event carrying the
 * context key and a callback), the protocol @lit/context implements, so @lit/context's `ContextProvider` can provide
 * `apiContext` (the step tests do). The two helpers below are all of it the flow needs: the API is provided once,
 * before any step exists, and never changes, so subscriptions and late providers have nothing to do here. That keeps
 * @lit/context's controllers (about 1 KB gzip) off the first screen, whose budget is 20 KB.
 */
import type { Context } from '@lit/context';
import type { ReactiveElement } from 'lit';
import type { FlowApi } from '../api/client.js';
import type { Account } from '../api/types.js';

export const apiContext = Symbol('sf-flow-api') as Context<symbol, FlowApi>;

type Callback = (value: FlowApi, unsubscribe?: () => void) => void;

/** The protocol's request: the shape of @lit/context's `ContextRequestEvent` (a plain event with these fields). */
interface ContextRequest extends Event {
  context: unknown;
  contextTarget: Element;
  callback: Callback;
  subscribe: boolean;
}

/**
 * Answers `apiContext` requests from inside `host` with `api()` (once it exists; a request before that gets nothing,
 * which cannot happen in the flow: steps are created after the client).
 */
export function provideApi(host: HTMLElement, api: () => FlowApi | undefined): void {
  host.addEventListener('context-request', (event) => {
    const request = event as Partial<ContextRequest>;
    const value = request.context === apiContext ? api() : undefined;
    if (!value) return;
    event.stopPropagation();
    request.callback?.(value);
  });
}

/**
 * Sets `element[name]` to the provided FlowApi each time the element connects: call it in the constructor, with the
 * property declared `{ state: true }` so that the element renders once the API arrives.
 */
export function requestApi(element: ReactiveElement, name: string): void {
  const callback: Callback = (api) => ((element as unknown as Record<string, FlowApi>)[name] = api);
  element.addController({
    hostConnected: () =>
      element.dispatchEvent(
        Object.assign(new Event('context-request', { bubbles: true, composed: true }), { context: apiContext, contextTarget: element, callback, subscribe: false }),
      ),
  });
}

/**
 * A step's working copy of what the user typed or chose. The root keeps one object per step for the whole session
 * and passes the same object back, so Back and Continue never lose entries. Steps mutate it in place. Never put the
 * SSN or card data in it: it lives as long as the page.
 */
export type StepDraft = Record<string, unknown>;

/** The properties every step element receives from the root. */
export interface StepProps {
  account: Account;
  draft: StepDraft;
  /**
   * The account is in the client agent flow: plans start 7 to 30 days out, finalize with is_client_agent_enrollment.
   * Derived from the account by the step; bound only to override it (the card replacement is never one).
   */
  clientAgent?: boolean;
}

/** The properties sf-opt-out receives from the root (plus the API through the context). */
export interface OptOutProps {
  account: Account;
  /** The plans the user saw, for the `enrollment_opt_out` event. */
  planUuids: string[];
}
