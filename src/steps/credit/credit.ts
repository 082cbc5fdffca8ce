import { html, nothing, type PropertyDeclarations } from 'lit';
import { msg } from '@lit/localize';
import { Task, TaskStatus } from '@lit/task';
import type { Account } from '../../api/types.js';
import { LaterStep } from '../shared/later-step.js';
import { laterStepStyles } from '../shared/later-step.styles.js';
import { stepActions, stepHeading } from '../shared/layout.js';
import { fieldCodes, renderRetryAlert, toFailure, type Failure } from '../shared/failure.js';
import { renderRefusal } from '../shared/refusal.js';
import { afterPress } from '../shared/after-press.js';
import { creditStyles } from './credit.styles.js';
import { formatSsn, ssnDigits, ssnProblem, type SsnProblem } from './ssn.js';
import { submitCreditCheck } from '../../api/enroll.js';
import { getAccount } from '../../api/client.js';
import { SentKey } from '../shared/sent-key.js';

/**
 * @summary Credit check step: the full SSN in a masked field and explicit consent to a soft credit check.
 *
 * The SSN exists only as the value of the input element: it is not a property, not state, not in the draft, never
 * bound back into the template (so it never becomes an attribute or a re-render), read once to build the request
 * body, and cleared from the input after success and when the step leaves the page.
 *
 * @fires sf-step-complete - `{ step: 'credit', account }`.
 * @fires sf-step-back - Back.
 * @fires sf-api-error - 401/403 for the root.
 */
export class SfStepCredit extends LaterStep {
  static override properties: PropertyDeclarations = {
    _show: { state: true },
    _problem: { state: true },
    _consent: { state: true },
    _consentError: { state: true },
    _checked: { state: true },
    _failure: { state: true },
  };

  static override styles = [...laterStepStyles, creditStyles];

  /**
   * The SSN lives only in this input (read when sending, cleared after); a getter, like `@query` without its code.
   * A password field, so that screen readers do not read the number aloud (a text field masked with
   * -webkit-text-security is read out), named ssn by id and name: Chromium's password manager then takes it for no
   * password (no "Save password?"), as the data-*ignore attributes tell the password extensions.
   */
  private get _ssn(): HTMLInputElement | null {
    return this.renderRoot?.querySelector<HTMLInputElement>('#ssn') ?? null;
  }

  private _show = false;
  private _problem: SsnProblem | 'server' | null = null;
  private _consent = false;
  private _consentError = false;
  /** Problems show from the first submit (or leaving the field) on. */
  private _checked = false;
  private _failure: Failure | null = null;

  /**
   * Decided from the digits when sending, not cleared on input: clearing the field and typing the same number again
   * after a lost answer is the same credit check (a second one would be a second inquiry on the customer's credit
   * file), a different number is a new one. Consent is always given when sending, so the digits are the request.
   * After a reload of the page while a check was on its way, the first check of the new page goes under that one's
   * key, whatever number is typed now (none was kept to compare): the service answers with the first one's outcome,
   * or refuses the key for another number (below), never a second inquiry.
   */
  private _key = new SentKey('credit');

  private _submit = new Task<[], Account>(this, {
    autoRun: false,
    task: (_args, { signal }) => {
      this._failure = null;
      const ssn = ssnDigits(this._ssn?.value ?? '');
      return submitCreditCheck(this.api, { ssn, consent: true }, { signal, idempotencyKey: this._key.for(ssn) });
    },
    onComplete: (account) => {
      this._clear();
      this._key.reset();
      this.complete({ account });
    },
    onError: (error) => {
      const failure = toFailure(error, this);
      // The check sent before a reload went through with another number (its key refused for this one): never a
      // second inquiry. The account read again says so on this step ("Your credit check is submitted", Continue).
      if (this._key.reused(error)) {
        return void getAccount(this.api).then(
          (account) => (account.enrollment.is_credit_check_submitted ? ((this.account = account), void this.focusHeading()) : this.complete()),
          () => this.complete(),
        );
      }
      // Processed already (the enrollment was submitted meanwhile, in another tab): nothing to send again; on to where
      // the account stands (the root reads it), not "check the digits on your card".
      if (fieldCodes(failure).get('ssn') === 'range') return this._key.reset(), this.complete();
      if (failure?.kind === 'fields') {
        const fields = failure.fields.map((f) => f.field);
        if (fields.includes('ssn')) this._problem = 'server';
        if (fields.includes('consent')) this._consentError = true;
        if (this._problem || this._consentError) {
          this._focusFirstInvalid();
          return;
        }
      }
      this._failure = failure;
    },
  });

