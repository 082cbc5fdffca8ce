import { css, html, nothing, type PropertyDeclarations } from 'lit';
import { msg, str } from '@lit/localize';
import { LocalizedElement, getLocale, laterStrings } from '../../i18n/localization.js';

/**
 * @summary The notice that the login link expires soon (five minutes before, see expiry.ts), above every view.
 *
 * Defined by the module of the session clock (expiry.ts), so it is always defined before the root first renders
 * it: the first screen carries neither.
 *
 * Its colors, radius and spacing are the root's private tokens (styles/tokens.ts), inherited.
 */
export class SfExpiryNotice extends LocalizedElement {
  static override properties: PropertyDeclarations = {
    expiresAt: { attribute: false },
    _said: { state: true },
  };

  static override styles = css`
    p {
      padding: 0.75rem 1rem;
      border: 1px solid var(--_warning);
      border-inline-start-width: 6px;
      border-radius: var(--_radius);
      margin: 0 0 calc(var(--_space) * 0.75);
      background: var(--_warning-bg);
    }
    /* The live region before its sentence: there for assistive technology, nothing to see. */
    p:empty {
      display: block;
      padding: 0;
      border: 0;
      margin: 0;
    }
  `;

  /** ISO 8601: when the link expires. */
  expiresAt: string | null = null;

  private _said = false;

  /**
   * A live region announces what changes in it, not what it held when it appeared: the sentence comes a moment after
   * the (empty) region is on the page, so screen readers say it.
   */
  protected override firstUpdated(): void {
    // …in the customer's language: its sentence is among the strings after the first screen's, which in Spanish may
    // still be on their way when the warning is the first thing shown (a tab reloaded in its last five minutes).
    void Promise.all([laterStrings().catch(() => undefined), new Promise((r) => setTimeout(r, 100))]).then(() => (this._said = true));
  }

  override render() {
    if (!this.expiresAt) return nothing;
    // US Spanish, as every other date and number of the flow (src/ui/format.ts): `3:45 p.m.`, not `15:45`.
    const time = new Intl.DateTimeFormat(`${getLocale()}-US`, { timeStyle: 'short' }).format(new Date(this.expiresAt));
    return html`<p role="status">${this._said ? msg(str`This link expires at ${time}. What you already saved is kept.`, { id: 'flow.expiring' }) : nothing}</p>`;
  }
}

customElements.define('sf-expiry-notice', SfExpiryNotice);

declare global {
  interface HTMLElementTagNameMap {
    'sf-expiry-notice': SfExpiryNotice;
  }
}
