/**
 * The "start a flow" form: what a partner knows about its customer (all optional), which flow, which language, and
 * how to open it. Validation errors, the page's or the backend's, are shown next to their fields and summarised in
 * one alert; focus goes to the first field in error.
 */
import { presetFor, SUITED } from './account-states.js';
import type { AccountPreset, TestAddress } from './api.js';
import type { AddressFields, FieldProblem, FlowLinkBody, FlowScope, Locale } from './types.js';

export type OpenMode = 'modal' | 'webview' | 'hosted';

/** Backend field names to the inputs that hold them. */
const FIELD_INPUTS: Record<string, string> = {
  email: 'email',
  first_name: 'first-name',
  last_name: 'last-name',
  account_uuid: 'account-uuid',
  account_state: 'account-state',
  preset: 'account-state',
  scope: 'scope',
  'preliminary_address.address_1': 'address-1',
  'preliminary_address.address_2': 'address-2',
  'preliminary_address.city': 'address-city',
  'preliminary_address.state': 'address-state',
  'preliminary_address.postal_code': 'address-postal',
};

type Control = HTMLInputElement | HTMLSelectElement;

export class FlowForm {
  private readonly addresses = new Map<string, AddressFields>();
  private presets: AccountPreset[] = [];
  private readonly buttons: HTMLButtonElement[];

  constructor(
    private readonly form: HTMLFormElement,
    private readonly onOpen: (mode: OpenMode, body: FlowLinkBody, trigger: HTMLButtonElement) => void,
  ) {
    this.buttons = [...form.querySelectorAll<HTMLButtonElement>('button[name="mode"]')];
    for (const b of this.buttons) b.disabled = false;
    form.addEventListener('submit', (event) => this.submit(event));
    form.addEventListener('change', (event) => {
      const target = event.target as HTMLElement;
      if (target.matches('input[name="account"], #address-choice, #account-state, #scope')) this.syncSections();
    });
    this.syncSections();
  }

  /** Test addresses grouped by utility, between "No address" and "Another address…". */
  setTestAddresses(list: TestAddress[]): void {
    const select = this.byId<HTMLSelectElement>('address-choice');
    const other = select.querySelector('option[value="other"]');
    const groups = new Map<string, HTMLOptGroupElement>();
    list.forEach((entry, i) => {
      const value = `fixture-${i}`;
      this.addresses.set(value, entry.address);
      const option = new Option(entry.label, value);
      if (!entry.group) {
        select.insertBefore(option, other);
        return;
      }
      let group = groups.get(entry.group);
      if (!group) {
        group = document.createElement('optgroup');
        group.label = entry.group;
        groups.set(entry.group, group);
        select.insertBefore(group, other);
      }
      group.append(option);
    });
  }

  /** The sandbox's presets, after "Suited to the flow" and "New": an account already in a state, for any scope. */
  setAccountPresets(list: AccountPreset[]): void {
    this.presets = list;
    if (list.length === 0) return;
    const group = document.createElement('optgroup');
    group.label = 'Sandbox presets';
    for (const p of list) group.append(new Option(`${p.name} (${p.state})`, p.name));
    this.byId<HTMLSelectElement>('account-state').append(group);
    this.syncSections();
  }

  /** Offers the account the last link was made for, so "a fresh link for the same account" is one click away. */
  setLastAccount(uuid: string): void {
    const input = this.byId<HTMLInputElement>('account-uuid');
    input.value = uuid;
    const note = this.byId('last-account');
    this.byId('last-account-uuid').textContent = uuid;
    note.hidden = false;
  }

  setBusy(busy: boolean): void {
    this.form.setAttribute('aria-busy', String(busy));
    for (const b of this.buttons) b.disabled = busy;
    this.byId('form-status').textContent = busy ? 'Creating a login link…' : '';
  }

  showErrors(message: string, problems: FieldProblem[]): void {
    const alert = this.byId('form-error');
    const list = document.createElement('ul');
    let first: Control | null = null;
    for (const problem of problems) {
      const control = this.controlFor(problem.field);
      if (control) {
        this.markInvalid(control, problem.message);
        first ??= control;
      }
      const item = document.createElement('li');
      item.textContent = control ? `${labelOf(control)}: ${problem.message}` : `${problem.field}: ${problem.message}`;
      list.append(item);
    }
    const summary = document.createElement('p');
    summary.textContent = message;
    alert.replaceChildren(summary, ...(problems.length > 0 ? [list] : []));
    alert.hidden = false;
    (first ?? alert).focus();
  }

  clearErrors(): void {
    const alert = this.byId('form-error');
    alert.hidden = true;
    alert.replaceChildren();
    for (const control of this.form.querySelectorAll<Control>('[aria-invalid="true"]')) {
      control.removeAttribute('aria-invalid');
      const error = document.getElementById(`${control.id}-error`);
      if (error) {
        error.textContent = '';
        error.hidden = true;
      }
    }
  }

  private submit(event: SubmitEvent): void {
    event.preventDefault();
    const trigger = event.submitter instanceof HTMLButtonElement ? event.submitter : this.buttons[0];
    if (!trigger || trigger.disabled) return;
    this.clearErrors();
    const problems = this.validate();
    if (problems.length > 0) {
      this.showErrors('Please correct the highlighted fields.', problems);
      return;
    }
    const mode = trigger.value as OpenMode;
    this.onOpen(mode, this.read(mode), trigger);
  }

