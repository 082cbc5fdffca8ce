import { LitElement, css, html } from 'lit';
import { customElement, property, query } from 'lit/decorators.js';
import { localized, msg } from '@lit/localize';
import { base, buttonStyles } from '../styles/shared.js';
import { tokens } from '../styles/tokens.js';

export interface DialogCloseDetail {
  /** `dismiss` for Esc and the close button. */
  reason: 'dismiss';
}

/** The focused element, looking inside shadow roots (document.activeElement stops at the first host). */
export function deepActiveElement(root: DocumentOrShadowRoot = document): Element | null {
  let active = root.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/**
 * A modal dialog on the native `<dialog>`: the page behind is inert (focus and screen readers stay inside), Esc and
 * the close button dismiss it, focus moves to its heading on open and returns where it was on close.
 *
 * @summary Modal dialog.
 * @slot - The body.
 * @slot footer - Action buttons.
 * @fires sf-dialog-close - The user dismissed the dialog (Esc, close button); `open` is already false.
 * @csspart dialog - The native dialog.
 */
@customElement('sf-dialog')
@localized()
export class SfDialog extends LitElement {
  static override styles = [
    tokens,
    base,
    buttonStyles,
    css`
      dialog {
        width: min(100vw - 1rem, 36rem); max-height: calc(100dvh - 1rem); padding: 0; overflow: auto;
        border: 1px solid var(--_divider); border-radius: var(--_radius);
        color: var(--_text); background: var(--_surface); font: inherit;
      }
      dialog::backdrop { background: rgb(15 23 42 / 0.55); }
      header { display: flex; align-items: flex-start; gap: 0.5rem; padding: var(--_space) var(--_space) 0; }
      h2 { flex: 1; margin: 0; padding-top: 0.5rem; }
      .body { padding: var(--_space); }
      footer { display: flex; flex-wrap: wrap; justify-content: flex-end; gap: 0.75rem; padding: 0 var(--_space) var(--_space); }
      .close { padding: 0; font-size: 1.5rem; font-weight: 400; border-color: transparent; }
    `,
  ];

  @property({ type: Boolean, reflect: true }) open = false;
  /** The dialog's title (its accessible name). */
  @property() heading = '';

  @query('dialog') private _dialog!: HTMLDialogElement;
  @query('h2') private _heading!: HTMLElement;
  private _returnFocus: HTMLElement | null = null;

  override render() {
    return html`<dialog part="dialog" aria-labelledby="title" @cancel=${this._onCancel} @close=${this._onClose}>
      <header>
        <h2 id="title" tabindex="-1">${this.heading}</h2>
        <button class="btn secondary close" type="button" aria-label=${msg('Close', { id: 'common.close' })} @click=${this._dismiss}>
          <span aria-hidden="true">×</span>
        </button>
      </header>
      <div class="body"><slot></slot></div>
      <footer><slot name="footer"></slot></footer>
    </dialog>`;
  }

  protected override updated(changed: Map<string, unknown>) {
    if (!changed.has('open')) return;
    if (this.open && !this._dialog.open) {
      const active = deepActiveElement();
      this._returnFocus = active instanceof HTMLElement ? active : null;
      this._dialog.showModal();
      this._heading.focus();
    } else if (!this.open && this._dialog.open) {
      this._dialog.close();
    }
  }

  override disconnectedCallback() {
    super.disconnectedCallback();
    this._restoreFocus();
  }

  private _onCancel(event: Event) {
    // Esc: close through our own path so the state, the event and the focus return stay in one place.
    event.preventDefault();
    this._dismiss();
  }

  private _dismiss() {
    this.open = false;
    this.dispatchEvent(
      new CustomEvent<DialogCloseDetail>('sf-dialog-close', { detail: { reason: 'dismiss' }, bubbles: true, composed: true }),
    );
  }

  private _onClose() {
    this.open = false;
    this._restoreFocus();
  }

  private _restoreFocus() {
    const target = this._returnFocus;
    this._returnFocus = null;
    if (target?.isConnected) target.focus();
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sf-dialog': SfDialog;
  }
  interface HTMLElementEventMap {
    'sf-dialog-close': CustomEvent<DialogCloseDetail>;
  }
}
