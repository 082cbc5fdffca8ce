/**
 * The renewal's words, shared by its steps: a contract's terms as a summary list, and where the location stands for
 * renewal (renewalStanding, or a 422's field code) in plain words. Call from render() only (msg()).
 */
import { html, nothing } from 'lit';
import { msg, str } from '@lit/localize';
import type { Contract } from '../../api/types.js';
import type { RenewalStanding } from '../../scopes/renewal/router.js';
import { getLocale } from '../../i18n/localization.js';
import { addDays, formatDate, formatMonths, formatRate } from '../../ui/format.js';
import type { Failure } from '../shared/failure.js';
import { renderRefusal } from '../shared/refusal.js';
/**
 * A refusal of the location's reads: a 404 says the service no longer knows the account's location (no retry brings
 * it back), in the customer's words and the way out; any other refusal, the service's words (refusal.ts). The
 * documents step says the same (documents.ts): a module the two shared would go to the chunk every later step loads.
 */
export function renderLocationRefusal(failure: Failure | null) {
  return failure?.kind === 'refused' && failure.error.status === 404
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

/** A contract's plan, rate, term and dates. */
export function renderContract(c: Contract) {
  const locale = getLocale();
  return html`<dl class="summary">
    <dt>${msg('Plan', { id: 'renewal.contract.plan' })}</dt>
    <dd>${c.plan_name}</dd>
    <dt>${msg('Energy rate', { id: 'renewal.contract.rate' })}</dt>
    <dd>${formatRate(c.energy_rate_cents_per_kwh, locale)}</dd>
    <dt>${msg('Term', { id: 'renewal.contract.term' })}</dt>
    <dd>${formatMonths(c.term_months, locale)}</dd>
    <dt>${msg('Start date', { id: 'renewal.contract.start' })}</dt>
    <dd>${formatDate(c.start_date, locale)}</dd>
    <dt>${msg('End date', { id: 'renewal.contract.end' })}</dt>
    <dd>${formatDate(c.end_date, locale)}</dd>
  </dl>`;
}

/** When the current contract ends, in a sentence (an ended one: the customer is on month-to-month service). */
export function contractEnd(c: Contract): string {
  const end = formatDate(c.end_date, getLocale());
  return c.status === 'expired'
    ? msg(str`Your contract ended on ${end}. You are now on month-to-month service until you choose a new plan.`, { id: 'renewal.ended' })
    : msg(str`Your contract ends on ${end}.`, { id: 'renewal.ends' });
}

/**
 * Why the location may not renew now, or that it may: a heading and what happens next. `ended`: the account's service
 * ended (cancelled), which no renewal continues.
 */
export function renderStanding(standing: RenewalStanding, endDate?: string, ended = false) {
  const locale = getLocale();
  const block = (heading: string, ...body: unknown[]) =>
    html`<section class="card standing" aria-labelledby="standing-heading">
      <h2 id="standing-heading">${heading}</h2>
      ${body.map((p) => (p ? html`<p>${p}</p>` : nothing))}
    </section>`;
  switch (standing.kind) {
    case 'no_location':
      return block(
        msg('There is no plan to renew yet', { id: 'renewal.standing.no_location' }),
        msg('You can renew once you have enrolled and your electricity service is active.', { id: 'renewal.standing.no_location.body' }),
      );
    case 'not_active':
      return ended
        ? block(
            msg('There is no plan to renew', { id: 'renewal.standing.ended' }),
            msg('A renewal continues a plan that is running, and your electricity service with us has ended.', { id: 'renewal.standing.ended.body' }),
          )
        : block(
            msg('Renewal is not available yet', { id: 'renewal.standing.not_active' }),
            msg('You can renew your plan once your electricity service is active.', { id: 'renewal.standing.not_active.body' }),
          );
    case 'not_yet_eligible':
      return block(
        msg('It is too early to renew', { id: 'renewal.standing.too_early' }),
        standing.opensOn
          ? msg(str`Renewal plans are offered from ${formatDate(standing.opensOn, locale)}, 60 days before your contract ends. Please come back then; nothing changes until your contract ends.`, {
              id: 'renewal.standing.too_early.body',
            })
          : msg('Renewal plans are offered from 60 days before your contract ends. Please come back then.', { id: 'renewal.standing.too_early.generic' }),
      );
    case 'already_renewed':
      return block(
        msg('You have already renewed', { id: 'renewal.standing.renewed' }),
        standing.queued
          ? msg(str`Your new plan, ${standing.queued.plan_name}, is queued: it starts on ${formatDate(standing.queued.start_date, locale)}.`, {
              id: 'renewal.standing.renewed.body',
            })
          : msg('A renewal is already queued for your address.', { id: 'renewal.standing.renewed.generic' }),
        msg('A renewal you accepted cannot be changed here. To change it, please contact customer service.', { id: 'renewal.standing.renewed.final' }),
      );
    case 'eligible':
      return block(
        msg('You can renew now', { id: 'renewal.standing.eligible' }),
        standing.monthToMonth
          ? msg('Choose a new plan and the day it starts.', { id: 'renewal.standing.eligible.m2m' })
          : endDate
            ? msg(str`Choose a new plan. It starts on ${formatDate(addDays(endDate, 1), locale)}, the day after your current contract ends, so your service continues without a gap.`, {
                id: 'renewal.standing.eligible.body',
              })
            : nothing,
      );
  }
}
