import { html, nothing, type PropertyDeclarations, type PropertyValues } from 'lit';
import { msg } from '@lit/localize';
import { Task, TaskStatus } from '@lit/task';
import { AttemptKey } from '../../api/attempt-key.js';
import type { Account, PaymentMethod } from '../../api/types.js';
import { getLocale } from '../../i18n/localization.js';
import { createLightMount, type LightMount } from '../../payment/mount.js';
import { openCardForm, type CardForm, type CardFormError } from '../../payment/stripe.js';
import { LaterStep } from '../shared/later-step.js';
import { laterStepStyles } from '../shared/later-step.styles.js';
import { stepActions, stepHeading } from '../shared/layout.js';
import { renderRetryAlert, toFailure, type Failure } from '../shared/failure.js';
import { renderRefusal } from '../shared/refusal.js';
import { paymentStyles } from './payment.styles.js';
import './current-card.js';
import { pendingCard, rememberPendingCard } from './pending-card.js';
import { createPaymentSession, ensurePaymentMethodAdded, getPaymentMethod } from '../../api/card.js';
import { remember, sessionStore } from '../../flow/bootstrap.js';

/** For the root's `warmUpCardProcessor`: the adapter lives in this step's chunk. */
export { warmUp } from '../../payment/stripe.js';

/** The slot name used at every shadow level between the document and this step (see payment/mount.ts). */
export const PAYMENT_SLOT = 'payment-element';

/** `resume`: the card whose save was on its way when the page was reloaded (pending-card.ts) is sent again. */
type Mode = 'checking' | 'current' | 'form' | 'resume';

/**
 * What the card is for: `enroll` (enrollment's card step: a card already on file may be kept), `replace` (the
 * update-payment-method scope, which showed the card on file a step before: the form at once, for the new card) or
 * `add` (that scope's "Add a card" where the card on file was found gone, though the account still says it has one:
 * enrollment's words, the form at once, no second look for the card).
 */
export type CardPurpose = 'enroll' | 'replace' | 'add';

/** Card errors the customer can fix by correcting the form; any other card error is the bank's refusal. */
const DETAIL_CODES = new Set(['incorrect_cvc', 'invalid_cvc', 'incorrect_number', 'invalid_number', 'invalid_expiry_month', 'invalid_expiry_year', 'incorrect_zip']);
/** The processor's own hiccup, not the bank's refusal: the same card may go through in a moment. */
const RETRY_CODES = new Set(['processing_error']);

/**
 * Why the processor refused the card, in the flow's words: Stripe's sentences say "tú" in Spanish, where the flow says
 * "usted". Empty where the hint says it all; undefined for another error not about the card (the processor's sentence).
 */
function refusedBecause({ type, code = '', declineCode }: CardFormError): string | undefined {
  if (code === 'setup_intent_authentication_failure') return msg('Your bank could not confirm this card. Try again, or use another card.', { id: 'payment.error.auth' });
  if (type === 'validation_error') {
    // Stripe's codes: incomplete_number, invalid_number, incomplete_expiry, invalid_expiry_year_past, incomplete_cvc, incomplete_zip…
    if (code.includes('number')) return msg('The card number is incomplete or not valid.', { id: 'payment.error.number' });
    if (code.includes('expiry')) return msg('The expiration date is incomplete, not valid or in the past.', { id: 'payment.error.expiry' });
    if (code.includes('cvc')) return msg('The security code is incomplete or not valid.', { id: 'payment.error.cvc' });
    if (code.includes('zip')) return msg('The ZIP code is incomplete or not valid.', { id: 'payment.error.zip' });
    return '';
  }
  // The processor's own sentence for it says "tú" in Spanish.
  if (type === 'api_connection_error') return msg('We could not reach the payment processor. Check your connection, then try again.', { id: 'payment.error.connection' });
  if (type !== 'card_error') return undefined;
  if (DETAIL_CODES.has(code) || RETRY_CODES.has(code)) return '';
  if (declineCode === 'insufficient_funds') return msg('Your card does not have enough funds.', { id: 'payment.error.funds' });
  if (code === 'expired_card') return msg('Your card has expired.', { id: 'payment.error.expired' });
  return msg('Your card was declined.', { id: 'payment.error.declined' });
}

