/**
 * The views' elements and their code, so that the root only decides *which* view to show:
 * - one element per view: Back re-attaches the kept one (what is on screen stays as the user left it), going forward
 *   creates a fresh one; one draft object per step for the whole session;
 * - each view's module loaded on demand (one chunk per step), and while the user works, the next step's chunk, the
 *   status screens (needed offline) and, one step before the card form, the card processor.
 */
import type { Account, FlowSession } from '../api/types.js';
import type { StepDraft } from './context.js';
import type { StepName } from './events.js';
import { followingStep, isClientAgent, type SessionProgress } from './router.js';
import { stepTag, type LoadableView, type StepLoader } from './step-modules.js';

export type ViewElement = HTMLElement & Record<string, unknown>;

/** The status screens are off the first step's critical path (a chunk of their own); prefetched once the first step is up. */
export const loadStatusScreen = () => import('./screens/status-screen.js').then(() => true, () => false);

export interface ViewLoaders {
  /** Loads a view's module (the root's `loadStep`, injectable for tests). */
  step: StepLoader;
  /** Warms up the card processor (Stripe.js) for a publishable key; never rejects. */
  card: (publicKey: string) => unknown;
}

export class FlowViews {
  private readonly _elements = new Map<LoadableView, ViewElement>();
  private readonly _drafts = new Map<StepName, StepDraft>();

  /** A getter, so that a loader injected after construction (tests) is the one used. */
  constructor(private readonly _loaders: () => ViewLoaders) {}

  get(view: LoadableView): ViewElement | undefined {
    return this._elements.get(view);
  }

  /** The view's element: the one kept from before (`reuse`, i.e. Back), or a fresh one (forward). */
  element(view: LoadableView, reuse: boolean): ViewElement {
    let el = reuse ? this._elements.get(view) : undefined;
    if (!el) this._elements.set(view, (el = document.createElement(stepTag(view)) as ViewElement));
    return el;
  }

  /**
   * The step's element (`reuse`: the one kept from before, i.e. Back) with what the root gives every step, set
   * before it is attached (StepProps in context.ts, plus `address`, and `acceptedPlan` for review and done).
   */
  prepare(step: StepName, reuse: boolean, account: Account, session: FlowSession, progress: SessionProgress): ViewElement {
    return Object.assign(this.element(step, reuse), {
      account,
      session,
      draft: this.draft(step),
      clientAgent: isClientAgent(account),
      address: progress.address ?? account.service_address ?? null,
      // The review and done steps name the plan accepted in this session (the account does not carry it).
      ...(step === 'review' || step === 'done' ? { acceptedPlan: progress.plan ?? null } : {}),
    });
  }

  /** The step's draft, the same object for the whole session. */
  draft(step: StepName): StepDraft {
    let draft = this._drafts.get(step);
    if (!draft) this._drafts.set(step, (draft = {}));
    return draft;
  }

  isDefined(view: LoadableView): boolean {
    return Boolean(customElements.get(stepTag(view)));
  }

  /** Loads a view's code unless its element is defined; false when it could not (offline). */
  async load(view: LoadableView): Promise<boolean> {
    if (this.isDefined(view)) return true;
    try {
      await this._loaders().step(view);
    } catch {
      // Reported below as "not defined".
    }
    return this.isDefined(view);
  }

  /**
   * Fetches what may come after `step` while the browser is idle: the next step's chunk, the status screens, and the
   * card processor when the card step is next, so the card form appears at once. Loading twice is free (the module
   * map and the card processor's instance are cached).
   */
  prefetch(step: StepName, account: Account): void {
    const next = followingStep(step, account);
    const key = next === 'payment' ? account.app.stripe_public_key : undefined;
    const run = () => {
      void loadStatusScreen();
      const loaders = this._loaders();
      if (next && !this.isDefined(next)) loaders.step(next).catch(() => undefined);
      if (key) loaders.card(key);
    };
    if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 2000 });
    else setTimeout(run, 200);
  }
}
