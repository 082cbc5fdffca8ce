/**
 * A refusal of the reads of the account's service location (the location, its documents): a 404 says the service no
 * longer knows that location, which no retry brings back, in the customer's words and with the way out; any other
 * refusal in the service's words (refusal.ts). A module of its own: the documents and the renewal steps share it.
 */
import { html } from 'lit';
import { msg } from '@lit/localize';
import type { Failure } from './failure.js';
import { renderRefusal } from './refusal.js';

export const locationGone = (failure: Failure | null): boolean => failure?.kind === 'refused' && failure.error.status === 404;

export function renderLocationRefusal(failure: Failure | null) {
  return locationGone(failure)
    ? html`<div class="alert error" role="alert">
        <p>
          ${msg(
            'We could not find the details of your electricity service. Please close this, then open it again from where you started. If that does not help, contact customer service.',
            { id: 'location.gone' },
          )}
        </p>
      </div>`
    : renderRefusal(failure);
}