/**
 * @summary Payment step: the card processor's Payment Element (setup mode) to save a card for auto-pay, or the card
 * already on file.
 *
 * Stripe Elements cannot mount inside a shadow root, so the element is mounted into a light-DOM node at the top of
 * the document tree and slotted back down into this step's `payment-element` slot (payment/mount.ts adds the
 * forwarding slots itself). Nothing of Stripe loads before this step's chunk (which holds the card processor adapter, payment/stripe.ts) is
 * loaded: when the card step is next (the root's `warmUpCardProcessor`) or shown.
 *
 * @slot payment-element - Receives the light-DOM mount node of the Payment Element (added by the step itself).
 * @fires sf-step-complete - `{ step: 'payment', account }`.
 * @fires sf-step-back - Back.
 * @fires sf-api-error - 401/403 for the root.
 */
export class SfStepPayment extends LaterStep {
  static override properties: PropertyDeclarations = {
    purpose: {},
    backable: { type: Boolean },
    _mode: { state: true },
    _card: { state: true },
    _ready: { state: true },
    _cardError: { state: true },
    _failure: { state: true },
    _loadFailed: { state: true },
  };

  static override styles = [...laterStepStyles, paymentStyles];

  purpose: CardPurpose = 'enroll';
  /** Whether Back leads anywhere: not where the card form is the scope's first step. */
  backable = true;

  private _mode: Mode = 'checking';
  private _card?: PaymentMethod;
  private _ready = false;
  private _cardError: CardFormError | null = null;
  /** The language the card form was last said in. */
  private _locale = getLocale();
  private _failure: Failure | null = null;
  /** The form could not be loaded (processor unreachable): Try again re-opens it. */
  private _loadFailed = false;

  private _mount?: LightMount;
  private _form?: CardForm;
  /** Set once the processor confirmed the card: a retry only repeats the sync, never the confirmation. */
  private _paymentMethodId?: string;
  /** The same confirmed card synced again (Save card or "Try again" after a lost answer) is the same sync. */
  private _syncKey = new AttemptKey();
  /** A card was saved here: shown again (Back from the review), the step shows the card on file. */
  private _saved = false;

  private _current = new Task(this, {
    autoRun: false,
    task: (_args: [], { signal }) => getPaymentMethod(this.api, signal),
    onComplete: (card) => {
      this._card = card;
      this._mode = 'current';
    },
    // No readable card (removed meanwhile, or the call failed): asking for a new one is always safe.
    onError: (error) => {
      if (toFailure(error, this)?.kind !== 'handled') this._openForm();
    },
  });

  private _open = new Task(this, {
    autoRun: false,
    task: async (_args: [], { signal }) => {
      this._reset();
      // A new form is a new card: one the processor confirmed in an earlier form is not this one (Back from the
      // review, then another card typed, saves that card).
      this._paymentMethodId = undefined;
      this._loadFailed = false;
      this._failure = null;
      const session = await createPaymentSession(this.api, { signal });
      signal.throwIfAborted();
      this._mount ??= createLightMount(this, PAYMENT_SLOT);
      const locale = getLocale();
      const form = await openCardForm({
        publicKey: session.stripe_public_key,
        clientSecret: session.client_secret,
        locale,
        mountNode: this._mount.node,
        themeFrom: this,
        // Why the last card was refused stops being said once the customer changes the card (an empty form, as a
        // new one may report on loading, changes nothing).
        onChange: (empty) => empty || (this._cardError = null),
      });
      if (signal.aborted || !this.isConnected) {
        // The customer left while the form was loading (and may be back, with a newer form on its way): nothing of
        // this one may stay mounted in the document.
        form.destroy();
        return;
      }
      this._form = form;
      // The language was switched while the form loaded.
      if (getLocale() !== locale) form.setLocale(getLocale());
      await form.ready;
      this._ready = true;
    },
    onError: (error) => {
      const failure = toFailure(error, this);
      if (!failure) return; // cancelled because the customer left
      this._failure = failure;
      if (failure.kind !== 'handled') this._loadFailed = true;
    },
  });

