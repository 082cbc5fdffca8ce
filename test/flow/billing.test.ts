import { expect } from '@open-wc/testing';
import type { Invoice } from '../../src/api/types.js';
import { billingToday, invoiceStatus } from '../../src/steps/invoices/invoice-status.js';
import { addressBody, addressProblems, fieldProblem, formField, statesFor } from '../../src/steps/billing-address/billing-address-rules.js';
import { afterComplete, currentView } from '../../src/scopes/billing/router.js';
import { billing } from '../../src/scopes/billing/billing.js';
import { initialState, reduce, type FlowState } from '../../src/flow/state.js';
import type { AnyScope } from '../../src/flow/scope.js';
import { makeAccount, makeSession } from './fixtures.js';

const unpaid = (payment_due_date: string) => ({ paid_at: null, voided_at: null, payment_due_date });

describe('billing: invoice status', () => {
  it('is paid when paid_at is set, whatever the due date', () => {
    expect(invoiceStatus({ paid_at: '2030-03-19T14:00:00Z', voided_at: null, payment_due_date: '2030-03-19' }, '2030-06-01')).to.equal('paid');
  });

  it('is voided when voided_at is set', () => {
    expect(invoiceStatus({ paid_at: null, voided_at: '2030-03-06T12:00:00Z', payment_due_date: '2030-03-19' }, '2030-06-01')).to.equal('voided');
  });

  it('is due before and on the due date, past due from the day after', () => {
    expect(invoiceStatus(unpaid('2030-03-19'), '2030-03-18')).to.equal('due');
    expect(invoiceStatus(unpaid('2030-03-19'), '2030-03-19')).to.equal('due');
    expect(invoiceStatus(unpaid('2030-03-19'), '2030-03-20')).to.equal('past_due');
    // Across a month and a year end, as calendar dates.
    expect(invoiceStatus(unpaid('2030-12-31'), '2031-01-01')).to.equal('past_due');
    expect(invoiceStatus(unpaid('2031-01-01'), '2030-12-31')).to.equal('due');
  });

  it('never calls an unreadable due date past due', () => {
    expect(invoiceStatus(unpaid(''), '2030-03-20')).to.equal('due');
  });

  it("reads today in America/Chicago, not UTC: 8 pm in Texas is still the due date", () => {
    // 2030-03-20T01:00Z is 8 pm on March 19 in Chicago (CDT, UTC-5).
    const evening = new Date('2030-03-20T01:00:00Z');
    const today = billingToday([], evening);
    expect(today).to.equal('2030-03-19');
    expect(invoiceStatus(unpaid('2030-03-19'), today)).to.equal('due');
    // One hour before midnight in Chicago vs just after.
    expect(billingToday([], new Date('2030-03-20T04:59:00Z'))).to.equal('2030-03-19');
    expect(billingToday([], new Date('2030-03-20T05:00:00Z'))).to.equal('2030-03-20');
  });

  it("says the service's status where it gives one: the service's clock is the one that counts", () => {
    // The browser's today (2030-03-19) lags the service's: the service says past due, and so does the flow.
    expect(invoiceStatus({ ...unpaid('2030-03-18'), status: 'past_due' }, '2030-03-18')).to.equal('past_due');
    expect(invoiceStatus({ ...unpaid('2030-03-19'), status: 'due' }, '2030-03-25')).to.equal('due');
    // A value the flow does not know falls back to the rule.
    expect(invoiceStatus({ ...unpaid('2030-03-19'), status: 'disputed' }, '2030-03-25')).to.equal('past_due');
  });

  it('takes no today earlier than the newest invoice the service issued', () => {
    const issued = [{ invoice_date: '2030-05-02' }, { invoice_date: '2030-04-01' }] as Pick<Invoice, 'invoice_date'>[];
    expect(billingToday(issued, new Date('2030-04-20T15:00:00Z'))).to.equal('2030-05-02');
    expect(billingToday(issued, new Date('2030-06-20T15:00:00Z'))).to.equal('2030-06-20');
  });
});

