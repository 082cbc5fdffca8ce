import { html, nothing, type PropertyDeclarations } from 'lit';
import { msg } from '@lit/localize';
import { Task, TaskStatus } from '@lit/task';
import { updateIdentity, type IdentityRequest } from '../../api/enroll.js';
import type { Account } from '../../api/types.js';
import type { StepDraft } from '../../contract/context.js';
import { LaterStep } from '../shared/later-step.js';
import { laterStepStyles } from '../shared/later-step.styles.js';
import { stepActions, stepHeading } from '../shared/layout.js';
import { renderRetryAlert, toFailure, type Failure } from '../shared/failure.js';
import { renderRefusal } from '../shared/refusal.js';
import { SentKey } from '../shared/sent-key.js';
import { afterPress } from '../shared/after-press.js';
import { identityStyles } from './identity.styles.js';
import { formatPhone } from '../../ui/format.js';
import * as rules from './identity-rules.js';
import * as text from './identity-messages.js';

export interface IdentityDraft extends StepDraft {
  first_name?: string;
  last_name?: string;
  phone?: string;
  email?: string;
  dob_month?: string;
  dob_day?: string;
  dob_year?: string;
}

type Field = 'first_name' | 'last_name' | 'phone' | 'email' | 'dob';
const ORDER: readonly Field[] = ['first_name', 'last_name', 'phone', 'email', 'dob'];
/** The service's field names → ours. */
const SERVER_FIELDS: Record<string, Field> = {
  first_name: 'first_name',
  last_name: 'last_name',
  phone: 'phone',
  email: 'email',
  date_of_birth: 'dob',
};
const INPUT_ID: Record<Exclude<Field, 'dob'>, string> = { first_name: 'first', last_name: 'last', phone: 'phone', email: 'email' };

/**
 * @summary Identity step: name, mobile phone, email and date of birth (18+), validated as the customer goes
 * (after leaving a field once) and on submit, errors next to each field, focus to the first invalid one.
 * @fires sf-step-complete - `{ step: 'identity', account }`.
 * @fires sf-step-back - Back.
 * @fires sf-api-error - 401/403 for the root.
 */
export class SfStepIdentity extends LaterStep<IdentityDraft> {
  static override properties: PropertyDeclarations = {
    _touched: { state: true },
    _server: { state: true },
    _failure: { state: true },
  };

  static override styles = [...laterStepStyles, identityStyles];

  private _touched = new Set<Field>();
  private _server = new Set<Field>();
  private _failure: Failure | null = null;
  /**
   * The same details sent again (Continue or "Try again" after a lost answer) are the same update; so is the first
   * update after a reload of the page while one was on its way (sent-key.ts).
   */
  private _key = new SentKey('identity');

  private _save = new Task<[IdentityRequest], Account>(this, {
    autoRun: false,
    task: async ([body], { signal }) => {
      this._failure = null;
      const send = () => updateIdentity(this.api, body, { signal, idempotencyKey: this._key.for(JSON.stringify(body)) });
      try {
        return await send();
      } catch (error) {
        // Refused as another request's: the details sent before a reload went through, and these differ; they are
        // saved as a write of their own, as they would be had the first answer arrived.
        if (!this._key.reused(error)) throw error;
        return send();
      }
    },
    // Saved: the same details pressed again later (Back from a later step) are a new request, answered with the account
    // as it is then, not the replay of this one (which predates the credit check, and would route back to it).
    onComplete: (account) => {
      this._key.reset();
      this.complete({ account });
    },
    onError: (error) => {
      const failure = toFailure(error, this);
      if (failure?.kind === 'fields') {
        const fields = failure.fields.map((f) => SERVER_FIELDS[f.field]).filter((f): f is Field => Boolean(f));
        if (fields.length) {
          this._server = new Set(fields);
          this._focusFirstInvalid();
          return;
        }
      }
      this._failure = failure;
    },
  });

  override connectedCallback(): void {
    super.connectedCallback();
    const d = this.draft;
    const a = this.account;
    // Prefill once from what the partner already told the service; the draft wins on the way back.
    if (a && d.first_name === undefined) {
      d.first_name = a.first_name ?? '';
      d.last_name = a.last_name ?? '';
      d.phone = a.phone ? formatPhone(a.phone) : '';
      d.email = a.email ?? '';
      const parts = rules.dateParts(a.date_of_birth);
      d.dob_month = parts.month;
      d.dob_day = parts.day;
      d.dob_year = parts.year;
    }
  }

  private get _parts(): rules.DateParts {
    const d = this.draft;
    return { month: d.dob_month ?? '', day: d.dob_day ?? '', year: d.dob_year ?? '' };
  }

