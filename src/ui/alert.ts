import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { base } from '../styles/shared.js';
import { tokens } from '../styles/tokens.js';

/**
 * A message box. Errors use `role="alert"` (announced at once), other variants `role="status"` (announced politely).
 * Insert it when the message appears, with its text, rather than toggling `hidden`: screen readers announce a live
 * region when it arrives with content.
 *
 * @summary Alert: error, warning, info or success.
 * @slot - The message; may contain a retry button.
 * @csspart alert - The box.
 */
@customElement('sf-alert')
export class SfAlert extends LitElement {
  static override styles = [
    tokens,
    base,
    css`
      :host { margin-bottom: var(--_space); }
      .alert {
        display: flex; gap: 0.75rem; align-items: flex-start; padding: 0.75rem 1rem;
        border-radius: var(--_radius); border: 1px solid currentColor; border-inline-start-width: 6px;
        background: var(--_info-bg); color: var(--_text);
      }
      :host([variant='error']) .alert { background: var(--_error-bg); border-color: var(--_error); }
      :host([variant='warning']) .alert { background: var(--_warning-bg); border-color: var(--_warning); }
      :host([variant='success']) .alert { background: var(--_success-bg); border-color: var(--_success); }
      :host([variant='info']) .alert { border-color: var(--_primary); }
      .icon { flex: none; font-weight: 700; line-height: 1.5; }
      .heading { font-weight: 700; margin: 0 0 0.25rem; }
      ::slotted(p) { margin: 0; }
    `,
  ];

  @property({ reflect: true }) variant: 'error' | 'warning' | 'info' | 'success' = 'info';
  /** Optional bold first line. */
  @property() heading?: string;

  override render() {
    const icon = { error: '!', warning: '!', info: 'i', success: '✓' }[this.variant];
    return html`<div part="alert" class="alert" role=${this.variant === 'error' ? 'alert' : 'status'}>
      <span class="icon" aria-hidden="true">${icon}</span>
      <div>${this.heading ? html`<p class="heading">${this.heading}</p>` : nothing}<slot></slot></div>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sf-alert': SfAlert;
  }
}
