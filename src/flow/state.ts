/**
 * The root's state: one value, changed only by `reduce` (pure, unit-tested without a browser). The root performs
 * what a change calls for (load a step's code, re-read the account, tell the host) and reports the result as another
 * action carrying the screen it started from: an answer that arrives after the screen changed is dropped by that
 * comparison, so no flag says "busy" or "closed" besides the state itself.
 */
import type { Account, FlowSession } from '../api/types.js';
import type { CloseReason } from '../bridge/messages.js';
import type { Returned } from './bootstrap.js';
import type { StepCompleteDetail } from '../contract/events.js';
import type { AnyScope } from './scope.js';
import type { StatusKind } from './screens/status-screen.js';

/** What "Try again" on a status screen does: load the session again, or reload (a failed chunk stays failed). */
export type Retry = 'start' | 'reload';

export type Screen =
  | { kind: 'loading' }
  /**
   * A step. `visit` names this showing of it: going forward gives a new one (a fresh element), Back the one it had
   * (the same element, as the customer left it). `ready`: its code is loaded. `completing`: it completed and the root
   * is re-reading the account. `asking`: the exit question is shown over it.
   */
  | { kind: 'step'; step: string; visit: number; ready: boolean; completing?: StepCompleteDetail; asking?: boolean }
  | { kind: 'status'; status: StatusKind; retry: Retry }
  /** The host was told the flow is over; nothing changes any more. */
  | { kind: 'closed'; reason: CloseReason; status: StatusKind };

export interface FlowState {
  screen: Screen;
  session?: FlowSession;
  account?: Account;
  /** The scope's record of what this session did (ScopeDeclaration.progress). */
  progress: unknown;
  /** The plans the customer saw (sf-plans-viewed), for the exit question. */
  viewed: readonly string[] | null;
  /** The visit each step was last shown with, and the last visit number given. */
  visits: Readonly<Record<string, number>>;
  count: number;
  /** The session's end, once the five-minute warning came. */
  expiringAt?: string;
}

export type Action =
  | { type: 'start' }
  | { type: 'booted'; session: FlowSession; account: Account; returned?: Returned }
  | { type: 'loaded'; from: Screen }
  | { type: 'complete'; detail: StepCompleteDetail }
  | { type: 'account'; from: Screen; account: Account }
  | { type: 'back' }
  | { type: 'exit'; question: boolean }
  | { type: 'stay' }
  | { type: 'viewed'; plans: readonly string[]; account?: Account | undefined }
  | { type: 'expiring'; at: string }
  /** A failed call: `kind` is ApiError.kind (`network` for anything else), `code` the service's error code. */
  | { type: 'fail'; kind: string; code?: string; retry: Retry }
  | { type: 'close'; reason: CloseReason; status?: StatusKind };

export const initialState: FlowState = { screen: { kind: 'loading' }, progress: undefined, viewed: null, visits: {}, count: 0 };

/** Shows `step`: a fresh showing going forward, the kept one going back. */
function go(scope: AnyScope, state: FlowState, step: string, back = false): FlowState {
  const visit = back && state.visits[step] !== undefined ? state.visits[step]! : state.count + 1;
  return {
    ...state,
    screen: { kind: 'step', step, visit, ready: false },
    progress: scope.entered ? scope.entered(step, state.progress) : state.progress,
    visits: { ...state.visits, [step]: visit },
    count: Math.max(state.count, visit),
  };
}

const close = (state: FlowState, reason: CloseReason, status: StatusKind = 'closed'): FlowState => ({
  ...state,
  screen: { kind: 'closed', reason, status },
});

/** Where a completion leads, once the account after it is known. */
function completed(scope: AnyScope, state: FlowState, detail: StepCompleteDetail, account: Account): FlowState {
  const next = scope.complete(detail, account, state.progress);
  if ('close' in next) return close({ ...state, account }, next.close);
  return go(scope, { ...state, account, progress: next.progress }, next.step);
}

/**
 * The link is over (the session clock, or the service's 401). What a step completed with, while the account was read
 * again, the service did: it counts first. Then a screen whose leaving completes (a done screen: the scope's exit says
 * so) closes `completed`, as its Close would: the job was done before the hour was over.
 */