  /**
   * Leaving the page (Back) clears the number, not the attempt: after a lost answer, the same number typed again when
   * the step is back is the same credit check. What was said about the number goes with it.
   */
  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this._clear();
    this._problem = null;
    this._checked = false;
  }

  private _clear(): void {
    if (this._ssn) this._ssn.value = '';
  }

  override render() {
    const busy = this._submit.status === TaskStatus.PENDING;
    const problem = this._checked || this._problem === 'server' ? this._problem : null;
    // Done already (Back from a later step, a second tab): never a second inquiry on the customer's credit file.
    if (this.account?.enrollment.is_credit_check_submitted) {
      return html`${stepHeading(msg('Credit check', { id: 'credit.heading' }))}
        <form @submit=${this._onContinue}>
          <p class="card">${msg('Your credit check is submitted. It is not run again.', { id: 'credit.submitted' })}</p>
          ${stepActions({ back: () => this.back(), submit: { busy: false, label: msg('Continue', { id: 'step.continue' }), busyLabel: '' } })}
        </form>`;
    }
    return html`
      ${stepHeading(
        msg('Credit check', { id: 'credit.heading' }),
        msg('We run a soft credit check to set up your service. It does not affect your credit score, and no one else can see it.', {
          id: 'credit.lead',
        }),
      )}
      ${renderRetryAlert(this._failure, () => this._onSubmit(), busy)} ${renderRefusal(this._failure)}
      <form novalidate autocomplete="off" @submit=${this._onSubmit}>
        <div class="field">
          <label for="ssn">${msg('Social Security number', { id: 'credit.ssn' })}</label>
          <p id="ssn-hint" class="hint">
            ${msg('9 digits, for example 123-45-6789. We never store it in this app or show it back to you.', {
              id: 'credit.ssn.hint',
            })}
          </p>
          <div class="ssn-row">
            <input
              id="ssn"
              name="ssn"
              type=${this._show ? 'text' : 'password'}
              inputmode="numeric"
              autocomplete="off"
              autocapitalize="off"
              spellcheck="false"
              data-1p-ignore
              data-lpignore="true"
              data-bwignore
              aria-invalid=${problem ? 'true' : 'false'}
              aria-describedby=${problem ? 'ssn-hint ssn-error' : 'ssn-hint'}
              @input=${this._onInput}
              @blur=${() => afterPress(() => this._onLeave())}
            />
            <button
              type="button"
              class="btn secondary"
              aria-controls="ssn"
              @click=${() => (this._show = !this._show)}
            >
              ${this._show ? msg('Hide', { id: 'credit.hide' }) : msg('Show', { id: 'credit.show' })}<span class="sr-only">
                ${msg('Social Security number', { id: 'credit.ssn' })}</span
              >
            </button>
          </div>
          <p id="ssn-error" class="error" aria-live="polite">${problem ? this._problemText(problem) : ''}</p>
        </div>
        <div class="terms">
          <h2>${msg('Credit check terms', { id: 'credit.terms.heading' })}</h2>
          <p id="terms-text">
            ${msg(
              'By checking the box, you authorize the electricity provider to obtain your credit report from a consumer reporting agency once, to decide on this application for electricity service. This is a soft inquiry: it does not lower your credit score.',
              { id: 'credit.terms.text' },
            )}
          </p>
        </div>
        <div class="check">
          <input
            id="consent"
            type="checkbox"
            .checked=${this._consent}
            aria-invalid=${this._consentError ? 'true' : 'false'}
            aria-describedby=${this._consentError ? 'terms-text consent-error' : 'terms-text'}
            @change=${this._onConsent}
          />
          <label for="consent">${msg('I agree to the credit check terms.', { id: 'credit.consent' })}</label>
        </div>
        <p id="consent-error" class="error" aria-live="polite">${this._consentError ? msg('Check the box to agree to the credit check, so we can continue.', { id: 'credit.consent.required' }) : nothing}</p>
        ${stepActions({
          back: () => this.back(),
          submit: { busy, label: msg('Submit credit check', { id: 'credit.submit' }), busyLabel: msg('Submitting…', { id: 'credit.busy' }) },
        })}
      </form>
    `;
  }

  private _problemText(p: SsnProblem | 'server'): string {
    switch (p) {
      case 'required':
        return msg('Enter your Social Security number.', { id: 'credit.ssn.required' });
      case 'length':
        return msg('A Social Security number has 9 digits.', { id: 'credit.ssn.length' });
      case 'itin':
        return msg('Numbers that start with 9 are ITINs, not Social Security numbers. The credit check needs a Social Security number.', {
          id: 'credit.ssn.itin',
        });
      case 'area':
      case 'group':
      case 'serial':
      case 'server':
        return msg('This is not a valid Social Security number. Check the digits on your card.', { id: 'credit.ssn.invalid' });
    }
  }

  private _onInput(e: InputEvent): void {
    const input = e.target as HTMLInputElement;
    // Dashes appear while typing at the end; editing in the middle keeps the caret where the customer put it.
    if (input.selectionStart === input.value.length && e.inputType !== 'deleteContentBackward') {
      input.value = formatSsn(input.value);
    }
    const problem = ssnProblem(input.value);
    if (this._checked || this._problem) this._problem = problem;
  }

  /** Leaving the field with something typed in it shows what is wrong with it (a problem from the service stays). */
  private _onLeave(): void {
    const value = this._ssn?.value;
    if (!value) return;
    this._checked = true;
    if (this._problem !== 'server') this._problem = ssnProblem(value);
  }

  private _onConsent(e: Event): void {
    this._consent = (e.target as HTMLInputElement).checked;
    if (this._consent) this._consentError = false;
  }

  private _onContinue(e: Event): void {
    e.preventDefault();
    this.complete({ account: this.account });
  }

  /** Submit and "Try again" alike: the key follows the digits (see `_key`). */
  private _onSubmit(e?: Event): void {
    e?.preventDefault();
    if (this._submit.status === TaskStatus.PENDING) return;
    this._checked = true;
    this._problem = ssnProblem(this._ssn?.value ?? '');
    this._consentError = !this._consent;
    if (this._problem || this._consentError) {
      this._focusFirstInvalid();
      return;
    }
    this.sending(this._submit.run([]));
  }

  private _focusFirstInvalid(): void {
    void this.updateComplete.then(() =>
      this.renderRoot.querySelector<HTMLInputElement>(this._problem ? '#ssn' : '#consent')?.focus(),
    );
  }
}

customElements.define('sf-step-credit', SfStepCredit);

declare global {
  interface HTMLElementTagNameMap {
    'sf-step-credit': SfStepCredit;
  }
}