  /** Problems by field, whether shown yet or not. */
  private _problems(): Partial<Record<Field, string>> {
    const d = this.draft;
    const out: Partial<Record<Field, string>> = {};
    const first = rules.nameProblem(d.first_name ?? '') ?? (this._server.has('first_name') ? 'server' : null);
    const last = rules.nameProblem(d.last_name ?? '') ?? (this._server.has('last_name') ? 'server' : null);
    const phone = rules.phoneProblem(d.phone ?? '') ?? (this._server.has('phone') ? 'server' : null);
    const email = rules.emailProblem(d.email ?? '') ?? (this._server.has('email') ? 'server' : null);
    const dob = rules.dobProblem(this._parts) ?? (this._server.has('dob') ? 'server' : null);
    if (first) out.first_name = text.firstNameMessage(first);
    if (last) out.last_name = text.lastNameMessage(last);
    if (phone) out.phone = text.phoneMessage(phone);
    if (email) out.email = text.emailMessage(email);
    if (dob) out.dob = text.dobMessage(dob);
    return out;
  }

  override render() {
    const all = this._problems();
    const shown = (f: Field) => (this._touched.has(f) || this._server.has(f) ? all[f] : undefined);
    const busy = this._save.status === TaskStatus.PENDING;
    return html`
      ${stepHeading(
        msg('Tell us about yourself', { id: 'identity.heading' }),
        msg('The electricity provider needs these details to start service in your name. All fields are required.', { id: 'identity.lead' }),
      )}
      ${renderRetryAlert(this._failure, () => this._submit(), busy)} ${renderRefusal(this._failure)}
      <form novalidate @submit=${this._submit}>
        <div class="names">
          ${this._input('first_name', 'first', msg('First name', { id: 'identity.first' }), shown('first_name'), {
            autocomplete: 'given-name',
          })}
          ${this._input('last_name', 'last', msg('Last name', { id: 'identity.last' }), shown('last_name'), {
            autocomplete: 'family-name',
          })}
        </div>
        ${this._input('phone', 'phone', msg('Mobile phone number', { id: 'identity.phone' }), shown('phone'), {
          type: 'tel',
          autocomplete: 'tel-national',
          inputmode: 'tel',
          hint: msg('A US number, for example (512) 555-0100.', { id: 'identity.phone.hint' }),
        })}
        ${this._input('email', 'email', msg('Email address', { id: 'identity.email' }), shown('email'), {
          type: 'email',
          autocomplete: 'email',
          inputmode: 'email',
          hint: msg('We will send your confirmation here.', { id: 'identity.email.hint' }),
        })}
        ${this._dob(shown('dob'))}
        ${stepActions({
          back: () => this.back(),
          submit: { busy, label: msg('Continue', { id: 'step.continue' }), busyLabel: msg('Saving…', { id: 'step.saving' }) },
        })}
      </form>
    `;
  }

