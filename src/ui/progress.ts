import { css, html, nothing } from 'lit';
import { msg, str } from '@lit/localize';

/**
 * "Step 2 of 6" with a segmented bar. The segments are a list whose current item has `aria-current="step"`, each
 * with its step name for screen readers. Part of the root's own shadow root (a template, not an element: it is on
 * the first screen, and an element of its own would cost the first screen more JavaScript for nothing).
 *
 * @param current 1-based.
 * @param labels One name per step, already localized.
 * @csspart progress - The text and the bar (`sf-flow::part(progress)`).
 */
export function renderProgressBar(current: number, total: number, labels: readonly string[]) {
  const label = labels[current - 1];
  return html`<div class="progress" part="progress">
    <p class="text">${msg(str`Step ${current} of ${total}`, { id: 'progress.step-of' })}${label ? html`: ${label}` : nothing}</p>
    <ol aria-label=${msg('Progress', { id: 'progress.label' })}>
      ${labels.map((name, i) => {
        const state = i < current - 1 ? 'done' : i === current - 1 ? 'current' : 'todo';
        return html`<li class=${state} aria-current=${state === 'current' ? 'step' : nothing}>
          <span class="sr-only">${name}${state === 'done' ? html` (${msg('completed', { id: 'progress.completed' })})` : nothing}</span>
        </li>`;
      })}
    </ol>
  </div>`;
}

export const progressStyles = css`
  .progress { margin-bottom: 1.5rem; }
  .progress .text { margin: 0 0 0.375rem; font-size: 0.9375rem; color: var(--_muted); font-weight: 600; }
  .progress ol { display: flex; gap: 4px; list-style: none; margin: 0; padding: 0; }
  .progress li { flex: 1; height: 6px; border-radius: 3px; background: var(--_divider); }
  .progress li.done, .progress li[aria-current] { background: var(--_primary); }
  .progress li[aria-current] { box-shadow: 0 0 0 2px var(--_surface), 0 0 0 3px var(--_primary); }
  @media (forced-colors: active) {
    .progress li { border: 1px solid CanvasText; }
    .progress li.done, .progress li[aria-current] { background: Highlight; }
  }
`;
