import { html, nothing, type TemplateResult } from 'lit';
import { msg } from '@lit/localize';
import type { Failure } from './failure.js';

/**
 * A refusal the step did not word itself: the service's message, rendered as text, marked as English (the service
 * writes its messages in English), so a Spanish screen reader reads it in English. Only the steps after the address
 * form show one, so it loads with them rather than on the first screen (failure.ts).
 *
 * Field errors are shown here too: a step shows the fields it has next to them and keeps as its failure only those
 * it has no place for (a field of the account, such as `status` when it was cancelled), which must still be said.
 */
export function renderRefusal(failure: Failure | null): TemplateResult | typeof nothing {
  if (failure?.kind !== 'refused' && failure?.kind !== 'fields') return nothing;
  return html`<div class="alert error refusal" role="alert" part="alert" tabindex="-1">
    <p>${msg('The service could not accept this:', { id: 'error.refused' })} <span lang="en">${failure.error.message}</span></p>
  </div>`;
}
