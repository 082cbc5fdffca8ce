/**
 * Where each step's code lives. Every later step's loader is a dynamic import, so Vite emits one chunk per step and
 * the first screen downloads only the root and the address step. Loading twice is free (the module map caches it).
 */
import type { StepName } from './events.js';
// The first step is part of the first screen's own file (scripts/chunks.ts): imported here, not loaded.
import '../steps/address/address.js';

export type LoadableView = StepName | 'opt-out';

/** The element each view's module defines: `sf-step-<step>`, and `sf-opt-out`. */
export const stepTag = (view: LoadableView): string => (view === 'opt-out' ? 'sf-opt-out' : `sf-step-${view}`);

const loaders: Readonly<Record<LoadableView, () => Promise<unknown>>> = {
  address: () => Promise.resolve(),
  plans: () => import('../steps/plans/plans.js'),
  identity: () => import('../steps/identity/identity.js'),
  credit: () => import('../steps/credit/credit.js'),
  payment: () => import('../steps/payment/payment.js'),
  review: () => import('../steps/review/review.js'),
  done: () => import('../steps/done/done.js'),
  // The opt-out question, asked only after the plans were seen, comes with the plans (plans.ts imports it).
  'opt-out': () => import('../steps/plans/plans.js'),
};

export type StepLoader = (view: LoadableView) => Promise<unknown>;

/** Loads a step's module (which defines its element). Rejects when the chunk cannot be fetched (offline). */
export const loadStepModule: StepLoader = (view) => loaders[view]();

/**
 * Loads the card step's chunk, which holds the card processor adapter, and warms Stripe.js up for `publicKey`: the
 * card step then finds both ready (one cached Stripe instance per key) and loads nothing twice. Never rejects.
 */
export const warmUpCardProcessor = (publicKey: string): Promise<unknown> =>
  import('../steps/payment/payment.js').then((m) => m.warmUp(publicKey)).catch(() => undefined);
