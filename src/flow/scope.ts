/**
 * What a scope is to the flow engine: a declaration, no code of the root's. The root (sf-flow) looks the session's
 * scope up in the registry (scopes.ts), keeps one state value changed by the reducer (state.ts) using the pure
 * functions below, and renders the current step with the declaration's template. Adding a scope is a declaration
 * plus its step elements; nothing else changes.
 */
import type { TemplateResult } from 'lit';
import type { Account } from '../api/types.js';
import type { StepDraft } from '../contract/context.js';
import type { StepCompleteDetail } from '../contract/events.js';
import type { Returned } from './bootstrap.js';

/** What the root hands a step's template: the step binds what it needs as typed properties. */
export interface ViewInput<P> {
  account: Account;
  /** This step's draft: the same object for the whole session (Back and Continue keep entries). */
  draft: StepDraft;
  /** What this session did that the account does not show (the scope's own record). */
  progress: P;
}

/** One step (or the exit question): where its code lives, and how it is rendered. */
export interface StepView<P> {
  /** The element the module defines; the root waits for it to be defined, and focuses its `#step-heading`. */
  tag: string;
  /** Loads the module that defines `tag` (a dynamic import: one chunk per step). Rejects offline. */
  load(): Promise<unknown>;
  /** The element with its properties bound (`.account=${input.account}` …): no untyped assignment. */
  render(input: ViewInput<P>): TemplateResult;
}

/** The exit question: its element gets the account and the plans the customer saw. */
export interface QuestionView {
  tag: string;
  load(): Promise<unknown>;
  render(input: { account: Account; viewed: readonly string[] }): TemplateResult;
}

/** What a step's completion leads to. */
export type Completion<S extends string, P> = { progress: P; step: S } | { close: 'completed' | 'exited' };

/** What leaving means at this point (the close button, a step's "Not now"). */
export type ExitOutcome = 'completed' | 'question' | 'exited';

export interface ScopeDeclaration<S extends string = string, P = unknown> {
  /** The page title when no step is on screen (call from render: msg()). */
  title(): string;
  /** A step's name for the progress bar, the announcement and the page title (call from render: msg()). */
  label(step: S): string;
  /** What the session starts with (nothing done yet). */
  progress: P;
  /**
   * What the session starts with when the page was reached back from a page the flow navigated to (a battery maker's
   * page adds `battery_authorization`: bootstrap.ts RETURN_PARAMS); undefined: start with `progress`.
   */
  resume?(returned: Returned): P | undefined;
  /** The numbered steps for this account, in order (the progress bar, Back, prefetching the next step). */
  steps(account: Account): readonly S[];
  /** The step to show from server state plus this session's progress: a reload resumes where the customer was. */
  current(account: Account, progress: P): S;
  /** Marks what being on `step` means for the session (e.g. the plans were seen). */
  entered?(step: S, progress: P): P;
  /** Steps whose completion changes nothing on the server, so the root does not re-read the account after them. */
  local: readonly S[];
  /** Folds a completed step into the progress and says where to go; `account` is the account after it. */
  complete(detail: StepCompleteDetail, account: Account, progress: P): Completion<S, P>;
  /** Whether leaving now completes, asks the exit question first, or just exits. `viewed`: sf-plans-viewed's plans. */
  exit(account: Account, progress: P, viewed: readonly string[] | null): ExitOutcome;
  /** Where each step's code lives and how it is rendered. */
  views: Readonly<Record<S, StepView<P>>>;
  /** The question asked before leaving (`exit` → `question`); it fires sf-opt-out-confirmed / -cancelled. */
  question?: QuestionView;
  /**
   * The step with the card form and how to warm the card processor up (load its chunk and Stripe.js for the key):
   * the root does it one step before, so the card form appears at once. Never rejects.
   */
  card?: { step: S; warmUp(publicKey: string): Promise<unknown> };
}

/** A declaration of any scope, as the registry and the root hold it (each scope has its own steps and progress). */
export type AnyScope = ScopeDeclaration<string, unknown>;
