import { css, html } from 'lit';
import { msg } from '@lit/localize';
import type { Locale } from '../i18n/localization.js';

export interface HeaderOptions {
  /** The partner's name (from the flow session's branding). */
  brand: string;
  locale: Locale;
  /** Show the close button (hidden once the flow is over). */
  closable: boolean;
  onLocale(locale: Locale): void;
  onClose(): void;
}

/**
 * The flow's top bar: the partner's name, the language switch and the close button. Part of the root's own shadow
 * root (a template, not an element: it is on every screen from the first, and an element of its own would cost the
 * first screen more JavaScript for nothing).
 *
 * The language switch is one button naming the other language in that language ("Español" / "English", with its
 * `lang`), so its visible label is its accessible name and it fits a 320 px screen next to the brand.
 *
 * @csspart header - The bar (`sf-flow::part(header)`).
 */
export function renderHeader(o: HeaderOptions) {
  const other: Locale = o.locale === 'es' ? 'en' : 'es';
  return html`<header part="header">
    <span class="brand">${o.brand}</span>
    <button class="btn link lang" type="button" lang=${other} @click=${() => o.onLocale(other)}>
      ${other === 'es' ? 'Español' : 'English'}
    </button>
    ${o.closable
      ? html`<button class="btn secondary close" type="button" aria-label=${msg('Close', { id: 'common.close' })} @click=${o.onClose}>
          <span aria-hidden="true">×</span>
        </button>`
      : null}
  </header>`;
}

export const headerStyles = css`
  /* Sticky: the way out and the language stay in reach on a long step (index.html keeps focus clear of it). */
  header {
    position: sticky; top: 0; z-index: 1;
    display: flex; align-items: center; gap: 0.5rem; min-height: 56px; padding: 0.375rem 0.5rem 0.375rem 1rem;
    border-bottom: 1px solid var(--_divider); background: var(--_surface);
  }
  .brand { flex: 1; min-width: 0; font-weight: 700; overflow-wrap: anywhere; }
  .lang { font-weight: 600; padding-inline: 0.75rem; }
  .close { padding: 0; font-size: 1.75rem; font-weight: 400; line-height: 1; border-color: transparent; color: var(--_text); }
`;