  private _input(
    field: Exclude<Field, 'dob'>,
    id: string,
    label: string,
    error: string | undefined,
    o: { type?: string; autocomplete: string; inputmode?: string; hint?: string },
  ) {
    const describedBy = [o.hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
    return html`<div class="field">
      <label for=${id}>${label}</label>
      ${o.hint ? html`<p id="${id}-hint" class="hint">${o.hint}</p>` : nothing}
      <input
        id=${id}
        name=${field}
        type=${o.type ?? 'text'}
        autocomplete=${o.autocomplete}
        inputmode=${o.inputmode ?? 'text'}
        spellcheck="false"
        maxlength=${field === 'email' ? 254 : field === 'phone' ? 20 : 100}
        .value=${this.draft[field] ?? ''}
        aria-invalid=${error ? 'true' : 'false'}
        aria-describedby=${describedBy || nothing}
        @input=${(e: InputEvent) => this._onInput(field, e)}
        @blur=${() => afterPress(() => this._touch(field))}
      />
      <p id="${id}-error" class="error" aria-live="polite">${error ?? ''}</p>
    </div>`;
  }

  private _dob(error: string | undefined) {
    const describedBy = error ? 'dob-hint dob-error' : 'dob-hint';
    const part = (key: 'dob_month' | 'dob_day' | 'dob_year', id: string, label: string, autocomplete: string, size: number) =>
      html`<div class="part part--${size}">
        <label for=${id}>${label}</label>
        <input
          id=${id}
          name=${key}
          inputmode="numeric"
          autocomplete=${autocomplete}
          .value=${this.draft[key] ?? ''}
          aria-invalid=${error ? 'true' : 'false'}
          aria-describedby=${describedBy}
          @input=${(e: InputEvent) => this._onInput(key, e)}
        />
      </div>`;
    return html`<fieldset class="dob" @focusout=${this._dobFocusOut}>
      <legend>${msg('Date of birth', { id: 'identity.dob' })}</legend>
      <p id="dob-hint" class="hint">
        ${msg('For example, 3 27 1985 (month, day, year). You must be 18 or older.', { id: 'identity.dob.hint' })}
      </p>
      <div class="parts">
        ${part('dob_month', 'dob-month', msg('Month', { id: 'identity.dob.month' }), 'bday-month', 2)}
        ${part('dob_day', 'dob-day', msg('Day', { id: 'identity.dob.day' }), 'bday-day', 2)}
        ${part('dob_year', 'dob-year', msg('Year', { id: 'identity.dob.year' }), 'bday-year', 4)}
      </div>
      <p id="dob-error" class="error" aria-live="polite">${error ?? ''}</p>
    </fieldset>`;
  }

  /**
   * The draft follows the inputs (this handler, then a re-render that commits the same value), and nothing else
   * changes it while the step is on screen: plain `.value` bindings stay in step with the DOM without `live()`.
   */
  private _onInput(key: Exclude<Field, 'dob'> | 'dob_month' | 'dob_day' | 'dob_year', e: InputEvent): void {
    const input = e.target as HTMLInputElement;
    let value = input.value;
    if (key === 'phone') {
      // Format as typed, but only while typing at the end: reformatting mid-edit would throw the caret around.
      const atEnd = input.selectionStart === value.length;
      if (atEnd && e.inputType !== 'deleteContentBackward') {
        value = formatPhone(rules.digits(value));
        input.value = value;
      }
    } else if (key.startsWith('dob_')) {
      const whole = rules.pastedDate(value);
      if (whole) {
        // The whole date in one part: each part gets its own (the other inputs follow the draft on render).
        this.draft.dob_month = whole.month;
        this.draft.dob_day = whole.day;
        this.draft.dob_year = whole.year;
        value = whole[key === 'dob_month' ? 'month' : key === 'dob_day' ? 'day' : 'year'];
      } else {
        // Capped here, not by maxlength: the browser would cut a pasted " 1985" to " 198" before the digits are kept.
        value = rules.digits(value).slice(0, key === 'dob_year' ? 4 : 2);
      }
      input.value = value;
    }
    this.draft[key] = value;
    const field: Field = key.startsWith('dob_') ? 'dob' : (key as Field);
    if (this._server.has(field)) {
      const next = new Set(this._server);
      next.delete(field);
      this._server = next;
    }
    this.requestUpdate();
  }

  private _touch(field: Field): void {
    if (!this._touched.has(field)) this._touched = new Set(this._touched).add(field);
  }

  /** The date counts as visited once focus leaves all three parts, not when moving from month to day. */
  private _dobFocusOut(e: FocusEvent): void {
    const fieldset = e.currentTarget as HTMLElement;
    if (!fieldset.contains(e.relatedTarget as Node | null)) afterPress(() => this._touch('dob'));
  }

  /** Continue and "Try again" alike: what is on screen is sent; the key follows it (see `_key`). */
  private _submit(e?: Event): void {
    e?.preventDefault();
    if (this._save.status === TaskStatus.PENDING) return;
    this._touched = new Set(ORDER);
    if (Object.keys(this._problems()).length) {
      this._focusFirstInvalid();
      return;
    }
    const d = this.draft;
    this.sending(
      this._save.run([
        {
          first_name: rules.visible(d.first_name!, true),
          last_name: rules.visible(d.last_name!, true),
          phone: rules.phoneE164(d.phone!),
          email: rules.visible(d.email!),
          date_of_birth: rules.isoFromParts(this._parts)!,
        },
      ]),
    );
  }

  private _focusFirstInvalid(): void {
    void this.updateComplete.then(() => {
      const problems = this._problems();
      const first = ORDER.find((f) => problems[f]);
      // The date: the first part left empty, else the year when the message is about it, else the month.
      const p = this._parts;
      const problem = rules.dobProblem(p);
      const id =
        first === 'dob'
          ? `dob-${(['month', 'day', 'year'] as const).find((k) => !p[k]) ?? (problem === 'year' || problem === 'too_old' ? 'year' : 'month')}`
          : first && INPUT_ID[first];
      if (id) this.renderRoot.querySelector<HTMLInputElement>(`#${id}`)?.focus();
    });
  }
}

customElements.define('sf-step-identity', SfStepIdentity);

declare global {
  interface HTMLElementTagNameMap {
    'sf-step-identity': SfStepIdentity;
  }
}
