/**
 * What the root renders around the one view it shows: the progress bar, the session-expiry notice, the live
 * announcement of each new step, the page title, and the last-resort screen when even the status screens' code
 * cannot load. Pure functions of the root's state; call them from render (they use msg()).
 */
import { html, nothing } from 'lit';
import { msg, str } from '@lit/localize';
import type { Account } from '../api/types.js';
import { getLocale } from '../i18n/localization.js';
import type { StepName } from '../contract/events.js';
import { stepLabel } from './labels.js';
import { stepPosition, stepsFor } from './router.js';
import '../ui/progress.js';

export function renderProgress(step: StepName, account: Account | undefined) {
  const position = account && stepPosition(step, account);
  if (!account || !position) return nothing;
  return html`<sf-progress .current=${position.index} .total=${position.total} .labels=${stepsFor(account).map(stepLabel)}></sf-progress>`;
}

export function renderExpiryNotice(expiresAt: string | null) {
  if (!expiresAt) return nothing;
  const time = new Intl.DateTimeFormat(getLocale(), { timeStyle: 'short' }).format(new Date(expiresAt));
  return html`<p class="notice" role="status">${msg(str`This link expires at ${time}. What you already saved is kept.`, { id: 'flow.expiring' })}</p>`;
}

/** "Step 2 of 6: Plan" for the live region; the view's own heading when it has one. */
export function announcement(shown: { step: StepName; title: string } | null, account: Account | undefined): string {
  if (!shown) return '';
  const position = account && stepPosition(shown.step, account);
  const title = shown.title || stepLabel(shown.step);
  return position ? msg(str`Step ${position.index} of ${position.total}: ${title}`, { id: 'flow.announce-step' }) : title;
}

/** "Plan · Acme Energy": the step (when one is on screen), then the partner's name or the flow's. */
export function pageTitle(step: StepName | null, brand: string | null | undefined): string {
  return [step ? stepLabel(step) : '', brand || msg('Electricity enrollment', { id: 'flow.title' })].filter(Boolean).join(' · ');
}

/** The status screens' code could not load (offline): say so, in the fewest words. */
export function renderOffline() {
  return html`<h1 id="step-heading" tabindex="-1">${msg('We cannot reach the service', { id: 'status.network.heading' })}</h1>
    <p>${msg('Check your internet connection, then try again.', { id: 'status.network.body' })}</p>
    <button class="btn primary" type="button" @click=${() => location.reload()}>${msg('Try again', { id: 'common.try-again' })}</button>`;
}
