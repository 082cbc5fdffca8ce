/**
 * What the root renders around the one view it shows: the progress bar, the live
 * announcement of each new step, the page title, and the last-resort screen when even the status screens' code
 * cannot load. Pure functions of the root's state; call them from render (they use msg()).
 */
import { html, nothing } from 'lit';
import { msg, str } from '@lit/localize';
import type { Account } from '../api/types.js';
import type { AnyScope } from './scope.js';
import { position } from './state.js';
import { renderProgressBar } from '../ui/progress.js';

export function renderProgress(scope: AnyScope, step: string, account: Account) {
  const at = position(scope, step, account);
  if (!at) return nothing;
  return renderProgressBar(at.index, at.total, scope.steps(account).map(scope.label));
}

/**
 * "Step 2 of 6" for the live region when a numbered step is shown. Its title is not repeated there: focus on its
 * heading reads it (twice would be once too many).
 */
export function announcement(scope: AnyScope, step: string, account: Account | undefined): string {
  const at = account && position(scope, step, account);
  return at ? msg(str`Step ${at.index} of ${at.total}`, { id: 'progress.step-of' }) : '';
}

/**
 * "Plan · Acme Energy", "You have left this page · Acme Energy": what is on screen (the step's name, or the heading of
 * a status screen or of the exit question), then the partner's name or the scope's title. "Electricity enrollment"
 * only with nothing else to say: a status screen before the scope is known is titled by its heading alone.
 */
export function pageTitle(scope: AnyScope | undefined, what: string | null | undefined, brand: string | null | undefined): string {
  return [what, brand || scope?.title() || (what ? '' : msg('Electricity enrollment', { id: 'flow.title' }))].filter(Boolean).join(' · ');
}

/** The status screens' code could not load (offline): say so, in the fewest words. */
export function renderOffline() {
  return html`<h1 id="step-heading" tabindex="-1">${msg('We cannot reach the service', { id: 'status.network.heading' })}</h1>
    <p>${msg('Check your internet connection, then try again.', { id: 'status.network.body' })}</p>
    <button class="btn primary" type="button" @click=${() => location.reload()}>${msg('Try again', { id: 'common.try-again' })}</button>`;
}
