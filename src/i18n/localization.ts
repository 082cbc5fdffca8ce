/**
 * Runtime localization (@lit/localize). English is built in; Spanish loads as its own small chunk the first time it
 * is needed. Elements that render text are `@localized()` and re-render when the locale changes.
 */
import { configureLocalization } from '@lit/localize';

export type Locale = 'en' | 'es';
export const LOCALES: readonly Locale[] = ['en', 'es'];

const localization = configureLocalization({
  sourceLocale: 'en',
  targetLocales: ['es'],
  loadLocale: () => import('./locales/es.js'),
});

/** `es`, `es-MX`, `ES` → `es`; anything we do not speak → null. */
export function normalizeLocale(value: string | null | undefined): Locale | null {
  const language = value?.trim().toLowerCase().split(/[-_]/)[0];
  return LOCALES.find((l) => l === language) ?? null;
}

export function getLocale(): Locale {
  return normalizeLocale(localization.getLocale()) ?? 'en';
}

/**
 * Switches the language of every localized element and of the document (so screen readers pronounce it right).
 * Rejects when the locale chunk cannot load (offline); the flow then stays in its current language.
 */
export async function setLocale(locale: Locale): Promise<void> {
  await localization.setLocale(locale);
  document.documentElement.lang = locale;
}
