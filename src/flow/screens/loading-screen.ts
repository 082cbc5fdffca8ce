import { LitElement, css, html } from 'lit';
import { customElement } from 'lit/decorators.js';
import { localized, msg } from '@lit/localize';
import { base } from '../../styles/shared.js';
import { tokens } from '../../styles/tokens.js';

/**
 * The shape of a step (progress, heading, two lines, two fields, a button) while the session, the account or a
 * step's code loads, so the layout does not jump when the step arrives. Announced once as "Loading"; the grey
 * shapes are hidden from assistive technology. Plain elements rather than `<sf-skeleton>`s: this is the first thing
 * on screen, and seven small elements cost more JavaScript than seven styled divs.
 *
 * @summary Loading skeleton of a step.
 * @cssprop --sf-color-surface-muted - Placeholder color.
 */
@customElement('sf-loading-screen')
@localized()
export class SfLoadingScreen extends LitElement {
  static override styles = [
    tokens,
    base,
    css`
      .bone {
        height: 1rem; margin-bottom: 0.75rem; border-radius: 4px;
        background: linear-gradient(90deg, var(--_surface-muted) 25%, #e8ebef 50%, var(--_surface-muted) 75%) 0 0 / 200% 100%;
        animation: shimmer 1.4s ease-in-out infinite;
      }
      .bar { width: 35%; margin-bottom: 1.5rem; }
      .heading { height: 1.75rem; width: 60%; }
      .w90 { width: 90%; }
      .w70 { width: 70%; }
      .field, .button { height: 44px; border-radius: var(--_radius); }
      .button { width: 9rem; }
      @keyframes shimmer { from { background-position: 100% 0; } to { background-position: -100% 0; } }
      @media (prefers-reduced-motion: reduce) { .bone { animation: none; } }
      @media (forced-colors: active) { .bone { background: GrayText; } }
    `,
  ];

  override render() {
    return html`<div aria-busy="true">
      <p class="sr-only" role="status">${msg('Loading…', { id: 'loading.label' })}</p>
      <div aria-hidden="true">
        <div class="bone bar"></div>
        <div class="bone heading"></div>
        <div class="bone w90"></div>
        <div class="bone w70"></div>
        <div class="bone field"></div>
        <div class="bone field"></div>
        <div class="bone button"></div>
      </div>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sf-loading-screen': SfLoadingScreen;
  }
}
