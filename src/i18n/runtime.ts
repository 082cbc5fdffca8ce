/**
 * The localization runtime with the Spanish strings: loaded only when a language other than English is asked for
 * (see localization.ts), so an English first screen downloads neither the runtime nor the strings. The strings are
 * imported statically, so they arrive in the same chunk as the runtime: one request, no second round trip.
 *
 * @lit/localize's reentrant configuration (`init/reentrant.js`): every `msg()` asks `getLocale()` below and takes
 * the templates of that locale, which are already here, synchronously. Unlike `configureLocalization`, it lives in
 * a module the package's index does not re-export, so its message lookup (and the id hashing it imports) comes with
 * this chunk instead of with the first screen's `msg()`. Switching is then ours: set the locale and announce it with
 * the `lit-localize-status` event (`ready`), on which every element that called `updateWhenLocaleChanges` re-renders.
 */
import { LOCALE_STATUS_EVENT, type LocaleStatusEventDetail } from '@lit/localize';
import { configureReentrantLocalization } from '@lit/localize/init/reentrant.js';
import { templates } from './locales/es.js';

const SOURCE = 'en';
const TARGETS = ['es'];
let active = SOURCE;

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
