/**
 * Why the full search may have found nothing, when what the customer typed says so: a ZIP code outside Texas, a ZIP
 * code where a utility whose customers cannot choose their provider delivers (a city utility, or one outside the
 * Texas market), or a PO box, which has no meter. Only in the views after the form (not on the first screen).
 */
import { zip5 } from './zip.js';

export type NoMatchReason =
  | { kind: 'po_box' }
  | { kind: 'not_texas'; zip: string }
  | { kind: 'no_choice'; zip: string; utility: string };

/** The ZIP prefixes of the areas whose utility's customers cannot choose their electricity provider. */
const NO_CHOICE: Record<string, string> = {
  '787': 'Austin Energy',
  '733': 'Austin Energy',
  '782': 'CPS Energy',
  '799': 'El Paso Electric',
  '885': 'El Paso Electric',
  '777': 'Entergy Texas',
};

const PO_BOX = /^\s*(p\.?\s*o\.?|post\s+office)\s*box\b/i;

export function noMatchReason(street = '', postalCode = ''): NoMatchReason | null {
  if (PO_BOX.test(street)) return { kind: 'po_box' };
  const zip = zip5(postalCode);
  if (!zip) return null;
  // Texas's ZIP codes: 75xxx to 79xxx, and 733xx (Austin) and 885xx (El Paso).
  if (!/^(7[5-9]|733|885)/.test(zip)) return { kind: 'not_texas', zip };
  const utility = NO_CHOICE[zip.slice(0, 3)];
  return utility ? { kind: 'no_choice', zip, utility } : null;
}
