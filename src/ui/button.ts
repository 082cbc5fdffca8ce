import { LitElement, css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { ifDefined } from 'lit/directives/if-defined.js';
import { base, buttonStyles } from '../styles/shared.js';
import { tokens } from '../styles/tokens.js';

/**
 * A button with the flow's look and a `loading` state.
 *
 * While loading it stays focusable (`aria-disabled`, not `disabled`: a disabled button drops keyboard focus to the
 * page) and swallows clicks, so a double click cannot submit twice. With `type="submit"` it submits the form it sits
 * in (form-associated, so across its own shadow root). Pressing Enter in a text field submits a form only when the
 * form has a native submit button, so forms with several fields should use
 * `<button class="btn primary" type="submit">` from `buttonStyles` instead.
 *
 * @summary Button: primary, secondary or link, with a loading state.
 * @slot - The label.
 * @csspart button - The native button.
 */
@customElement('sf-button')
export class SfButton extends LitElement {
  static formAssociated = true;

  static override shadowRootOptions = { ...LitElement.shadowRootOptions, delegatesFocus: true };

  static override styles = [
    tokens,
    base,
    buttonStyles,
    css`
      :host { display: inline-block; }
      :host([block]) { display: block; }
      :host([block]) .btn { width: 100%; }
    `,
  ];

  @property({ reflect: true }) variant: 'primary' | 'secondary' | 'link' = 'primary';
  @property() type: 'button' | 'submit' = 'button';
  @property({ type: Boolean, reflect: true }) loading = false;
  @property({ type: Boolean, reflect: true }) disabled = false;
  /** Accessible name when the visible label is not enough (e.g. an icon only). */
  @property() label?: string;

  private readonly _internals = this.attachInternals();

  override render() {
    return html`<button
      part="button"
      class="btn ${this.variant}"
      type="button"
      ?disabled=${this.disabled}
      aria-disabled=${this.loading ? 'true' : 'false'}
      aria-busy=${this.loading ? 'true' : 'false'}
      aria-label=${ifDefined(this.label)}
      @click=${this._onClick}
    ><slot></slot></button>`;
  }

  private _onClick(event: Event) {
    if (this.loading || this.disabled) {
      event.stopImmediatePropagation();
      return;
    }
    if (this.type === 'submit') this._internals.form?.requestSubmit();
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sf-button': SfButton;
  }
}
