/* global ShadowRoot */
import { ELEMENT_CSS } from './styles.js';
import { Emitter, adoptStyles, h, integrationError, uid } from './base.js';
import { BRAND_NAMES, t } from './i18n.js';
import { fieldState, FIELD_KEYS, formatField } from './card-fields.js';

/**
 * The Payment Element, card only. Unlike Stripe it renders real inputs directly into the integrator's light-DOM
 * container (no iframe), inside a class-prefixed root with its own styles: the page's keyboard order, zoom, font and
 * accessibility tools then apply to it exactly as to the rest of the flow, and tests can drive it like any form.
 * Like Stripe it refuses to mount inside a shadow root, so integrations that work here also work with Stripe.
 */

const FIELD_SPECS = {
  number: { label: 'cardNumber', autocomplete: 'cc-number', placeholder: () => '1234 1234 1234 1234' },
  expiry: { label: 'expiry', autocomplete: 'cc-exp', placeholder: (locale) => t(locale, 'expiryPlaceholder') },
  cvc: { label: 'cvc', autocomplete: 'cc-csc', placeholder: () => 'CVC' },
  postal: { label: 'zip', autocomplete: 'postal-code', placeholder: () => '12345' },
};

/** Processor error params → the field to mark invalid when confirmation rejects the data. */
const PARAM_FIELDS = {
  'card[number]': 'number',
  'card[exp_month]': 'expiry',
  'card[exp_year]': 'expiry',
  'card[cvc]': 'cvc',
  'billing_details[address][postal_code]': 'postal',
};

export class PaymentElement {
  constructor(group, options = {}) {
    this.group = group;
    this.options = { ...options };
    this.events = new Emitter();
    this.values = { number: '', expiry: '', cvc: '', postal: '' };
    this.touched = new Set();
    this.shownErrors = {};
    this.inputs = {};
    this.errorNodes = {};
    this.root = null;
    this.target = null;
    this.destroyed = false;
    this.ready = false;
    const defaultZip = options.defaultValues?.billingDetails?.address?.postal_code;
    if (defaultZip) this.values.postal = formatField('postal', defaultZip, this.values);
  }

