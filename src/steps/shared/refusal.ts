import { html, nothing, type TemplateResult } from 'lit';
import { msg } from '@lit/localize';
import type { Failure } from './failure.js';

/**
 * A refusal the step did not word itself: the service's message, rendered as text, marked as English (the service
 * writes its messages in English), so a Spanish screen reader reads it in English. Only the steps after the address
 * form show one, so it loads with them rather than on the first screen (failure.ts).
 */
export function renderRefusal(failure: Failure | null): TemplateResult | typeof nothing {
  if (failure?.kind !== 'refused') return nothing;
  return html`<div class="alert error refusal" role="alert" part="alert" tabindex="-1">
    <p>${msg('The service could not accept this:', { id: 'error.refused' })} <span lang="en">${failure.error.message}</span></p>
  </div>`;
}
