import { expect } from '@open-wc/testing';
import { renewal } from '../../src/scopes/renewal/renewal.js';
import { renewalStanding, standingOfRefusal } from '../../src/scopes/renewal/router.js';
import { initialState, position, reduce, type FlowState } from '../../src/flow/state.js';
import type { AnyScope } from '../../src/flow/scope.js';
import { LOCATION_UUID, contract, location, makeAccount, makeSession, queued } from './fixtures.js';

describe('renewal router', () => {
  const active = makeAccount({ status: 'active', status_reason: 'active', location_uuid: LOCATION_UUID } as never);

  it('starts at the current plan; after accepting, the done screen', () => {
    expect(renewal.current(active, {})).to.equal('renewal');
    expect(renewal.current(active, { accepted: true })).to.equal('renewal-done');
    // The done screen's page title says what happened, not "Done".
    expect(renewal.label('renewal-done')).to.equal('Renewal confirmed');
    // Never numbered: whether it takes one screen (too early, already renewed) or two is known only from the location,
    // which the first step reads; "Step 1 of 2" over "You have already renewed" would promise a step that never comes.
    expect(renewal.steps(active)).to.deep.equal([]);
    expect(renewal.steps(makeAccount())).to.deep.equal([]);
    expect(position(renewal as AnyScope, 'renewal', active)).to.equal(null);
    expect(position(renewal as AnyScope, 'renewal-plans', active)).to.equal(null);
  });

  it('current plan → plans → (accepted) done → close completed', () => {
    expect(renewal.complete({ step: 'renewal' }, active, {})).to.deep.equal({ step: 'renewal-plans', progress: {} });
    // The plans' Back (a completion: the steps are not numbered, so the root's Back has nowhere to go).
    expect(renewal.complete({ step: 'renewal-plans', data: { back: true } }, active, {})).to.deep.equal({ step: 'renewal', progress: {} });
    expect(renewal.complete({ step: 'renewal-plans', data: { renewed: true } }, active, {})).to.deep.equal({ step: 'renewal-done', progress: { accepted: true } });
    expect(renewal.complete({ step: 'renewal-done' }, active, { accepted: true })).to.deep.equal({ close: 'completed' });
    // The current plan finds the renewal this session sent queued (its answer lost, then a reload): the done screen.
    expect(renewal.complete({ step: 'renewal', data: { renewed: true } }, active, {})).to.deep.equal({ step: 'renewal-done', progress: { accepted: true } });
    // The plans step already said which plan is queued (this session's, its answer lost): closing completes.
    expect(renewal.complete({ step: 'renewal-plans', data: { renewed: true, said: true } }, active, {})).to.deep.equal({ close: 'completed' });
  });

  it('leaving before accepting is an exit, after it a completion', () => {
    expect(renewal.exit(active, {}, null)).to.equal('exited');
    expect(renewal.exit(active, { accepted: true }, null)).to.equal('completed');
  });

  it('reads where the location stands from its renewal status', () => {
    expect(renewalStanding(active, location({ eligibility: 'eligible', opens_on: '2029-11-05' }))).to.deep.equal({ kind: 'eligible', monthToMonth: false });
    expect(renewalStanding(active, location({ eligibility: 'eligible', opens_on: '2029-11-05' }, { contract: { ...contract, status: 'expired' } }))).to.deep.equal({
      kind: 'eligible',
      monthToMonth: true,
    });
    expect(renewalStanding(active, location({ eligibility: 'not_yet_eligible', opens_on: '2029-11-05' }))).to.deep.equal({
      kind: 'not_yet_eligible',
      opensOn: '2029-11-05',
      endDate: '2030-01-04',
    });
    expect(renewalStanding(active, location({ eligibility: 'already_renewed', opens_on: '2029-11-05' }, { queued_contract: queued }))).to.deep.equal({
      kind: 'already_renewed',
      queued,
    });
    expect(renewalStanding(active, location({ eligibility: 'not_active', opens_on: '2029-11-05' }))).to.deep.equal({ kind: 'not_active' });
  });

  it('without a renewal status, derives it from the account and the queued contract', () => {
    expect(renewalStanding(active, location())).to.deep.equal({ kind: 'eligible', monthToMonth: false });
    expect(renewalStanding(active, location(undefined, { queued_contract: queued }))).to.include({ kind: 'already_renewed' });
    expect(renewalStanding(makeAccount({ status: 'scheduled', status_reason: 'service_pending', location_uuid: LOCATION_UUID } as never), location())).to.deep.equal({
      kind: 'not_active',
    });
  });

  it('an account without a location (not enrolled) has nothing to renew', () => {
    expect(renewalStanding(makeAccount(), null)).to.deep.equal({ kind: 'no_location' });
  });

  it("names the standing of a 422's eligibility field code, and nothing for other fields", () => {
    expect(standingOfRefusal([{ field: 'status', code: 'not_active' }], null)).to.deep.equal({ kind: 'not_active' });
    expect(standingOfRefusal([{ field: 'queued_contract', code: 'already_renewed' }], location(undefined, { queued_contract: queued }))).to.deep.equal({
      kind: 'already_renewed',
      queued,
    });
    expect(standingOfRefusal([{ field: 'contract.end_date', code: 'not_yet_eligible' }], null)).to.include({ kind: 'not_yet_eligible' });
    expect(standingOfRefusal([{ field: 'start_date', code: 'range' }], null)).to.equal(null);
  });

  it('through the reducer: accepting shows done at once, without reading the account again (a re-read that failed lost the renewal); Back returns to the current plan', () => {
    const scope = renewal as AnyScope;
    const session = makeSession({ scope: 'renewal' });
    let state: FlowState = reduce(scope, initialState, { type: 'booted', session, account: active });
    expect(state.screen).to.include({ step: 'renewal' });
    state = reduce(scope, state, { type: 'loaded', from: state.screen });
    state = reduce(scope, state, { type: 'complete', detail: { step: 'renewal' } });
    expect(state.screen).to.include({ step: 'renewal-plans' });
    state = reduce(scope, state, { type: 'loaded', from: state.screen });
    const back = reduce(scope, state, { type: 'complete', detail: { step: 'renewal-plans', data: { back: true } } });
    expect(back.screen).to.include({ step: 'renewal' });
    state = reduce(scope, state, { type: 'complete', detail: { step: 'renewal-plans', data: { renewed: true } } });
    expect(state.screen).to.include({ step: 'renewal-done' });
    expect((state.screen as { completing?: unknown }).completing).to.equal(undefined);
    // A failure later (the session's link lost, then "Try again") boots again: the renewal this session made stays done.
    state = reduce(scope, state, { type: 'fail', kind: 'network', retry: 'start' });
    state = reduce(scope, state, { type: 'start' });
    state = reduce(scope, state, { type: 'booted', session, account: active });
    expect(state.screen).to.include({ step: 'renewal-done' });
    state = reduce(scope, { ...state, screen: { ...(state.screen as object), ready: true } as FlowState['screen'] }, { type: 'exit', question: false });
    expect(state.screen.kind === 'closed' ? state.screen.reason : 'open').to.equal('completed');
    expect(state.progress).to.deep.equal({ accepted: true });
  });

  it('a reload after the renewal was accepted (returned.done) resumes on the done screen, and closing there completes', () => {
    const scope = renewal as AnyScope;
    let state: FlowState = reduce(scope, initialState, { type: 'booted', session: makeSession({ scope: 'renewal' }), account: active, returned: { done: true } });
    expect(state.screen).to.include({ step: 'renewal-done' });
    state = reduce(scope, { ...state, screen: { ...(state.screen as object), ready: true } as FlowState['screen'] }, { type: 'exit', question: false });
    expect(state.screen.kind === 'closed' ? state.screen.reason : 'open').to.equal('completed');
    const fresh = reduce(scope, initialState, { type: 'booted', session: makeSession({ scope: 'renewal' }), account: active, returned: {} });
    expect(fresh.screen).to.include({ step: 'renewal' });
  });
});