function expired(scope: AnyScope | undefined, state: FlowState, status: StatusKind): FlowState {
  const { screen, account } = state;
  if (scope && account) {
    if (screen.kind === 'step' && screen.completing) state = completed(scope, state, screen.completing, account);
    if (state.screen.kind === 'closed') return state;
    if (scope.exit(state.account!, state.progress, state.viewed) === 'completed') return close(state, 'completed');
  }
  return close(state, 'expired', status);
}

export function reduce(scope: AnyScope | undefined, state: FlowState, action: Action): FlowState {
  const { screen } = state;
  if (screen.kind === 'closed') return state;
  if (action.type === 'close') return action.reason === 'expired' ? expired(scope, state, 'expired') : close(state, action.reason, action.status);
  if (action.type === 'fail') {
    const { kind } = action;
    // The service says whether the token expired or was never valid; both close as `expired` for the host.
    if (kind === 'unauthorized') return expired(scope, state, action.code === 'token_expired' ? 'expired' : 'invalid');
    if (kind === 'forbidden' || kind === 'not_found') return close(state, 'error', 'forbidden');
    return { ...state, screen: { kind: 'status', status: kind === 'network' ? kind : 'error', retry: action.retry } };
  }
  if (action.type === 'expiring') return { ...state, expiringAt: action.at };
  // The plans asked for made the meter the service address: the account as the service now has it, when told.
  if (action.type === 'viewed') return { ...state, viewed: action.plans, account: action.account ?? state.account };
  if (action.type === 'start') return { ...state, screen: { kind: 'loading' } };
  if (action.type === 'booted') {
    if (screen.kind !== 'loading') return state;
    // A scope this version has no declaration for opens on the "not available yet" screen.
    if (!scope) return close({ ...state, session: action.session, account: action.account }, 'error', 'unsupported');
    // The first boot starts the scope's progress (from what a page the flow navigated to sent back, if any); a
    // resume keeps what this session did.
    const progress = state.session ? state.progress : (scope.resume?.(action.returned ?? {}) ?? scope.progress);
    return go(scope, { ...state, session: action.session, account: action.account, progress }, scope.current(action.account, progress));
  }
  const step = screen.kind === 'step' ? screen : undefined;
  // Leaving from anything but a step (loading, a status screen) is a plain exit.
  if (action.type === 'exit' && !step) return close(state, 'exited');
  if (!scope || !state.account) return state;
  switch (action.type) {
    case 'loaded':
      return screen === action.from && step ? { ...state, screen: { ...step, ready: true } } : state;
    case 'complete': {
      const { detail } = action;
      if (!step?.ready || step.completing || step.asking || detail.step !== step.step) return state;
      if (detail.account || scope.local.includes(detail.step)) return completed(scope, state, detail, detail.account ?? state.account);
      return { ...state, screen: { ...step, completing: detail } };
    }
    case 'account':
      if (screen !== action.from || !step?.completing) return state;
      return completed(scope, state, step.completing, action.account);
    case 'back': {
      if (!step?.ready || step.completing) return state;
      const steps = scope.steps(state.account);
      const index = steps.indexOf(step.step);
      return index > 0 ? go(scope, state, steps[index - 1]!, true) : state;
    }
    case 'exit': {
      const outcome = scope.exit(state.account, state.progress, state.viewed);
      if (outcome === 'question' && action.question && step) return { ...state, screen: { ...step, asking: true } };
      return close(state, outcome === 'completed' ? 'completed' : 'exited');
    }
    case 'stay':
      return step?.asking ? { ...state, screen: { ...step, asking: false } } : state;
  }
  return state;
}

/**
 * The step after `step` (for prefetching its code), or null: the next numbered step, and after the last one the
 * view declared after it (enrollment: review, then done).
 */
export function following(scope: AnyScope, step: string, account: Account): string | null {
  const steps = scope.steps(account);
  const index = steps.indexOf(step);
  if (index < 0) return null;
  if (index < steps.length - 1) return steps[index + 1]!;
  const all = Object.keys(scope.views);
  return all[all.indexOf(step) + 1] ?? null;
}

/**
 * 1-based position and count for "Step 2 of 6"; null for a step outside the numbered ones (done), and when there is
 * only one (a lone step is not a sequence: no "Step 1 of 1").
 */
export function position(scope: AnyScope, step: string, account: Account): { index: number; total: number } | null {
  const steps = scope.steps(account);
  const index = steps.indexOf(step);
  return index < 0 || steps.length < 2 ? null : { index: index + 1, total: steps.length };
}
