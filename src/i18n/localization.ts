/**
 * Runtime localization (@lit/localize). English is built in: `msg()` returns the source text until another language
 * is asked for. Only then does the localization runtime load, with the Spanish strings, as one small chunk
 * (runtime.ts): an English first screen downloads neither. The strings after the first screen's are awaited by
 * what renders later (`laterStrings`); those only another scope's code has load with that scope (`useScope`). Elements that render text extend `LocalizedElement` and re-render when the locale
 * changes.
 */
import { LitElement } from 'lit';
import { updateWhenLocaleChanges } from '@lit/localize';

export type Locale = 'en' | 'es';
export const LOCALES: readonly Locale[] = ['en', 'es'];

type Runtime = typeof import('./runtime.js');

let runtime: Promise<Runtime> | undefined;
let loaded: Runtime | undefined;
/** The scope the session runs, once known: its own strings load with the runtime. */
let scope: string | undefined;
/** The language last asked for (on screen once its strings are in): English needs none of the strings chunks. */
let wanted: Locale = 'en';

function loadRuntime(): Promise<Runtime> {
  runtime ??= import('./runtime.js').then((m) => (loaded = m));
  // A failed fetch (offline for a moment) may be retried by the next switch.
  runtime.catch(() => (runtime = undefined));
  return runtime;
}

/** `es`, `es-MX`, `ES` → `es`; anything we do not speak → null. */
export function normalizeLocale(value: string | null | undefined): Locale | null {
  const language = value?.trim().toLowerCase().split(/[-_]/)[0];
  return LOCALES.find((l) => l === language) ?? null;
}

export function getLocale(): Locale {
  return (loaded && normalizeLocale(loaded.getLocale())) || 'en';
}

/**
 * Switches the language of every localized element and of the document (so screen readers pronounce it right).
 * Rejects when the locale chunk cannot load (offline); the flow then stays in its current language. Before the
 * first screen (`firstScreen`), only its own strings are waited for; a switch later on waits for every string the
 * session may show. A switch to English waits for no strings.
 */
export async function setLocale(locale: Locale, firstScreen = false): Promise<void> {
  wanted = locale;
  // English before anything else was loaded: it is what is already on screen.
  if (locale !== 'en' || runtime) {
    const r = await loadRuntime();
    // English needs no strings (it is in the code): it switches even offline. The scope is known before the first
    // screen when the session (not the link) asked for the language.
    if (locale !== 'en') await Promise.all([!firstScreen && r.addStrings('later'), scope && r.addStrings(scope)]);
    await r.setLocale(locale);
  }
  document.documentElement.lang = getLocale();
}

/**
 * Resolves once the strings beyond the first screen's are in (at once in English): what a view loaded later (a
 * step after the first, a status screen) waits for besides its code. Rejects when they cannot load (offline).
 */
export function laterStrings(): Promise<void> {
  // English (back from Spanish too) is in the code; a switch to Spanish on its way needs them.
  return wanted !== 'en' ? loadRuntime().then((r) => r.addStrings('later')) : Promise.resolve();
}

/**
 * Says which scope the session runs, before its first step renders: when a language other than English was asked
 * for, that scope's own strings load now (resolves at once otherwise, and for enrollment, whose strings come with
 * the runtime). Rejects when they cannot load (offline).
 */
export function useScope(name: string): Promise<void> {
  scope = name;
  return wanted !== 'en' ? loadRuntime().then((r) => r.addStrings(name)) : Promise.resolve();
}

/** The base of every element that renders text: it renders again when the language changes (what `@localized()` does). */
export class LocalizedElement extends LitElement {
  constructor() {
    super();
    updateWhenLocaleChanges(this);
  }

  /**
   * Back on the page (a view the root kept, and every element inside it): it missed a language switch made while it
   * was off the page, since the localization listens only while connected, so it renders again.
   */
  override connectedCallback(): void {
    super.connectedCallback();
    this.requestUpdate();
  }
}
