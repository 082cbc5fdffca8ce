import { expect } from '@open-wc/testing';
import type { Account } from '../../src/api/types.js';
import type { AnyScope } from '../../src/flow/scope.js';
import { following, initialState, position, reduce, type Action, type FlowState } from '../../src/flow/state.js';
import { enrollment } from '../../src/scopes/enrollment/enrollment.js';
import { updatePaymentMethod } from '../../src/scopes/update-payment-method/update-payment-method.js';
import { ADDRESS, makeAccount, makeSession } from './fixtures.js';

const scope = enrollment as AnyScope;
const run = (state: FlowState, ...actions: Action[]) => actions.reduce((s, a) => reduce(scope, s, a), state);
const boot = (account: Account = makeAccount()) => run(initialState, { type: 'booted', session: makeSession(), account });
/** Boots and marks the code of the step on screen loaded. */
const ready = (state: FlowState) => run(state, { type: 'loaded', from: state.screen });
const screenOf = (state: FlowState) => state.screen;

describe('flow state (reducer)', () => {
  it('boots into the step the scope names, not yet ready until its code is loaded', () => {
    const state = boot(makeAccount({ service_address: ADDRESS }));
    expect(state.screen).to.deep.include({ kind: 'step', step: 'plans', ready: false });
    expect(ready(state).screen).to.deep.include({ kind: 'step', step: 'plans', ready: true });
  });

  it('drops a stale answer: a load started for another screen changes nothing', () => {
    const first = boot();
    const moved = run(ready(first), { type: 'complete', detail: { step: 'address', data: { address: ADDRESS } } });
    expect(moved.screen).to.deep.include({ step: 'plans' });
    expect(reduce(scope, moved, { type: 'loaded', from: first.screen })).to.equal(moved);
  });

  it('opens on the "not available yet" screen for a scope without a declaration', () => {
    const state = reduce(undefined, initialState, { type: 'booted', session: makeSession(), account: makeAccount() });
    expect(state.screen).to.deep.equal({ kind: 'closed', reason: 'error', status: 'unsupported' });
  });

  it('goes forward with a fresh visit and back to the kept one', () => {
    const address = ready(boot());
    const plans = ready(run(address, { type: 'complete', detail: { step: 'address', data: { address: ADDRESS } } }));
    const back = run(plans, { type: 'back' });
    expect(back.screen).to.deep.include({ step: 'address', visit: (address.screen as { visit: number }).visit });
    const again = run(ready(back), { type: 'complete', detail: { step: 'address', data: { address: ADDRESS } } });
    expect((again.screen as { visit: number }).visit).to.not.equal((plans.screen as { visit: number }).visit);
    expect(run(address, { type: 'back' })).to.equal(address); // no step before the first
  });

  it('waits for the account after a completion without one, ignoring other input meanwhile', () => {
    const plans = ready(boot(makeAccount({ service_address: ADDRESS })));
    const completing = run(plans, { type: 'complete', detail: { step: 'plans' } });
    expect(completing.screen).to.deep.include({ step: 'plans', completing: { step: 'plans' } });
    expect(run(completing, { type: 'back' })).to.equal(completing);
    expect(run(completing, { type: 'complete', detail: { step: 'plans' } })).to.equal(completing);
    const accepted = makeAccount({ service_address: ADDRESS }, { has_accepted_plan: true });
    expect(run(completing, { type: 'account', from: completing.screen, account: accepted }).screen).to.deep.include({ step: 'identity' });
    expect(run(completing, { type: 'account', from: plans.screen, account: accepted })).to.equal(completing);
  });

  it('ignores a completion from a step that is not on screen', () => {
    const address = ready(boot());
    expect(run(address, { type: 'complete', detail: { step: 'plans' } })).to.equal(address);
  });

  it('keeps the plan accepted in this session in the progress, and goes to the missing item review names', () => {
    const plan = { uuid: 'p1', name: 'Simple 12', term_months: 12, energy_rate_cents_per_kwh: '14.2', start_date: '2030-02-01' };
    const missingCard = makeAccount({ service_address: ADDRESS }, { has_accepted_plan: true, is_identity_verified: true, is_credit_check_submitted: true, has_payment_method: true });
    const plans = ready(boot(makeAccount({ service_address: ADDRESS })));
    const review = ready(run(plans, { type: 'complete', detail: { step: 'plans', account: missingCard, data: { plan } } }));
    expect(review.screen).to.deep.include({ step: 'review' });
    expect((review.progress as { plan: unknown }).plan).to.deep.equal(plan);
    const fix = run(review, { type: 'complete', detail: { step: 'review', account: missingCard, data: { goTo: 'identity' } } });
    expect(fix.screen).to.deep.include({ step: 'identity' });
  });

  it('closes with "completed" from the done step, and nothing changes once closed', () => {
    const done = ready(boot(makeAccount({ service_address: ADDRESS }, { is_enrollment_finalized: true })));
    const closed = run(done, { type: 'complete', detail: { step: 'done' } });
    expect(closed.screen).to.deep.equal({ kind: 'closed', reason: 'completed', status: 'closed' });
    for (const action of [{ type: 'back' }, { type: 'start' }, { type: 'close', reason: 'expired' }, { type: 'exit', question: true }] as Action[]) {
      expect(run(closed, action)).to.equal(closed);
    }
  });

  it('asks the exit question after the plans were seen, and only when it could load', () => {
    const address = ready(boot());
    expect(run(address, { type: 'exit', question: true }).screen).to.deep.include({ kind: 'closed', reason: 'exited' });
    const plans = ready(run(address, { type: 'complete', detail: { step: 'address', data: { address: ADDRESS } } }));
    const asking = run(plans, { type: 'exit', question: true });
    expect(asking.screen).to.deep.include({ step: 'plans', asking: true });
    expect(run(asking, { type: 'stay' }).screen).to.deep.include({ step: 'plans', asking: false, visit: (plans.screen as { visit: number }).visit });
    expect(run(plans, { type: 'exit', question: false }).screen).to.deep.include({ kind: 'closed', reason: 'exited' });
    const finalized = ready(boot(makeAccount({ service_address: ADDRESS }, { is_enrollment_finalized: true })));
    expect(run(finalized, { type: 'exit', question: true }).screen).to.deep.include({ kind: 'closed', reason: 'completed' });
  });

  it('takes the account the plans step read once the plans were seen: a close from there says where the service has it', () => {
    const plans = ready(run(ready(boot()), { type: 'complete', detail: { step: 'address', data: { address: ADDRESS } } }));
    const applying = makeAccount({ status: 'applying', status_reason: 'plan_not_accepted', service_address: ADDRESS });
    const viewed = run(plans, { type: 'viewed', plans: ['p1'] }, { type: 'viewed', plans: ['p1'], account: applying });
    expect(viewed.account).to.equal(applying);
    expect(viewed.viewed).to.deep.equal(['p1']);
    expect(viewed.screen, 'still the plans, as they were').to.equal(plans.screen);
    expect(run(viewed, { type: 'viewed', plans: ['p2'] }).account, 'a later one without an account keeps it').to.equal(applying);
  });

  it('sorts failures: 401 closes as expired (or invalid), 403/404 as an error, the rest offers a retry', () => {
    const address = ready(boot());
    expect(run(address, { type: 'fail', kind: 'unauthorized', code: 'token_expired', retry: 'start' }).screen).to.deep.equal({ kind: 'closed', reason: 'expired', status: 'expired' });
    expect(run(address, { type: 'fail', kind: 'unauthorized', code: 'unauthorized', retry: 'start' }).screen).to.deep.equal({ kind: 'closed', reason: 'expired', status: 'invalid' });
    expect(run(address, { type: 'fail', kind: 'forbidden', retry: 'start' }).screen).to.deep.equal({ kind: 'closed', reason: 'error', status: 'forbidden' });
    expect(run(address, { type: 'fail', kind: 'network', retry: 'start' }).screen).to.deep.equal({ kind: 'status', status: 'network', retry: 'start' });
    expect(run(initialState, { type: 'exit', question: true }).screen).to.deep.include({ kind: 'closed', reason: 'exited' });
  });

  it('the link over (clock or 401) on a screen whose job is done closes completed, as its Close would', () => {
    // The done step: its Close says completed, and so does the hour's end on it.
    const done = ready(boot(makeAccount({ service_address: ADDRESS }, { is_enrollment_finalized: true })));
    expect(run(done, { type: 'close', reason: 'expired', status: 'expired' }).screen).to.deep.equal({ kind: 'closed', reason: 'completed', status: 'closed' });
    expect(run(done, { type: 'fail', kind: 'unauthorized', code: 'token_expired', retry: 'start' }).screen).to.deep.include({ reason: 'completed' });
    // A step whose job is not done: expired, as before.
    const address = ready(boot());
    expect(run(address, { type: 'close', reason: 'expired', status: 'expired' }).screen).to.deep.equal({ kind: 'closed', reason: 'expired', status: 'expired' });
  });

  it('resumes with what this session did (a re-read keeps the progress)', () => {
    const plans = ready(run(ready(boot()), { type: 'complete', detail: { step: 'address', data: { address: ADDRESS } } }));
    const failed = run(plans, { type: 'fail', kind: 'network', retry: 'start' });
    const resumed = run(failed, { type: 'start' }, { type: 'booted', session: makeSession(), account: makeAccount() });
    expect(resumed.screen).to.deep.include({ step: 'plans' });
  });

  it('numbers the steps and names the one after each from the declaration', () => {
    const a = makeAccount();
    expect(position(scope, 'address', a)).to.deep.equal({ index: 1, total: 6 });
    expect(position(scope, 'done', a)).to.equal(null);
    expect(following(scope, 'address', a)).to.equal('plans');
    expect(following(scope, 'review', a)).to.equal('done');
    expect(following(scope, 'done', a)).to.equal(null);
    expect(screenOf(boot(a)).kind).to.equal('step');
  });

  it('does not number a lone step ("Step 1 of 1"): a card update without a card on file opens on the card form', () => {
    const noCard = makeAccount({ status: 'active', status_reason: 'active' } as Partial<Account>, { has_payment_method: false });
    const withCard = makeAccount({ status: 'active', status_reason: 'active' } as Partial<Account>, { has_payment_method: true });
    const cardScope = updatePaymentMethod as AnyScope;
    expect(cardScope.steps(noCard)).to.deep.equal(['payment']);
    expect(position(cardScope, 'payment', noCard)).to.equal(null);
    expect(position(cardScope, 'payment', withCard)).to.deep.equal({ index: 2, total: 2 });
  });
});
