/**
 * The enrollment scope, as the flow engine (flow/scope.ts) takes it: its steps and the router's pure functions, what
 * each step's completion means, when leaving asks the opt-out question, and each step's element with its bound
 * properties and where its code lives (one chunk per step; the address form is on the first screen).
 */
import { html } from 'lit';
import { msg } from '@lit/localize';
import type { StepName } from '../../contract/enrollment.js';
import type { ScopeDeclaration } from '../../flow/scope.js';
import { stepLabel } from './labels.js';
import { exitOutcome, nextStep, stepsFor, type SessionProgress } from './router.js';
// The first step is part of the first screen's own file (scripts/chunks.ts): imported here, not loaded.
import '../../steps/address/address.js';

// The opt-out question, asked only after the plans were seen, comes with the plans (plans.ts imports it).
const plans = () => import('../../steps/plans/plans.js');

export const enrollment: ScopeDeclaration<StepName, SessionProgress> = {
  title: () => msg('Electricity enrollment', { id: 'flow.title' }),
  label: stepLabel,
  progress: {},
  steps: stepsFor,
  current: nextStep,
  entered: (step, progress) => (step === 'plans' ? { ...progress, sawPlans: true } : progress),
  local: ['address', 'done'],
  complete({ step, data }, account, progress) {
    if (step === 'done') return { close: 'completed' };
    const p = { ...progress };
    if (data?.address) p.address = data.address;
    if (data?.plan) p.plan = data.plan;
    if (step === 'review' && (account.enrollment.is_enrollment_finalized || data?.finalized === true)) p.finalized = true;
    // The review step found something missing and the customer chose to fix it: go there (if this flow has it).
    const fix = step === 'review' && !p.finalized ? data?.goTo : undefined;
    return { progress: p, step: fix && stepsFor(account).includes(fix) ? fix : nextStep(account, p) };
  },
  exit(account, progress, viewed) {
    const outcome = exitOutcome(account, progress, viewed !== null || Boolean(progress.sawPlans));
    return outcome === 'opt-out' ? 'question' : outcome;
  },
  card: {
    step: 'payment',
    // The card step's chunk holds the card processor adapter; it then finds the same cached Stripe instance.
    warmUp: (key) => import('../../steps/payment/payment.js').then((m) => m.warmUp(key)).catch(() => undefined),
  },
  views: {
    address: {
      tag: 'sf-step-address',
      load: () => Promise.resolve(),
      render: (i) =>
        html`<sf-step-address .account=${i.account} .draft=${i.draft}></sf-step-address>`,
    },
    plans: {
      tag: 'sf-step-plans',
      load: plans,
      render: (i) =>
        html`<sf-step-plans .account=${i.account} .draft=${i.draft} .address=${i.progress.address ?? i.account.service_address ?? null}></sf-step-plans>`,
    },
    identity: {
      tag: 'sf-step-identity',
      load: () => import('../../steps/identity/identity.js'),
      render: (i) =>
        html`<sf-step-identity .account=${i.account} .draft=${i.draft}></sf-step-identity>`,
    },
    credit: {
      tag: 'sf-step-credit',
      load: () => import('../../steps/credit/credit.js'),
      render: (i) =>
        html`<sf-step-credit .account=${i.account} .draft=${i.draft}></sf-step-credit>`,
    },
    payment: {
      tag: 'sf-step-payment',
      load: () => import('../../steps/payment/payment.js'),
      render: (i) =>
        html`<sf-step-payment .account=${i.account} .draft=${i.draft}></sf-step-payment>`,
    },
    // The review and done steps read the accepted plan from the service (the account's location and its contract);
    // the plan accepted in this session only stands in while that read fails.
    review: {
      tag: 'sf-step-review',
      load: () => import('../../steps/review/review.js'),
      render: (i) =>
        html`<sf-step-review .account=${i.account} .draft=${i.draft} .acceptedPlan=${i.progress.plan ?? null}></sf-step-review>`,
    },
    done: {
      tag: 'sf-step-done',
      load: () => import('../../steps/done/done.js'),
      render: (i) =>
        html`<sf-step-done .account=${i.account} .draft=${i.draft} .acceptedPlan=${i.progress.plan ?? null}></sf-step-done>`,
    },
  },
  question: {
    tag: 'sf-opt-out',
    load: plans,
    render: (i) =>
      html`<sf-opt-out .account=${i.account} .planUuids=${i.viewed as string[]}></sf-opt-out>`,
  },
};
