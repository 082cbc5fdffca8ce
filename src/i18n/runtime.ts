/**
 * The localization runtime with the Spanish strings: loaded only when a language other than English is asked for
 * (see localization.ts), so an English first screen downloads neither the runtime nor the strings. The strings of
 * the first screen's code (locales/es.ts) are imported statically, so they arrive in the same chunk as the runtime:
 * one request, no second round trip. The rest of what every session may show (locales/later/es.ts: enrollment's
 * later steps, the status screens) is fetched once the first view is shown (the root's prefetch, or a view that
 * needs it sooner: `laterStrings` in localization.ts), so the first screen neither waits for it nor shares the
 * network with it. Those only another scope's code has (locales/<scope>/es.ts) load with that scope, so enrollment
 * in Spanish never downloads them. `npm run i18n:build` writes the three kinds from the import graph.
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
/** Every message this session may show: the first screen's, then the rest and those of its scope, once added. */
const templates: TemplateMap = { ...core };

/**
 * The strings after the first screen's (`later`), and those only a scope's own code has; a scope without an entry
 * has none of its own (enrollment).
 */
const PARTS: Partial<Record<FlowScope | 'later', () => Promise<{ templates: TemplateMap }>>> = {
  later: () => import('./locales/later/es.js'),
  'update-payment-method': () => import('./locales/update-payment-method/es.js'),
  documents: () => import('./locales/documents/es.js'),
  billing: () => import('./locales/billing/es.js'),
  renewal: () => import('./locales/renewal/es.js'),
  'connect-battery': () => import('./locales/connect-battery/es.js'),
};
const added = new Map<string, Promise<void>>();

/**
 * Adds the strings of `part` (`later`, or a scope's own); rejects when they cannot load (offline), and may then be
 * asked again. A scope's own code also shows strings of `later` (the account status, the shared step texts).
 * Whatever is on screen already renders again in the strings that arrived.
 */
export function addStrings(part: string): Promise<void> {
  const load = PARTS[part as FlowScope | 'later'];
  if (!load) return Promise.resolve();
  let adding = added.get(part);
  if (!adding) {
    adding = Promise.all([load(), part === 'later' ? undefined : addStrings('later')]).then(([m]) => {
      Object.assign(templates, m.templates);
      if (active !== SOURCE) announce(active);
    });
    adding.catch(() => added.delete(part));
    added.set(part, adding);
  }
  return adding;
}

function announce(locale: string): void {
  const detail: LocaleStatusEventDetail = { status: 'ready', readyLocale: locale };
  window.dispatchEvent(new CustomEvent(LOCALE_STATUS_EVENT, { detail }));
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
  announce(locale);
}