  private _save = new Task(this, {
    autoRun: false,
    task: async (_args: [], { signal }): Promise<Account | undefined> => {
      this._cardError = null;
      this._failure = null;
      if (!this._paymentMethodId) {
        const locale = getLocale();
        const result = await this._form!.confirm();
        if ('error' in result) {
          // The processor's sentence is in the language the confirmation started in: after a switch, ours only.
          this._cardError = getLocale() === locale ? result.error : { ...result.error, message: undefined };
          this._form?.focus();
          return undefined;
        }
        this._paymentMethodId = result.paymentMethodId;
        // Confirmed: what Save sends from now on is this card, so the fields can no longer be changed under it.
        this._form?.lock();
      }
      rememberPendingCard(this._paymentMethodId);
      return ensurePaymentMethodAdded(this.api, this._paymentMethodId, { signal, idempotencyKey: this._syncKey.for(this._paymentMethodId) });
    },
    onComplete: (account) => {
      if (!account) return;
      rememberPendingCard();
      // Nor is an enrollment write kept from before a reload on its way (steps/shared/sent-key.ts): a finalize refused
      // for want of this card is not sent again by the review, which waits for its press.
      remember(sessionStore(), null, { write: undefined });
      this._saved = true;
      this.complete({ account });
    },
    onError: (error) => {
      const failure = toFailure(error, this);
      if (failure?.kind === 'fields' || failure?.kind === 'refused') {
        // The processor did not confirm this card after all: start over with a fresh session and form.
        rememberPendingCard();
        this._paymentMethodId = undefined;
        this._cardError = { type: 'not_saved' };
        this._reset();
        this._openForm();
        return;
      }
      this._failure = failure;
    },
  });

