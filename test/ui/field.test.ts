import { LitElement, html } from 'lit';
import { expect, fixture } from '@open-wc/testing';
import { ApiError } from '../../src/api/errors.js';
import { sharedStyles } from '../../src/styles/shared.js';
import { describedBy, fieldErrors, fieldMessage, textField } from '../../src/ui/field.js';

class FieldHost extends LitElement {
  static override styles = sharedStyles;
  static override properties = { error: {} };
  declare error: string | undefined;
  value = '';

  override render() {
    return html`<form>
      ${textField({ id: 'email', label: 'Email', hint: 'We send the confirmation here.', type: 'email', autocomplete: 'email', value: this.value, error: this.error, onInput: (v) => (this.value = v) })}
      ${textField({ id: 'apt', label: 'Apartment', optional: true })}
    </form>`;
  }
}
customElements.define('test-field-host', FieldHost);

describe('field helpers', () => {
  it('wires label, hint and error to a native input', async () => {
    const el = await fixture<FieldHost>(html`<test-field-host></test-field-host>`);
    const input = el.shadowRoot!.querySelector<HTMLInputElement>('#email')!;
    expect(el.shadowRoot!.querySelector('label[for="email"]')!.textContent).to.contain('Email');
    expect(input.getAttribute('aria-describedby')).to.equal('email-hint');
    expect(input.getAttribute('aria-invalid')).to.equal('false');
    expect(input.required).to.equal(true);
    expect(el.shadowRoot!.querySelector<HTMLInputElement>('#apt')!.required).to.equal(false);
    await expect(el).to.be.accessible();

    el.error = 'Enter an email address like name@example.com.';
    await el.updateComplete;
    expect(input.getAttribute('aria-describedby')).to.equal('email-hint email-error');
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    expect(el.shadowRoot!.querySelector('#email-error')!.textContent).to.contain('name@example.com');
    await expect(el).to.be.accessible();
  });

  it('keeps what the user typed through re-renders', async () => {
    const el = await fixture<FieldHost>(html`<test-field-host></test-field-host>`);
    const input = el.shadowRoot!.querySelector<HTMLInputElement>('#email')!;
    input.value = 'pat@example.com';
    input.dispatchEvent(new InputEvent('input'));
    el.error = 'x';
    await el.updateComplete;
    expect(el.value).to.equal('pat@example.com');
    expect(input.value).to.equal('pat@example.com');
  });

  it('builds aria-describedby only from what exists', () => {
    expect(describedBy({ id: 'a' })).to.equal(undefined);
    expect(describedBy({ id: 'a', error: 'bad' })).to.equal('a-error');
  });

  it('indexes API field errors and localizes them by code', () => {
    const error = new ApiError({
      status: 400,
      code: 'invalid_request',
      message: 'bad',
      fields: [
        { field: 'address.postal_code', code: 'format', message: 'postal_code must be 5 digits' },
        { field: 'terms_accepted', code: 'must_be_true', message: 'must be true' },
      ],
    });
    const errors = fieldErrors(error, { 'address.postal_code': 'postal_code' });
    expect(errors.postal_code?.code).to.equal('format');
    expect(errors['address.postal_code']?.code).to.equal('format');
    expect(fieldMessage(errors.postal_code)).to.equal('Check the format of this field.');
    expect(fieldMessage(errors.terms_accepted)).to.equal('Please confirm to continue.');
    expect(fieldMessage(undefined)).to.equal(undefined);
    expect(fieldErrors(new Error('x'))).to.deep.equal({});
  });
});