describe('billing: address rules', () => {
  const good = { address_1: '500 Elm St', address_2: '', city: 'Austin', state: 'tx', postal_code: '78701' };

  it('accepts a complete US address, the second line optional and the state in either case', () => {
    expect(addressProblems(good)).to.deep.equal({});
    expect(addressProblems({ ...good, state: 'NY' })).to.deep.equal({});
    expect(addressProblems({ ...good, state: 'PR' })).to.deep.equal({});
  });

  it('requires street, city, state and ZIP', () => {
    expect(addressProblems({ address_1: ' ', address_2: '', city: '', state: '', postal_code: '' })).to.deep.equal({
      address_1: 'required',
      city: 'required',
      state: 'required',
      postal_code: 'required',
    });
  });

  it('wants 5 digits for a ZIP and a real state code', () => {
    expect(fieldProblem('postal_code', '7870')).to.equal('format');
    expect(fieldProblem('postal_code', '78701-1234')).to.equal('format');
    expect(fieldProblem('postal_code', 'ABCDE')).to.equal('format');
    expect(fieldProblem('state', 'XX')).to.equal('format');
    expect(fieldProblem('state', 'Texas')).to.equal('format');
    expect(fieldProblem('address_2', 'x'.repeat(201))).to.equal('too_long');
    // A paste's invisible characters are nothing: a street of zero-width spaces is empty; full-width digits are digits.
    expect(fieldProblem('address_1', '\u200b\u200b')).to.equal('required');
    expect(fieldProblem('city', '\u202e')).to.equal('required');
    expect(fieldProblem('postal_code', '\u200e77002')).to.equal(null);
    expect(fieldProblem('postal_code', '７７００２')).to.equal(null);
  });

  it('sends an address as it is seen: no direction marks (a saved city shown reversed), no zero-width spaces', () => {
    expect(addressBody({ ...good, address_1: '500 Elm St\u200b', city: '\u202eAustin', postal_code: '７８７０１' })).to.deep.equal({
      address_1: '500 Elm St',
      address_2: null,
      city: 'Austin',
      state: 'TX',
      postal_code: '78701',
    });
  });

  it("maps the service's field names and sends a clean body", () => {
    expect(formField('address.postal_code')).to.equal('postal_code');
    expect(formField('city')).to.equal('city');
    expect(formField('same_as_service_address')).to.equal(null);
    expect(addressBody({ ...good, address_1: ' 500 Elm St ' })).to.deep.equal({
      address_1: '500 Elm St',
      address_2: null,
      city: 'Austin',
      state: 'TX',
      postal_code: '78701',
    });
  });
});

describe('billing: the state list', () => {
  it('names the states in Spanish, in Spanish alphabetical order, the territories last, with the same codes', () => {
    const en = statesFor('en');
    const es = statesFor('es');
    expect(es.map(([c]) => c).sort()).to.deep.equal(en.map(([c]) => c).sort());
    const name = (code: string) => es.find(([c]) => c === code)![1];
    expect(name('NC')).to.equal('Carolina del Norte');
    expect(name('NY')).to.equal('Nueva York');
    expect(name('TX')).to.equal('Texas');
    const names = es.map(([, n]) => n);
    // "Carolina del Norte" among the C's, not after "North…" as in English; Wyoming is the last state.
    expect(names.indexOf('Carolina del Norte')).to.be.lessThan(names.indexOf('Colorado'));
    expect(names.indexOf('Wyoming')).to.be.lessThan(names.indexOf('Guam'));
    expect(es.slice(-5).map(([c]) => c).sort()).to.deep.equal(['AS', 'GU', 'MP', 'PR', 'VI']);
    expect(en[0]).to.deep.equal(['AL', 'Alabama']);
  });
});

