/**
 * Which account a new flow link is made for: a new empty account, or a new account the sandbox builds already in a
 * state (its presets: GET /__sandbox/fixtures, account_presets). "Suited to the flow" picks, per scope, a preset
 * the scope has something to show on. Shared by the page (what the form offers) and the partner backend (what it
 * asks the sandbox for), so both read the choice the same way.
 */
import type { FlowScope } from './types.js';

/** Pick by the flow's scope (the default). */
export const SUITED = 'auto';
/** A new account with nothing done yet. */
export const NEW_ACCOUNT = 'new';

export const SUITED_PRESETS: Readonly<Record<FlowScope, string | null>> = {
  enrollment: null,
  'update-payment-method': 'active-with-invoices',
  documents: 'active-with-invoices',
  billing: 'active-with-invoices',
  renewal: 'active-contract-ending-soon',
  'connect-battery': 'active-with-invoices',
};

/** A preset's name, as the sandbox spells them (the sandbox itself decides whether it knows it). */
export const PRESET_NAME = /^[a-z][a-z0-9-]{0,63}$/;

/** The preset a link's account is built from, or null for a new empty account. */
export function presetFor(accountState: string, scope: FlowScope): string | null {
  if (accountState === NEW_ACCOUNT) return null;
  if (accountState === SUITED) return SUITED_PRESETS[scope];
  return accountState;
}