  mount(target) {
    if (this.destroyed) throw integrationError('This Element has already been destroyed. Please create a new one.');
    if (this.root) throw integrationError('This Element is already mounted. Use `unmount()` to unmount the Element before re-mounting.');
    const node = typeof target === 'string' ? document.querySelector(target) : target;
    if (typeof target === 'string' && !node) {
      throw integrationError(`The selector you specified (${target}) applies to no DOM elements that are currently on the page.`);
    }
    if (!node || node.nodeType !== 1) throw integrationError('Invalid DOM element. Make sure to call mount() with a valid DOM element or selector.');
    if (node.getRootNode() instanceof ShadowRoot) {
      throw integrationError('Elements cannot be mounted in a ShadowRoot. Please mount in the Light DOM.');
    }
    adoptStyles('sfpe', ELEMENT_CSS);
    this.target = node;
    this.root = h('div', { class: 'sfpe', lang: this.group.locale, 'aria-busy': 'true' }, [
      h('p', { class: 'sfpe-status', role: 'status' }, [t(this.group.locale, 'loading')]),
    ]);
    this.root.addEventListener('focusin', (event) => this.onFocusChange(event, 'focus'));
    this.root.addEventListener('focusout', (event) => this.onFocusChange(event, 'blur'));
    this.root.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') this.events.emit('escape', { elementType: 'payment' });
    });
    this.applyAppearance();
    node.classList.add('StripeElement');
    node.append(this.root);
    this.events.emit('loaderstart', { elementType: 'payment' });
    this.load(this.root);
    return this;
  }

  /** Checks the client secret with the processor (as Stripe does) before showing the form, then reports ready. */
  async load(root) {
    const error = await this.group.checkIntent();
    if (root !== this.root) return; // Unmounted meanwhile.
    if (error) {
      root.replaceChildren(h('p', { class: 'sfpe-status sfpe-status--error', role: 'alert' }, [t(this.group.locale, 'loadError')]));
      root.removeAttribute('aria-busy');
      this.events.emit('loaderror', { elementType: 'payment', error });
      return;
    }
    this.render();
    this.ready = true;
    this.events.emit('ready', { elementType: 'payment' });
  }

  render() {
    const locale = this.group.locale;
    this.inputs = {};
    this.errorNodes = {};
    const fields = {};
    for (const key of this.visibleFields()) fields[key] = this.renderField(key, locale);
    const row = h('div', { class: 'sfpe-row' }, ['expiry', 'cvc', 'postal'].filter((k) => fields[k]).map((k) => fields[k]));
    this.root.replaceChildren(fields.number, row);
    this.root.setAttribute('lang', locale);
    this.root.removeAttribute('aria-busy');
    this.updateBrand();
    this.setReadOnly(Boolean(this.options.readOnly));
    this.updateTargetClasses();
  }

  renderField(key, locale) {
    const spec = FIELD_SPECS[key];
    const id = uid(`sfpe-${key}`);
    const errorId = `${id}-error`;
    const describedBy = key === 'number' ? `${id}-brand ${errorId}` : errorId;
    // No `name` attribute: should the host form ever submit natively, card data must not go with it.
    const input = h('input', {
      class: 'sfpe-input',
      id,
      type: 'text',
      inputmode: 'numeric',
      autocomplete: spec.autocomplete,
      autocorrect: 'off',
      spellcheck: 'false',
      placeholder: spec.placeholder(locale),
      'aria-required': 'true',
      'aria-invalid': 'false',
      'aria-describedby': describedBy,
    });
    input.value = this.values[key];
    input.addEventListener('input', (event) => this.onInput(key, event));
    input.addEventListener('blur', () => this.onFieldBlur(key));
    const error = h('p', { class: 'sfpe-error', id: errorId });
    this.inputs[key] = input;
    this.errorNodes[key] = error;
    // The detected brand sits beside the label rather than inside the input, so a 320 px wide field keeps all
    // of its width for the number.
    const head = h('div', { class: 'sfpe-head' }, [h('label', { class: 'sfpe-label', for: id }, [t(locale, spec.label)])]);
    if (key === 'number') head.append(h('span', { class: 'sfpe-brand', id: `${id}-brand` }));
    return h('div', { class: `sfpe-field sfpe-field--${key}` }, [head, input, error]);
  }

  /** ZIP is hidden when the integrator collects it (fields.billingDetails.address.postalCode: 'never'). */
  visibleFields() {
    const billing = this.options.fields?.billingDetails;
    const hideZip = billing === 'never' || billing?.address === 'never' || billing?.address?.postalCode === 'never';
    return FIELD_KEYS.filter((key) => !(key === 'postal' && hideZip));
  }

  onInput(key, event) {
    const input = event.target;
    const raw = input.value;
    const caret = input.selectionStart ?? raw.length;
    const digitsBeforeCaret = raw.slice(0, caret).replace(/\D/g, '').length;
    const deleting = typeof event.inputType === 'string' && event.inputType.startsWith('delete');
    const formatted = formatField(key, raw, this.values, { deleting });
    this.values[key] = formatted;
    if (formatted !== raw) {
      input.value = formatted;
      const position = caret >= raw.length ? formatted.length : caretAfterDigits(formatted, digitsBeforeCaret);
      input.setSelectionRange(position, position);
    }
    if (key === 'number') {
      this.updateBrand();
      // The CVC length depends on the brand (4 digits for amex): re-trim it when the brand changes.
      if (this.inputs.cvc) this.values.cvc = this.inputs.cvc.value = formatField('cvc', this.values.cvc, this.values);
    }
    // Once an error is showing, re-check on every keystroke so it clears the moment the field is right.
    if (this.shownErrors[key]) this.showFieldError(key, fieldState(key, this.values, new Date()).error);
    this.emitChange();
  }

  onFieldBlur(key) {
    if (this.values[key] !== '') this.touched.add(key);
    if (this.touched.has(key)) this.showFieldError(key, fieldState(key, this.values, new Date()).error);
  }

  onFocusChange(event, type) {
    const outside = !event.relatedTarget || !this.root.contains(event.relatedTarget);
    if (outside) {
      this.target?.classList.toggle('StripeElement--focus', type === 'focus');
      this.events.emit(type, { elementType: 'payment' });
    }
  }

  showFieldError(key, code) {
    const input = this.inputs[key];
    if (!input) return;
    this.shownErrors[key] = code ?? null;
    input.setAttribute('aria-invalid', code ? 'true' : 'false');
    this.errorNodes[key].textContent = code ? t(this.group.locale, code) : '';
    this.updateTargetClasses();
  }

  updateBrand() {
    const brandNode = this.root?.querySelector('.sfpe-brand');
    if (!brandNode) return;
    const brand = fieldState('number', this.values, new Date()).brand;
    const name = BRAND_NAMES[brand];
    brandNode.textContent = name ? t(this.group.locale, 'brand', { brand: name }) : '';
    this.root.dataset.brand = brand;
  }

  state() {
    const now = new Date();
    const fields = this.visibleFields().map((key) => ({ key, ...fieldState(key, this.values, now) }));
    return {
      fields,
      complete: fields.every((f) => !f.error),
      empty: fields.every((f) => this.values[f.key] === ''),
    };
  }

  emitChange() {
    const { complete, empty } = this.state();
    this.updateTargetClasses();
    this.events.emit('change', { elementType: 'payment', complete, empty, collapsed: false, value: { type: 'card' } });
  }

  updateTargetClasses() {
    if (!this.target) return;
    const { complete, empty } = this.state();
    this.target.classList.toggle('StripeElement--empty', empty);
    this.target.classList.toggle('StripeElement--complete', complete);
    this.target.classList.toggle('StripeElement--invalid', Object.values(this.shownErrors).some(Boolean));
  }

  /**
   * Validates every field, showing each error inline; returns a Stripe `validation_error` for the first bad field.
   * Used by elements.submit() and confirmSetup(), which both show the errors as Stripe does.
   */
  validate() {
    if (!this.ready) {
      return { error: { type: 'validation_error', code: 'incomplete', message: t(this.group.locale, 'notReady') } };
    }
    let first = null;
    for (const field of this.state().fields) {
      this.touched.add(field.key);
      this.showFieldError(field.key, field.error);
      if (field.error && !first) first = field;
    }
    if (!first) return {};
    this.inputs[first.key].focus();
    return { error: { type: 'validation_error', code: first.error, message: t(this.group.locale, first.error) } };
  }

  /** Marks the field a processor error points at (its `param`), so the user sees where to correct. */
  showProcessorError(error) {
    const key = PARAM_FIELDS[error.param];
    if (!key || !this.inputs[key]) return;
    this.shownErrors[key] = error.code;
    this.inputs[key].setAttribute('aria-invalid', 'true');
    this.errorNodes[key].textContent = error.message;
    this.updateTargetClasses();
  }

  /** The card as the processor takes it; the ZIP comes from confirmParams when the element does not collect it. */
  cardData(confirmParams = {}) {
    const [month = '', year = ''] = this.values.expiry.split('/').map((part) => part.trim());
    const billing = confirmParams.payment_method_data?.billing_details;
    return {
      number: this.values.number.replace(/\D/g, ''),
      exp_month: Number(month),
      exp_year: Number(year),
      cvc: this.values.cvc,
      postal_code: this.visibleFields().includes('postal') ? this.values.postal : (billing?.address?.postal_code ?? ''),
    };
  }

  isMounted() {
    return Boolean(this.root && this.root.isConnected);
  }

  setReadOnly(readOnly) {
    for (const input of Object.values(this.inputs)) input.readOnly = readOnly;
  }

  /** Read-only and aria-busy while a confirmation is in flight, so the card cannot change under it. */
  setBusy(busy) {
    if (!this.root) return;
    this.setReadOnly(busy || Boolean(this.options.readOnly));
    if (busy) this.root.setAttribute('aria-busy', 'true');
    else this.root.removeAttribute('aria-busy');
  }

  applyAppearance() {
    if (!this.root) return;
    const vars = this.group.appearance?.variables ?? {};
    const map = {
      colorPrimary: '--sfpe-color-primary',
      colorBackground: '--sfpe-color-background',
      colorText: '--sfpe-color-text',
      colorTextSecondary: '--sfpe-color-secondary',
      colorDanger: '--sfpe-color-danger',
      fontFamily: '--sfpe-font-family',
      borderRadius: '--sfpe-radius',
    };
    // style.setProperty goes through the CSSOM, which a style-src CSP does not block (a style attribute would be).
    for (const [name, property] of Object.entries(map)) {
      if (typeof vars[name] === 'string') this.root.style.setProperty(property, vars[name]);
    }
  }

  /** Re-renders text after elements.update({ locale }) or element.update(options), keeping what was typed. */
  refresh() {
    if (!this.root) return;
    this.applyAppearance();
    if (!this.ready) return;
    const errors = { ...this.shownErrors };
    this.render();
    for (const [key, code] of Object.entries(errors)) if (code) this.showFieldError(key, code);
  }

  // ---- Public Element API ----

  on(type, handler) {
    this.events.on(type, handler);
    return this;
  }

  once(type, handler) {
    this.events.once(type, handler);
    return this;
  }

  off(type, handler) {
    this.events.off(type, handler);
    return this;
  }

  update(options = {}) {
    Object.assign(this.options, options);
    this.refresh();
    return this;
  }

  focus() {
    const first = this.visibleFields().find((key) => this.shownErrors[key]) ?? 'number';
    this.inputs[first]?.focus();
    return this;
  }

  blur() {
    for (const input of Object.values(this.inputs)) input.blur();
    return this;
  }

  clear() {
    this.values = { number: '', expiry: '', cvc: '', postal: '' };
    this.touched.clear();
    this.shownErrors = {};
    if (this.ready) this.render();
    this.emitChange();
    return this;
  }

  /** The card form has no accordion to collapse; kept for API compatibility. */
  collapse() {
    return this;
  }

  unmount() {
    if (!this.root) return;
    this.root.remove();
    this.target.classList.remove('StripeElement', 'StripeElement--empty', 'StripeElement--complete', 'StripeElement--invalid', 'StripeElement--focus');
    this.root = null;
    this.target = null;
    this.ready = false;
    this.inputs = {};
    this.errorNodes = {};
  }

  destroy() {
    this.unmount();
    this.destroyed = true;
    this.group.forget(this);
  }
}

function caretAfterDigits(text, digits) {
  if (digits === 0) return 0;
  let seen = 0;
  for (let i = 0; i < text.length; i += 1) {
    if (/\d/.test(text[i])) seen += 1;
    if (seen === digits) return i + 1;
  }
  return text.length;
}
