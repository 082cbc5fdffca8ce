/**
 * Where each step's code lives. Every loader is a dynamic import, so Vite emits one chunk per step and the first
 * screen downloads only the root and the address step. Loading twice is free (the module map caches it).
 */
import type { StepName } from './events.js';

export type LoadableView = StepName | 'opt-out';

export const STEP_TAGS: Readonly<Record<LoadableView, string>> = {
  address: 'sf-step-address',
  plans: 'sf-step-plans',
  identity: 'sf-step-identity',
  credit: 'sf-step-credit',
  payment: 'sf-step-payment',
  review: 'sf-step-review',
  done: 'sf-step-done',
  'opt-out': 'sf-opt-out',
};

const loaders: Readonly<Record<LoadableView, () => Promise<unknown>>> = {
  address: () => import('../steps/address/address.js'),
  plans: () => import('../steps/plans/plans.js'),
  identity: () => import('../steps/identity/identity.js'),
  credit: () => import('../steps/credit/credit.js'),
  payment: () => import('../steps/payment/payment.js'),
  review: () => import('../steps/review/review.js'),
  done: () => import('../steps/done/done.js'),
  'opt-out': () => import('../steps/opt-out/opt-out.js'),
};

export type StepLoader = (view: LoadableView) => Promise<unknown>;

/** Loads a step's module (which defines its element). Rejects when the chunk cannot be fetched (offline). */
export const loadStepModule: StepLoader = (view) => loaders[view]();