  /** Native constraints (required, type, pattern) with messages that name the field and the expected format. */
  private validate(): FieldProblem[] {
    const problems: FieldProblem[] = [];
    for (const el of this.form.elements) {
      if (!(el instanceof HTMLInputElement || el instanceof HTMLSelectElement) || el.disabled || el.checkValidity()) continue;
      const v = el.validity;
      const message = v.valueMissing
        ? 'This field is required.'
        : (v.typeMismatch || v.patternMismatch) && el.type === 'email'
          ? 'Enter an email address like name@example.com.'
          : (el.dataset.formatHint ?? el.validationMessage);
      problems.push({ field: `#${el.id}`, message });
    }
    return problems;
  }

  private read(mode: OpenMode): FlowLinkBody {
    const value = (id: string): string => this.byId<Control>(id).value.trim();
    const checked = (name: string): string =>
      this.form.querySelector<HTMLInputElement>(`input[name="${name}"]:checked`)?.value ?? '';
    const body: FlowLinkBody = {
      scope: value('scope') as FlowScope,
      behavior: mode === 'hosted' ? 'hosted' : 'embedded',
      locale: (checked('locale') || 'en') as Locale,
    };
    if (checked('account') === 'existing') {
      body.account_uuid = value('account-uuid');
      return body;
    }
    body.account_state = value('account-state') || SUITED;
    if (this.preset() !== null) return body;
    body.client_agent = this.byId<HTMLInputElement>('client-agent').checked;
    const optional: [keyof FlowLinkBody & string, string][] = [['email', 'email'], ['first_name', 'first-name'], ['last_name', 'last-name']];
    for (const [key, id] of optional) {
      const v = value(id);
      if (v) (body as unknown as Record<string, string>)[key] = v;
    }
    const choice = value('address-choice');
    if (choice === 'other') {
      body.preliminary_address = {
        address_1: value('address-1'),
        ...(value('address-2') && { address_2: value('address-2') }),
        city: value('address-city'),
        state: value('address-state').toUpperCase(),
        postal_code: value('address-postal'),
      };
    } else if (this.addresses.has(choice)) {
      body.preliminary_address = this.addresses.get(choice);
    }
    return body;
  }

  /** Disabled fieldsets are skipped by validation and hidden from assistive technology's form navigation. */
  private syncSections(): void {
    const existing = this.form.querySelector<HTMLInputElement>('input[name="account"][value="existing"]')?.checked ?? false;
    const preset = existing ? null : this.preset();
    // A preset's customer is the sandbox's own: nothing the partner knows about a customer applies.
    const known = !existing && preset === null;
    this.byId<HTMLFieldSetElement>('customer-fields').disabled = !known;
    this.byId<HTMLFieldSetElement>('address-fields').disabled = !known;
    this.byId<HTMLInputElement>('client-agent').disabled = !known;
    this.byId<HTMLElement>('account-state-fields').hidden = existing;
    this.byId<HTMLSelectElement>('account-state').disabled = existing;
    this.byId('account-state-hint').textContent = existing ? '' : this.describeState(preset);
    const uuidBox = this.byId<HTMLElement>('existing-account-fields');
    uuidBox.hidden = !existing;
    this.byId<HTMLInputElement>('account-uuid').disabled = !existing;
    const other = known && this.byId<HTMLSelectElement>('address-choice').value === 'other';
    const custom = this.byId<HTMLFieldSetElement>('custom-address');
    custom.hidden = !other;
    custom.disabled = !other;
  }

  /** The preset the new account will be built from, or null for a new empty account. */
  private preset(): string | null {
    const state = this.byId<HTMLSelectElement>('account-state').value || SUITED;
    return presetFor(state, this.byId<HTMLSelectElement>('scope').value as FlowScope);
  }

  private describeState(preset: string | null): string {
    const select = this.byId<HTMLSelectElement>('scope');
    const scope = select.value;
    const flow = select.selectedOptions[0]?.textContent?.trim() ?? scope;
    if (preset === null) {
      return scope === 'enrollment'
        ? 'A new account with nothing done yet: the customer enrolls in the flow.'
        : `A new account with nothing done yet: "${flow}" shows what it can do for it, often that there is nothing yet.`;
    }
    const known = this.presets.find((p) => p.name === preset);
    const what = known ? ` (${known.state}): ${known.description}` : '';
    // What the preset was made to show (the sandbox's list); any flow opens on it, and says what this account has.
    const names = known?.scopes.map((s) => select.querySelector<HTMLOptionElement>(`option[value="${s}"]`)?.textContent?.trim() ?? s) ?? [];
    const made = names.length > 0 ? ` Made to show: ${names.map((n) => `"${n}"`).join(', ')}.` : '';
    return `The sandbox creates a new account from its preset ${preset}${what}${made} Its customer is the sandbox's own, so the customer details and service address below are not used.`;
  }

  private controlFor(field: string): Control | null {
    const id = field.startsWith('#') ? field.slice(1) : FIELD_INPUTS[field];
    const el = id ? document.getElementById(id) : null;
    return el instanceof HTMLInputElement || el instanceof HTMLSelectElement ? el : null;
  }

  private markInvalid(control: Control, message: string): void {
    control.setAttribute('aria-invalid', 'true');
    const error = document.getElementById(`${control.id}-error`);
    if (error) {
      error.textContent = message;
      error.hidden = false;
    }
  }

  private byId<T extends HTMLElement = HTMLElement>(id: string): T {
    const el = this.form.querySelector<T>(`#${id}`) ?? document.querySelector<T>(`#${id}`);
    if (!el) throw new Error(`#${id} is missing from the page`);
    return el;
  }
}

function labelOf(control: Control): string {
  return control.labels?.[0]?.textContent?.replace(/\s*\(optional\)\s*$/i, '').trim() || control.name;
}
