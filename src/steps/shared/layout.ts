/**
 * The parts every view lays out the same way, written once: the heading the root focuses on arrival with its lead
 * paragraph, and the row of actions at the bottom. Besides keeping the views alike, this keeps the markup out of
 * each step's chunk (every chunk compresses on its own, so markup repeated in each costs bytes in each).
 * Call from render() only (the strings are already localized).
 */
import { html, nothing, type TemplateResult } from 'lit';
import { msg } from '@lit/localize';

/** `<h1 id="step-heading">` (the root moves focus to it; see flow/focus.ts) and the lead paragraph, if any. */
export function stepHeading(title: unknown, lead?: unknown): TemplateResult {
  return html`<h1 id="step-heading" tabindex="-1">${title}</h1>
    ${lead ? html`<p class="lead">${lead}</p>` : nothing}`;
}

export interface StepActions {
  /**
   * The form's submit button: its label, and the one while `busy`, which shows a spinner and marks it unavailable
   * (`aria-disabled`, not `disabled`: the button pressed keeps focus, where a disabled one would drop it to the page;
   * the step's submit handler ignores a press while busy). `disabled`: not ready to be pressed at all.
   */
  submit?: { label: string; busyLabel: string; busy: boolean; disabled?: boolean };
  /** Adds "Back" (first in the row on wide screens, last on narrow ones), disabled while the submit is `busy`. */
  back?: () => void;
  /** A request of the step's own runs (no submit in this row): Back waits for it too. */
  busy?: boolean;
}

/** The actions row of a step: "Back" and the primary submit button. */
export function stepActions({ submit, back, busy = submit?.busy }: StepActions): TemplateResult {
  return html`<div class="actions">
    ${back ? html`<button type="button" class="btn secondary start" ?disabled=${busy} @click=${back}>${msg('Back', { id: 'step.back' })}</button>` : nothing}
    ${submit
      ? html`<button type="submit" class="btn primary" ?disabled=${Boolean(submit.disabled)} aria-disabled=${submit.busy ? 'true' : 'false'} aria-busy=${submit.busy ? 'true' : 'false'}>
          ${submit.busy ? submit.busyLabel : submit.label}
        </button>`
      : nothing}
  </div>`;
}
