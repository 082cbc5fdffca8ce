import { css, html } from 'lit';
import { msg } from '@lit/localize';

/**
 * The shape of a step (progress, heading, two lines, two fields, a button) while the session, the account or a
 * step's code loads, so the layout does not jump when the step arrives. Announced once as "Loading"; the grey shapes
 * are hidden from assistive technology. A template in the root's shadow root rather than an element: it is the first
 * thing on screen, and plain divs cost the first screen less JavaScript than elements.
 *
 * With reduced motion, the shared styles' rule stops the shimmer (styles/shared.ts `base`).
 *
 * @cssprop --sf-color-surface-muted - Placeholder color.
 */
export function renderLoading() {
  return html`<div class="loading" aria-busy="true">
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

export const loadingStyles = css`
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
  @media (forced-colors: active) { .bone { background: GrayText; } }
`;
