import { LitElement, css, html, nothing } from 'lit';
import { msg, str, updateWhenLocaleChanges } from '@lit/localize';
import { base } from '../styles/shared.js';
import { tokens } from '../styles/tokens.js';

/**
 * "Step 2 of 6" with a segmented bar. The segments are a list whose current item has `aria-current="step"`, each
 * with its step name for screen readers.
 *
 * @summary Step progress.
 * @csspart bar - The segmented bar.
 */
export class SfProgress extends LitElement {
  static override styles = [
    tokens,
    base,
    css`
      .text { margin: 0 0 0.375rem; font-size: 0.9375rem; color: var(--_muted); font-weight: 600; }
      ol { display: flex; gap: 4px; list-style: none; margin: 0; padding: 0; }
      li { flex: 1; height: 6px; border-radius: 3px; background: var(--_divider); }
      li.done, li[aria-current] { background: var(--_primary); }
      li[aria-current] { height: 6px; box-shadow: 0 0 0 2px var(--_surface), 0 0 0 3px var(--_primary); }
      @media (forced-colors: active) {
        li { border: 1px solid CanvasText; }
        li.done, li[aria-current] { background: Highlight; }
      }
    `,
  ];

  static override properties = { current: { type: Number }, total: { type: Number }, labels: { attribute: false } };

  constructor() {
    super();
    updateWhenLocaleChanges(this);
  }

  /** 1-based. */
  current = 1;
  total = 1;
  /** One name per step, already localized. */
  labels: readonly string[] = [];

  override render() {
    const { current, total } = this;
    const label = this.labels[current - 1];
    return html`
      <p class="text">${msg(str`Step ${current} of ${total}`, { id: 'progress.step-of' })}${label ? html`: ${label}` : nothing}</p>
      <ol part="bar" aria-label=${msg('Progress', { id: 'progress.label' })}>
        ${Array.from({ length: total }, (_, i) => {
          const name = this.labels[i] ?? String(i + 1);
          const state = i < current - 1 ? 'done' : i === current - 1 ? 'current' : 'todo';
          return html`<li class=${state} aria-current=${state === 'current' ? 'step' : nothing}>
            <span class="sr-only">${name}${state === 'done' ? html` (${msg('completed', { id: 'progress.completed' })})` : nothing}</span>
          </li>`;
        })}
      </ol>
    `;
  }
}

customElements.define('sf-progress', SfProgress);

declare global {
  interface HTMLElementTagNameMap {
    'sf-progress': SfProgress;
  }
}
