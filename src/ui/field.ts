/**
 * Form fields. Decision (docs/architecture.md, "Form fields"): there is no `<sf-field>` element. A label and its
 * input must live in the same shadow root for `for=`/`id` and `aria-describedby` to work, and native inputs keep
 * autofill, form submission and validation. So steps render native controls in their own shadow root with
 * `fieldStyles` (styles/shared.ts) and these helpers, which wire label, hint and error the same way everywhere.
 *
 * ```ts
 * ${textField({ id: 'email', label: msg('Email'), type: 'email', autocomplete: 'email', value: d.email,
 *               error: this._errors.email, onInput: (v) => (d.email = v) })}
 * ${field({ id: 'state', label: msg('State'), error }, html`<select id="state" aria-describedby=${ifDefined(describedBy({ id: 'state', error }))}
 *        aria-invalid=${error ? 'true' : 'false'}>…</select>`)}
 * ```
 *
 * Call these from `render()` only (they take already-localized strings).
 */
import { html, nothing, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { live } from 'lit/directives/live.js';
import { msg } from '@lit/localize';
import { isApiError, type ApiFieldError } from '../api/errors.js';

export interface FieldOptions {
  /** The control's id; the hint and error get `${id}-hint` and `${id}-error`. */
  id: string;
  label: string;
  hint?: string | undefined;
  /** Shown under the control and announced with it; empty or undefined when valid. */
  error?: string | null | undefined;
  /** Adds a visible "(optional)"; required is the default, as in most of the flow. */
  optional?: boolean;
}

/** The `aria-describedby` value for a control: its hint and, when invalid, its error. */
export function describedBy(o: Pick<FieldOptions, 'id' | 'hint' | 'error'>): string | undefined {
  const ids = [o.hint ? `${o.id}-hint` : '', o.error ? `${o.id}-error` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** Label, hint, the control you pass, and the error. */
export function field(o: FieldOptions, control: TemplateResult): TemplateResult {
  return html`<div class="field">
    <label for=${o.id}>${o.label}${o.optional ? html` <span class="muted">(${msg('optional', { id: 'field.optional' })})</span>` : nothing}</label>
    ${o.hint ? html`<p class="hint" id="${o.id}-hint">${o.hint}</p>` : nothing}
    ${control}
    ${o.error ? html`<p class="error" id="${o.id}-error">${o.error}</p>` : nothing}
  </div>`;
}

export interface TextFieldOptions extends FieldOptions {
  value?: string | null | undefined;
  name?: string;
  type?: 'text' | 'email' | 'tel' | 'date' | 'password' | 'search' | 'number';
  autocomplete?: string;
  inputmode?: 'text' | 'numeric' | 'tel' | 'email' | 'decimal' | 'search';
  maxlength?: number;
  pattern?: string;
  min?: string;
  max?: string;
  onInput?: (value: string, event: InputEvent) => void;
  onBlur?: (value: string, event: FocusEvent) => void;
}

/** A labelled native `<input>`. The value is bound with `live()` so a draft restored on Back shows correctly. */
export function textField(o: TextFieldOptions): TemplateResult {
  return field(
    o,
    html`<input
      id=${o.id}
      name=${o.name ?? o.id}
      type=${o.type ?? 'text'}
      .value=${live(o.value ?? '')}
      autocomplete=${ifDefined(o.autocomplete)}
      inputmode=${ifDefined(o.inputmode)}
      maxlength=${ifDefined(o.maxlength)}
      pattern=${ifDefined(o.pattern)}
      min=${ifDefined(o.min)}
      max=${ifDefined(o.max)}
      ?required=${!o.optional}
      aria-invalid=${o.error ? 'true' : 'false'}
      aria-describedby=${ifDefined(describedBy(o))}
      @input=${(e: InputEvent) => o.onInput?.((e.target as HTMLInputElement).value, e)}
      @blur=${(e: FocusEvent) => o.onBlur?.((e.target as HTMLInputElement).value, e)}
    />`,
  );
}

/**
 * The field errors of a 400/422 keyed by the service's field name (`date_of_birth`, `address.postal_code`), plus
 * under `aliases[field]` when given (e.g. `{ 'address.postal_code': 'postal_code' }`). Empty for other errors.
 */
export function fieldErrors(error: unknown, aliases: Record<string, string> = {}): Record<string, ApiFieldError> {
  const out: Record<string, ApiFieldError> = {};
  if (!isApiError(error)) return out;
  for (const f of error.fields) {
    out[f.field] ??= f;
    const alias = aliases[f.field];
    if (alias) out[alias] ??= f;
  }
  return out;
}

/**
 * A localized message for a service field error. The service's own `message` is English and names API fields,
 * so it is never shown; steps may still prefer a more specific text for codes they know (e.g. 18+ on a birth date).
 */
export function fieldMessage(f: ApiFieldError | undefined): string | undefined {
  if (!f) return undefined;
  switch (f.code) {
    case 'required': return msg('This field is required.', { id: 'field.error.required' });
    case 'format': return msg('Check the format of this field.', { id: 'field.error.format' });
    case 'range': return msg('This value is outside the allowed range.', { id: 'field.error.range' });
    case 'must_be_true': return msg('Please confirm to continue.', { id: 'field.error.must-be-true' });
    case 'enum': return msg('Choose one of the options.', { id: 'field.error.enum' });
    default: return msg('Check this field.', { id: 'field.error.other' });
  }
}
