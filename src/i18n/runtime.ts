/**
 * The @lit/localize runtime with the Spanish strings: loaded only when a language other than English is asked for
 * (see localization.ts), so an English first screen downloads neither the runtime nor the strings. The strings are
 * imported statically, so they arrive in the same chunk as the runtime: one request, no second round trip.
 */
import { configureLocalization } from '@lit/localize/init/runtime.js';
import { templates } from './locales/es.js';

export const { getLocale, setLocale } = configureLocalization({
  sourceLocale: 'en',
  targetLocales: ['es'],
  loadLocale: async () => ({ templates }),
});
