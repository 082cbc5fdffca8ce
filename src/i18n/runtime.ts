/**
 * The localization runtime with the Spanish strings: loaded only when a language other than English is asked for
 * (see localization.ts), so an English first screen downloads neither the runtime nor the strings. The strings of
 * the code every session may run (locales/es.ts) are imported statically, so they arrive in the same chunk as the
 * runtime: one request, no second round trip. Those only another scope's code has (locales/<scope>/es.ts, written
 * by `npm run i18n:build`) load with that scope (`addScope`), so enrollment in Spanish never downloads them.
 *
 * @lit/localize's reentrant configuration (`init/reentrant.js`): every `msg()` asks `getLocale()` below and takes
 * the templates of that locale, which are already here, synchronously. Unlike `configureLocalization`, it lives in
 * a module the package's index does not re-export, so its message lookup (and the id hashing it imports) comes with
 * this chunk instead of with the first screen's `msg()`. Switching is then ours: set the locale and announce it with
 * the `lit-localize-status` event (`ready`), on which every element that called `updateWhenLocaleChanges` re-renders.
 */
import { LOCALE_STATUS_EVENT, type LocaleStatusEventDetail, type TemplateMap } from '@lit/localize';
import { configureReentrantLocalization } from '@lit/localize/init/reentrant.js';
import type { FlowScope } from '../bridge/messages.js';
import { templates as core } from './locales/es.js';

const SOURCE = 'en';
const TARGETS = ['es'];
let active = SOURCE;
/** Every message this session may show: the core's, and those of the scope it runs, once added. */
const templates: TemplateMap = { ...core };

/** The strings only a scope's own code has; a scope without an entry has none of its own (enrollment). */
const SCOPES: Partial<Record<FlowScope, () => Promise<{ templates: TemplateMap }>>> = {
  'update-payment-method': () => import('./locales/update-payment-method/es.js'),
  documents: () => import('./locales/documents/es.js'),
  billing: () => import('./locales/billing/es.js'),
  renewal: () => import('./locales/renewal/es.js'),
  'connect-battery': () => import('./locales/connect-battery/es.js'),
};
const added = new Map<string, Promise<void>>();

/** Adds the strings of `scope`'s own code; rejects when they cannot load (offline), and may then be asked again. */
export function addScope(scope: string): Promise<void> {
  const load = SCOPES[scope as FlowScope];
  if (!load) return Promise.resolve();
  let adding = added.get(scope);
  if (!adding) {
    adding = load().then((m) => void Object.assign(templates, m.templates));
    adding.catch(() => added.delete(scope));
    added.set(scope, adding);
  }
  return adding;
}

configureReentrantLocalization({
  sourceLocale: SOURCE,
  targetLocales: TARGETS,
  getLocale: () => active,
  loadLocaleSync: () => ({ templates }),
});

export const getLocale = (): string => active;

export async function setLocale(locale: string): Promise<void> {
  if (locale !== SOURCE && !TARGETS.includes(locale)) throw new Error(`Unsupported locale: ${locale}`);
  if (locale === active) return;
  active = locale;
  const detail: LocaleStatusEventDetail = { status: 'ready', readyLocale: locale };
  window.dispatchEvent(new CustomEvent(LOCALE_STATUS_EVENT, { detail }));
}
