import type { Locale } from '../i18n/localization.js';

/**
 * A document's PDF in the flow's language: the service makes each document (a plan's EFL, TOS and YRAC, an invoice)
 * in the account's language when it was made, and gives it in the other one with `?locale=` (set, never repeated: a
 * second `locale` is a 400). Without it, a Spanish flow on an English account would link English legal documents.
 */
export function pdfHref(url: string, locale: Locale): string {
  try {
    const href = new URL(url);
    href.searchParams.set('locale', locale);
    return href.href;
  } catch {
    return url;
  }
}
