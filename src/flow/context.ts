/**
 * What the root gives to the step it renders.
 *
 * - The FlowApi through @lit/context, so that a step (or any element inside it) can
 *   `@consume({ context: apiContext }) @state() private _api?: FlowApi;` and a test can provide a fake.
 * - `account`, `session`, `draft` (and `clientAgent`) as properties, set before the step is attached.
 */
import { createContext } from '@lit/context';
import type { FlowApi } from '../api/client.js';
import type { Account, FlowSession } from '../api/types.js';

export const apiContext = createContext<FlowApi>(Symbol('sf-flow-api'));

/**
 * A step's working copy of what the user typed or chose. The root keeps one object per step for the whole session
 * and passes the same object back, so Back and Continue never lose entries. Steps mutate it in place. Never put the
 * SSN or card data in it: it lives as long as the page.
 */
export type StepDraft = Record<string, unknown>;

/** The properties every step element receives from the root. */
export interface StepProps {
  account: Account;
  session: FlowSession;
  draft: StepDraft;
  /** The account is in the client agent flow: plans start 7 to 30 days out, finalize with is_client_agent_enrollment. */
  clientAgent: boolean;
}

/** The properties sf-opt-out receives from the root (plus the API through the context). */
export interface OptOutProps {
  account: Account;
  session: FlowSession;
  /** The plans the user saw, for the `enrollment_opt_out` event. */
  planUuids: string[];
}
