import { LitElement, css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { tokens } from '../styles/tokens.js';

/**
 * A grey placeholder shaped like the content that is loading, hidden from assistive technology (the container that
 * shows skeletons announces "Loading" itself, with `aria-busy`).
 *
 * @summary Loading placeholder: text line, heading, field, button or block.
 * @cssprop --sf-color-surface-muted - Placeholder color.
 */
@customElement('sf-skeleton')
export class SfSkeleton extends LitElement {
  static override styles = [
    tokens,
    css`
      :host { display: block; margin-bottom: 0.75rem; }
      .bone {
        height: 1rem; width: var(--_w, 100%); border-radius: 4px;
        background: linear-gradient(90deg, var(--_surface-muted) 25%, #e8ebef 50%, var(--_surface-muted) 75%) 0 0 / 200% 100%;
        animation: shimmer 1.4s ease-in-out infinite;
      }
      :host([variant='heading']) .bone { height: 1.75rem; width: var(--_w, 60%); }
      :host([variant='field']) .bone { height: 44px; border-radius: var(--_radius); }
      :host([variant='button']) .bone { height: 44px; width: var(--_w, 9rem); border-radius: var(--_radius); }
      :host([variant='block']) .bone { height: var(--_h, 6rem); border-radius: var(--_radius); }
      @keyframes shimmer { from { background-position: 100% 0; } to { background-position: -100% 0; } }
      @media (prefers-reduced-motion: reduce) { .bone { animation: none; } }
      @media (forced-colors: active) { .bone { background: GrayText; } }
    `,
  ];

  @property({ reflect: true }) variant: 'text' | 'heading' | 'field' | 'button' | 'block' = 'text';
  /** CSS width, e.g. `40%`. */
  @property() width?: string;

  override connectedCallback() {
    super.connectedCallback();
    this.setAttribute('aria-hidden', 'true');
  }

  override render() {
    return html`<div class="bone" style=${this.width ? `--_w:${this.width}` : ''}></div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sf-skeleton': SfSkeleton;
  }
}
