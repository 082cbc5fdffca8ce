import { LitElement, css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { localized, msg } from '@lit/localize';
import { base, buttonStyles } from '../styles/shared.js';
import { tokens } from '../styles/tokens.js';
import type { Locale } from '../i18n/localization.js';
import { ExitRequestEvent } from './events.js';

export interface LocaleChangeDetail {
  locale: Locale;
}

/**
 * The flow's top bar: the partner's name, the language switch and the close button.
 *
 * The language switch is one button naming the other language in that language ("Español" / "English", with its
 * `lang`), so its visible label is its accessible name and it fits a 320 px screen next to the brand.
 *
 * @summary Flow header.
 * @fires sf-locale-change - `{ locale }` chosen by the user.
 * @fires sf-exit-request - The close button was pressed.
 * @csspart header - The bar.
 */
@customElement('sf-flow-header')
@localized()
export class SfFlowHeader extends LitElement {
  static override styles = [
    tokens,
    base,
    buttonStyles,
    css`
      header {
        display: flex; align-items: center; gap: 0.5rem; min-height: 56px; padding: 0.375rem 0.5rem 0.375rem 1rem;
        border-bottom: 1px solid var(--_divider); background: var(--_surface);
      }
      .brand { flex: 1; min-width: 0; font-weight: 700; overflow-wrap: anywhere; }
      .lang { font-weight: 600; padding-inline: 0.75rem; }
      .close { padding: 0; font-size: 1.75rem; font-weight: 400; line-height: 1; border-color: transparent; color: var(--_text); }
    `,
  ];

  /** The partner's name (from the flow session's branding). */
  @property() brand = '';
  @property() locale: Locale = 'en';
  /** Show the close button (hidden once the flow is over). */
  @property({ type: Boolean }) closable = true;

  override render() {
    const other: Locale = this.locale === 'es' ? 'en' : 'es';
    return html`<header part="header">
      <span class="brand">${this.brand}</span>
      <button class="btn link lang" type="button" lang=${other} @click=${() => this._switch(other)}>
        ${other === 'es' ? 'Español' : 'English'}
      </button>
      ${this.closable
        ? html`<button class="btn secondary close" type="button" aria-label=${msg('Close', { id: 'common.close' })} @click=${this._exit}>
            <span aria-hidden="true">×</span>
          </button>`
        : null}
    </header>`;
  }

  private _switch(locale: Locale) {
    this.dispatchEvent(new CustomEvent<LocaleChangeDetail>('sf-locale-change', { detail: { locale }, bubbles: true, composed: true }));
  }

  private _exit() {
    this.dispatchEvent(new ExitRequestEvent());
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sf-flow-header': SfFlowHeader;
  }
  interface HTMLElementEventMap {
    'sf-locale-change': CustomEvent<LocaleChangeDetail>;
  }
}
