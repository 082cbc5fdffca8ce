/**
 * The update-payment-method scope, as the flow engine (flow/scope.ts) takes it: the card on file, the card step of
 * enrollment (sf-step-payment, for the new card), and a last screen with the new card and the account's status.
 *
 * An account without a card on file (never added, or removed) goes straight to the card form. The service accepts a
 * card in every state, and a card matters in almost all of them: before service starts it is what enrollment asks
 * for (an enrollment in progress then skips its card step), while service runs it pays the bills, and after service
 * ended it pays the last one. The one exception is an enrollment cancelled before service started: nothing will ever
 * be billed, so the flow says so (sf-step-card-not-needed) and closes without a card form.
 */
import { html } from 'lit';
import { msg } from '@lit/localize';
import type { Account } from '../../api/types.js';
import type { ScopeDeclaration } from '../../flow/scope.js';
// The first screen of an account with a card: part of this scope's own chunk (vite.config.ts), imported here.
import '../../steps/card-on-file/card-on-file.js';
import { pendingCard } from '../../steps/payment/pending-card.js';

export type UpdateCardStep = 'card-on-file' | 'payment' | 'card-updated' | 'card-not-needed';

/**
 * What this session did or found that the account does not show: a card was saved (the account only says "a card");
 * the card on file was gone when step 1 read it (the account still says it has one), so the card form adds one; a
 * card's save was on its way when the page was reloaded (the card form sends it again).
 */
export interface UpdateCardProgress {
  updated?: boolean;
  none?: boolean;
  pending?: boolean;
}

const hasCard = (account: Account) => account.enrollment.has_payment_method;

/** Cancelled before service started (every cancelled reason but `cancelled_post_start`): never billed. */
export function neverBilled(account: Account): boolean {
  return account.status === 'cancelled' && account.status_reason !== 'cancelled_post_start';
}

/** The numbered steps: the card on file (when there is one), then the card form; the last screen is not numbered. */
export function updateCardSteps(account: Account): readonly UpdateCardStep[] {
  if (neverBilled(account)) return [];
  return hasCard(account) ? ['card-on-file', 'payment'] : ['payment'];
}

function currentStep(account: Account, progress: UpdateCardProgress): UpdateCardStep {
  if (progress.updated) return 'card-updated';
  if (progress.pending) return 'payment';
  if (neverBilled(account)) return 'card-not-needed';
  return hasCard(account) ? 'card-on-file' : 'payment';
}

export const updatePaymentMethod: ScopeDeclaration<UpdateCardStep, UpdateCardProgress> = {
  title: () => msg('Update your payment method', { id: 'update_card.title' }),
  label: (step) =>
    step === 'card-on-file'
      ? msg('Card on file', { id: 'update_card.step.card_on_file' })
      : step === 'payment'
        ? msg('New card', { id: 'update_card.step.payment' })
        : step === 'card-updated'
          ? msg('Card updated', { id: 'update_card.step.card_updated' })
          : msg('No card needed', { id: 'update_card.step.card_not_needed' }),
  progress: {},
  // A reload after the card was replaced (the done screen marked the session): back to the done screen. A reload while
  // a card's save was on its way (the account may already show it as the card on file): the card form, which sends it
  // again, rather than that card offered to keep.
  resume: (returned) => (returned.done ? { updated: true } : pendingCard() ? { pending: true } : undefined),
  steps: updateCardSteps,
  // A reload after saving shows the card on file, which is then the new one.
  current: currentStep,
  local: ['card-on-file', 'card-updated', 'card-not-needed'],
  complete(detail, _account, progress) {
    const { step } = detail;
    if (step === 'card-updated') return { close: 'completed' };
    // The guard's only way on is "Close" (an exit request); a completion there changes nothing either.
    if (step === 'card-not-needed') return { progress, step };
    // A card saved; or the card on file read again is another card (a save whose answer was lost): the update is done.
    if (step === 'payment' || detail.data?.replaced) return { progress: { ...progress, updated: true }, step: 'card-updated' };
    // The card on file: "Replace", or "Add a card" as there was none after all (`data.none`, kept: the card form then
    // says it adds one, and opens at once).
    return { progress: { ...progress, ...detail.data }, step: 'payment' };
  },
  // Leaving before a new card is saved changes nothing; after it, the update is done.
  exit: (_account, progress) => (progress.updated ? 'completed' : 'exited'),
  card: {
    step: 'payment',
    // The card step's chunk holds the card processor adapter; it then finds the same cached Stripe instance.
    warmUp: (key) => import('../../steps/payment/payment.js').then((m) => m.warmUp(key)).catch(() => undefined),
  },
  views: {
    'card-on-file': {
      tag: 'sf-step-card-on-file',
      load: () => Promise.resolve(),
      render: (i) => html`<sf-step-card-on-file .account=${i.account} .draft=${i.draft}></sf-step-card-on-file>`,
    },
    payment: {
      tag: 'sf-step-payment',
      load: () => import('../../steps/payment/payment.js'),
      render: (i) =>
        html`<sf-step-payment
          .account=${i.account}
          .draft=${i.draft}
          .clientAgent=${false}
          .purpose=${hasCard(i.account) ? (i.progress.none ? 'add' : 'replace') : 'enroll'}
          .backable=${hasCard(i.account)}
        ></sf-step-payment>`,
    },
    'card-updated': {
      tag: 'sf-step-card-updated',
      load: () => import('../../steps/card-updated/card-updated.js'),
      render: (i) => html`<sf-step-card-updated .account=${i.account} .draft=${i.draft}></sf-step-card-updated>`,
    },
    'card-not-needed': {
      tag: 'sf-step-card-not-needed',
      load: () => import('../../steps/card-not-needed/card-not-needed.js'),
      render: (i) =>
        html`<sf-step-card-not-needed .account=${i.account} .draft=${i.draft}></sf-step-card-not-needed>`,
    },
  },
};
