/**
 * The registry: where each scope's declaration lives. Enrollment, the scope of a customer's first visit, is part of
 * the core (its first step renders the moment the session answers); every other scope is a chunk of its own with
 * its first step (the chunk groups of vite.config.ts), loaded once the session names it. A scope without an entry
 * opens on the "not available yet" screen. Adding a scope is one line here plus its declaration and step elements.
 */
import type { FlowScope } from '../bridge/messages.js';
import { enrollment } from '../scopes/enrollment/enrollment.js';
import type { AnyScope } from './scope.js';

export const scopes: Partial<Record<FlowScope, () => Promise<AnyScope>>> = {
  enrollment: () => Promise.resolve(enrollment as AnyScope),
  'update-payment-method': () => import('../scopes/update-payment-method/update-payment-method.js').then((m) => m.updatePaymentMethod as AnyScope),
  documents: () => import('../scopes/documents/documents.js').then((m) => m.documents as AnyScope),
  renewal: () => import('../scopes/renewal/renewal.js').then((m) => m.renewal as AnyScope),
  'connect-battery': () => import('../scopes/connect-battery/connect-battery.js').then((m) => m.connectBattery as AnyScope),
  billing: () => import('../scopes/billing/billing.js').then((m) => m.billing as AnyScope),
};