describe('billing: declaration', () => {
  it('opens on the invoice list, with no numbered steps', () => {
    const account = makeAccount({ status: 'active', status_reason: 'active' });
    expect(billing.current(account, billing.progress)).to.equal('invoices');
    expect(billing.steps(account)).to.deep.equal([]);
    expect(currentView({ view: 'invoice' })).to.equal('invoices');
    expect(currentView({ view: 'invoice', invoice: 'INV-2030-001001' })).to.equal('invoice');
  });

  const active = makeAccount(
    { status: 'active', status_reason: 'active' },
    { has_accepted_plan: true, is_identity_verified: true, has_payment_method: true, is_enrollment_finalized: true, is_service_active: true },
  );

  it('opens an invoice and comes back to the list, remembering which one', () => {
    const open = afterComplete({ step: 'invoices', data: { open: 'invoice', invoice: 'INV-2030-001001', today: '2030-12-05' } }, active, {});
    expect(open).to.deep.equal({ progress: { view: 'invoice', invoice: 'INV-2030-001001', today: '2030-12-05' }, step: 'invoice' });
    const back = afterComplete({ step: 'invoice', data: { open: 'invoices' } }, active, { view: 'invoice', invoice: 'INV-2030-001001' });
    expect(back).to.deep.equal({ progress: { view: 'invoices', invoice: 'INV-2030-001001', saved: false, from: 'invoice' }, step: 'invoices' });
  });

  it('opens the address form and says "saved" once on the way back', () => {
    const open = afterComplete({ step: 'invoices', data: { open: 'billing-address' } }, active, { saved: true });
    expect(open).to.deep.include({ step: 'billing-address' });
    expect((open as { progress: { saved: boolean } }).progress.saved).to.equal(false);
    const saved = afterComplete({ step: 'billing-address', data: { open: 'invoices', saved: true } }, active, { view: 'billing-address' });
    expect(saved).to.deep.equal({ progress: { changed: true, view: 'invoices', invoice: undefined, saved: true, from: 'billing-address' }, step: 'invoices' });
  });

  it('closes completed on Done from the list, and leaving is a plain exit', () => {
    expect(afterComplete({ step: 'invoices' }, active, {})).to.deep.equal({ close: 'completed' });
    const account = makeAccount();
    expect(billing.exit(account, {}, null)).to.equal('exited');
    expect(billing.local).to.have.members(['invoices', 'invoice', 'billing-address']);
  });

  const step = (state: FlowState) => reduce(billing as AnyScope, state, { type: 'loaded', from: state.screen });

  it('a reload after an address was saved (the session marked done) resumes on the list, and leaving still completes', () => {
    const scope = billing as AnyScope;
    let state: FlowState = reduce(scope, initialState, { type: 'booted', session: makeSession({ scope: 'billing' }), account: active, returned: { done: true } });
    expect(state.screen).to.include({ kind: 'step', step: 'invoices' });
    state = reduce(scope, step(state), { type: 'exit', question: true });
    expect(state.screen).to.deep.equal({ kind: 'closed', reason: 'completed', status: 'closed' });
  });

  it('closing with the close button after the billing address was saved is not "exited" (docs/messages.md: exited = nothing was done with this link)', () => {
    const scope = billing as AnyScope;
    let state: FlowState = reduce(scope, initialState, { type: 'booted', session: makeSession({ scope: 'billing' }), account: active });
    state = step(state);
    state = reduce(scope, state, { type: 'complete', detail: { step: 'invoices', data: { open: 'billing-address' } } });
    expect(state.screen).to.include({ kind: 'step', step: 'billing-address' });
    state = step(state);
    // The address was saved on the server (PUT /v1/account/billing/address answered 200).
    state = reduce(scope, state, { type: 'complete', detail: { step: 'billing-address', data: { open: 'invoices', saved: true } } });
    expect(state.screen).to.include({ kind: 'step', step: 'invoices' });
    state = step(state);
    // An invoice opened and closed afterwards: the saved address still counts.
    state = reduce(scope, state, { type: 'complete', detail: { step: 'invoices', data: { open: 'invoice', invoice: 'INV-2030-001001' } } });
    state = step(state);
    state = reduce(scope, state, { type: 'complete', detail: { step: 'invoice', data: { open: 'invoices' } } });
    state = step(state);
    // The customer then closes the modal with its close button instead of pressing Done.
    state = reduce(scope, state, { type: 'exit', question: true });
    expect(state.screen).to.deep.include({ kind: 'closed' });
    expect((state.screen as { reason: string }).reason).to.equal('completed');
  });

  it('before enrollment ("There is nothing to bill yet") leaving is an exit, as in the other scopes that do not fit the account yet (docs/messages.md)', () => {
    const scope = billing as AnyScope;
    let state: FlowState = reduce(scope, initialState, { type: 'booted', session: makeSession({ scope: 'billing' }), account: makeAccount() });
    expect(state.screen).to.include({ kind: 'step', step: 'invoices' });
    state = step(state);
    // The only button on that screen (sf-step-invoices' Close) completes the step without data.
    state = reduce(scope, state, { type: 'complete', detail: { step: 'invoices' } });
    expect(state.screen).to.deep.include({ kind: 'closed' });
    expect((state.screen as { reason: string }).reason, 'no bill was seen: the host is told the job is done').to.equal('exited');
  });
});
