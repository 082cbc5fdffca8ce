/**
 * The registry: each scope's declaration. A scope without one (the five the next issue builds) opens on the
 * "not available yet" screen. Adding a scope is one line here plus its declaration and step elements.
 */
import type { FlowScope } from '../bridge/messages.js';
import { enrollment } from '../scopes/enrollment/enrollment.js';
import type { AnyScope } from './scope.js';

export const scopes: Partial<Record<FlowScope, AnyScope>> = {
  enrollment: enrollment as AnyScope,
};
