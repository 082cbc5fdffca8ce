/**
 * What a flow token may call (docs/api-decisions.md "Tokens", the contract's x-flow-scopes): a flow link is an
 * account token limited to the endpoints of its one flow, so a leaked `documents` link cannot enroll or pay, nor a
 * leaked `billing` link replace the card.
 */
import type { FlowScope } from '../../../src/api/types.js';

type Rule = readonly [method: string, path: RegExp];

const ACCOUNT: Rule = ['GET', /^\/v1\/account$/];
const FLOW: Rule = ['GET', /^\/v1\/account\/flow$/];
/** The flow closed: its session ends (its link stops working). */
const FLOW_END: Rule = ['DELETE', /^\/v1\/account\/flow$/];
const LOCATION: Rule = ['GET', /^\/v1\/account\/locations\/[^/]+$/];
const EVERY_SCOPE: readonly Rule[] = [ACCOUNT, FLOW, FLOW_END, LOCATION];

const PAYMENT: readonly Rule[] = [
  ['POST', /^\/v1\/account\/billing\/payment-session$/],
  ['POST', /^\/v1\/account\/billing\/ensure-payment-method-added$/],
  ['GET', /^\/v1\/account\/billing\/payment-method$/],
];
const DOCUMENTS: Rule = ['GET', /^\/v1\/account\/locations\/[^/]+\/documents$/];
const ALL_DOCUMENTS: Rule = ['GET', /^\/v1\/account\/locations\/[^/]+\/all-documents$/];
/** The renewal flow: the offers, their acceptance, and the documents of the contract in force and the queued one. */
const RENEWAL: readonly Rule[] = [
  ['GET', /^\/v1\/account\/locations\/[^/]+\/renewal\/plans$/],
  ['POST', /^\/v1\/account\/locations\/[^/]+\/renewal\/accept$/],
  DOCUMENTS,
  ALL_DOCUMENTS,
];
/** The billing flow: the invoices, one invoice, and the billing address (read and changed). */
const BILLING: readonly Rule[] = [
  ['GET', /^\/v1\/account\/billing\/invoices$/],
  ['GET', /^\/v1\/account\/billing\/invoices\/[^/]+$/],
  ['GET', /^\/v1\/account\/billing\/address$/],
  ['PUT', /^\/v1\/account\/billing\/address$/],
];
/** The connect-battery flow: makers, starting and reading an authorization, the connected devices. */
const BATTERY: readonly Rule[] = [
  ['GET', /^\/v1\/account\/battery\/makers$/],
  ['POST', /^\/v1\/account\/battery\/authorizations$/],
  ['GET', /^\/v1\/account\/battery\/authorizations\/[^/]+$/],
  ['GET', /^\/v1\/account\/battery\/devices$/],
];

export const SCOPE_RULES: Readonly<Record<FlowScope, readonly Rule[]>> = {
  enrollment: [['*', /^\/v1\/account\/enroll\/.+$/], ['POST', /^\/v1\/account\/events$/], ...PAYMENT, DOCUMENTS],
  'update-payment-method': PAYMENT,
  documents: [DOCUMENTS, ALL_DOCUMENTS],
  // Bills and the billing address, not the card: a billing link (the one most often sent by email) cannot replace the
  // card auto-pay charges.
  billing: BILLING,
  renewal: RENEWAL,
  'connect-battery': BATTERY,
};

export function scopeAllows(scope: FlowScope, method: string, path: string): boolean {
  const rules = [...EVERY_SCOPE, ...SCOPE_RULES[scope]];
  // HEAD is a GET without a body; CORS preflights never reach authentication.
  const m = method === 'HEAD' ? 'GET' : method;
  return rules.some(([ruleMethod, pattern]) => (ruleMethod === '*' || ruleMethod === m) && pattern.test(path));
}
