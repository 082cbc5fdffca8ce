/**
 * The renewal scope: the current plan and when its contract ends (and whether it may renew now), the priced renewal
 * plans with the enrollment's plan card, start date and terms, acceptance (the new contract is queued after the
 * current one), and a done screen with the queued contract and its documents. The refusals (not active, too early,
 * already renewed) are said in plain words on the first step, which then closes.
 */
import { html } from 'lit';
import { msg } from '@lit/localize';
import type { ScopeDeclaration } from '../../flow/scope.js';
// The first step is part of this scope's chunk (vite.config.ts): imported here, not loaded.
import '../../steps/renewal/renewal.js';
import { RENEWAL_STEPS, renewalComplete, renewalCurrent, renewalExit, type RenewalData, type RenewalProgress, type RenewalStep } from './router.js';

export const renewal: ScopeDeclaration<RenewalStep, RenewalProgress> = {
  title: () => msg('Renew your plan', { id: 'renewal.title' }),
  label: (step) =>
    step === 'renewal'
      ? msg('Current plan', { id: 'renewal.step.current' })
      : step === 'renewal-plans'
        ? msg('Renewal plans', { id: 'renewal.plans.list' })
        : msg('Renewal confirmed', { id: 'renewal.step.done' }),
  progress: {},
  // A reload after the renewal was accepted (the done screen marked the session): back to the done screen.
  resume: (returned) => (returned.done ? { accepted: true } : undefined),
  // Not numbered (router.ts): Back from the plans is the plans' own completion.
  steps: () => RENEWAL_STEPS,
  current: renewalCurrent,
  // No step's completion needs the account read again: a queued renewal changes the location's contracts, which the
  // done screen reads itself, not the account. (A re-read after accepting could fail and, with it, the done screen.)
  local: ['renewal', 'renewal-plans', 'renewal-done'],
  complete({ step, data }, _account, progress) {
    const next = renewalComplete(step, (data ?? {}) as RenewalData, progress);
    return next === 'close' ? { close: 'completed' } : next;
  },
  exit: (_account, progress) => renewalExit(progress),
  views: {
    renewal: {
      tag: 'sf-step-renewal',
      load: () => Promise.resolve(),
      render: (i) => html`<sf-step-renewal .account=${i.account} .draft=${i.draft}></sf-step-renewal>`,
    },
    'renewal-plans': {
      tag: 'sf-step-renewal-plans',
      load: () => import('../../steps/renewal-plans/renewal-plans.js'),
      render: (i) => html`<sf-step-renewal-plans .account=${i.account} .draft=${i.draft}></sf-step-renewal-plans>`,
    },
    'renewal-done': {
      tag: 'sf-step-renewal-done',
      load: () => import('../../steps/renewal-done/renewal-done.js'),
      render: (i) => html`<sf-step-renewal-done .account=${i.account} .draft=${i.draft}></sf-step-renewal-done>`,
    },
  },
};