  /**
   * The language switched (the header's button): the card form follows (updated in place, not mounted again), and a
   * refusal's sentence from the processor, which is in the language it came in, gives way to ours.
   */
  override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    const locale = getLocale();
    if (locale === this._locale) return;
    this._locale = locale;
    this._form?.setLocale(locale);
    if (this._cardError?.message) this._cardError = { ...this._cardError, message: undefined };
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Shown again (the root keeps a visited step: Back from the review): the card form was released when the step
    // left the page, so it opens anew; once a card was saved, the card on file shows, to keep or replace.
    if (this._saved && this.purpose === 'enroll') {
      this._saved = false;
      this._mode = 'checking';
    }
    if (this._mode === 'form') return this._openForm();
    if (this._mode !== 'checking') return;
    const enrolled = this.purpose === 'enroll' && this.account?.enrollment.has_payment_method;
    // A save on its way when the page was reloaded: sent again, and the step goes on with the service's answer. Not
    // where enrollment already has a card (the router went past this step, and Back came here): that one is kept.
    if (enrolled) rememberPendingCard();
    const pending = enrolled ? undefined : pendingCard();
    if (pending) {
      this._paymentMethodId = pending;
      this._mode = 'resume';
      this.sending(this._save.run([]));
    } else if (enrolled) void this._current.run([]);
    else this._openForm();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this._open.abort();
    this._reset();
    this._mount?.release();
    this._mount = undefined;
  }

  private _reset(): void {
    this._form?.destroy();
    this._form = undefined;
    this._ready = false;
  }

  private _openForm(): void {
    this._mode = 'form';
    void this._open.run([]);
  }

  override render() {
    return html`
      ${this.purpose === 'replace'
        ? stepHeading(
            msg('Enter your new card', { id: 'payment.replace.heading' }),
            msg('It replaces the card on file for automatic payment of your bills. Nothing is charged today.', {
              id: 'payment.replace.lead',
            }),
          )
        : stepHeading(
            msg('Add a card for auto-pay', { id: 'payment.heading' }),
            msg('Your card is saved for automatic payment of your bills. Nothing is charged today.', { id: 'payment.lead' }),
          )}
      ${this._mode === 'checking'
        ? html`<p role="status">${msg('Checking your saved card…', { id: 'payment.checking' })}</p>`
        : nothing}
      ${this._mode === 'resume'
        ? html`${this._save.status === TaskStatus.PENDING
              ? html`<p role="status">${msg('Saving your card…', { id: 'payment.saving' })}</p>`
              : nothing}${renderRetryAlert(this._failure, () => this._retry(), this._save.status === TaskStatus.PENDING)}`
        : nothing}
      ${this._mode === 'current'
        ? html`<sf-current-card .card=${this._card} .back=${this._back} @sf-card-use=${this._useCurrent} @sf-card-replace=${this._replace}></sf-current-card>`
        : nothing}
      ${this._mode === 'form' ? this._renderForm() : this._mode !== 'current' && this._back ? stepActions({ back: this._back }) : nothing}
    `;
  }

  /** Back, in the row of the view's own buttons (the form's, the card on file's) as on every step; none when first. */
  private get _back() {
    return this.backable ? () => this.back() : undefined;
  }

  private _renderForm() {
    const saving = this._save.status === TaskStatus.PENDING;
    const loading = this._open.status === TaskStatus.PENDING;
    return html`<form novalidate @submit=${this._submit} aria-labelledby="form-heading">
      <h2 id="form-heading" tabindex="-1">${msg('Card details', { id: 'payment.form.heading' })}</h2>
      ${this._cardError ? this._renderCardError(this._cardError) : nothing}
      ${renderRetryAlert(this._failure, () => this._retry(), saving || loading)} ${renderRefusal(this._failure)}
      ${loading ? html`<p role="status">${msg('Loading the secure card form…', { id: 'payment.loading' })}</p>` : nothing}
      <div class="element" part="payment-element" ?hidden=${this._loadFailed}>
        <slot name=${PAYMENT_SLOT}></slot>
      </div>
      <p class="hint">
        ${msg('Card details go straight to our payment processor over an encrypted connection; this app never sees the full number.', {
          id: 'payment.secure',
        })}
      </p>
      ${stepActions({
        back: this._back,
        submit: {
          busy: saving,
          disabled: !this._ready,
          label: msg('Save card', { id: 'payment.save' }),
          busyLabel: msg('Saving your card…', { id: 'payment.saving' }),
        },
      })}
    </form>`;
  }

  /** Why, in the flow's words (or, for another error, the processor's sentence), under what happened. */
  private _renderCardError(e: CardFormError) {
    const detail =
      refusedBecause(e) ??
      (e.type === 'not_saved' || !e.message ? msg('Please enter your card again, or use another card.', { id: 'payment.error.again' }) : e.message);
    // A refusal (LaterStep): focus lost to the page (the Save button it was on is gone) comes here, where it is read
    // (and it stops being an alert, said once); with focus elsewhere, the alert says it.
    return html`<div class="alert error refusal" role="alert" tabindex="-1">
      <p><strong>${msg('Your card was not saved.', { id: 'payment.error.heading' })}</strong> ${detail}</p>
      ${e.type === 'card_error' || e.type === 'validation_error'
        ? html`<p>
            ${e.type === 'validation_error' || DETAIL_CODES.has(e.code ?? '')
              ? msg('Check the details in the form below, or use another card.', { id: 'payment.error.hint' })
              : RETRY_CODES.has(e.code ?? '')
                ? msg('This did not go through. Try again in a moment, or use another card.', { id: 'payment.error.retry_hint' })
                : msg('Your bank did not accept this card. Use another card, or call your bank.', { id: 'payment.error.declined_hint' })}
          </p>`
        : nothing}
    </div>`;
  }

  private _submit(e: Event): void {
    e.preventDefault();
    if (!this._ready || this._save.status === TaskStatus.PENDING) return;
    this.sending(this._save.run([]));
  }

  /**
   * Leaving (the close button) while a confirmed card's save failed to answer ("Try again" on screen): the card is
   * added at the processor, so the save is sent again with its key; the service answers what it did (a replay when
   * the first one arrived), and the step moves on with it rather than a close as if nothing was saved.
   */
  protected override leaving(): Promise<unknown> | undefined {
    if (this._paymentMethodId && this._failure?.kind === 'retry' && this._save.status === TaskStatus.ERROR) {
      this.sending(this._save.run([]));
    }
    return super.leaving();
  }

  private _retry(): void {
    if (this._mode === 'form' && (this._loadFailed || !this._form)) void this._open.run([]);
    else this.sending(this._save.run([]));
  }

  private _useCurrent(): void {
    if (this.account) this.complete({ account: this.account });
  }

  private _replace(): void {
    this._openForm();
    void this.focusHeading('#form-heading');
  }
}

customElements.define('sf-step-payment', SfStepPayment);

declare global {
  interface HTMLElementTagNameMap {
    'sf-step-payment': SfStepPayment;
  }
}
