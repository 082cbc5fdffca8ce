import { expect } from '@open-wc/testing';
import { render } from 'lit';
import { updatePaymentMethod as scope } from '../../src/scopes/update-payment-method/update-payment-method.js';
import { following, initialState, reduce, type FlowState } from '../../src/flow/state.js';
import type { AnyScope } from '../../src/flow/scope.js';
import { makeAccount, makeSession } from './fixtures.js';
import { SESSION_KEY } from '../../src/flow/bootstrap.js';

const withCard = makeAccount({ status: 'active', status_reason: 'active' }, { has_payment_method: true });
const noCard = makeAccount({ status: 'active', status_reason: 'active' }, { has_payment_method: false });

describe('update-payment-method declaration', () => {
  it('starts at the card on file when there is one, else at the card form', () => {
    expect(scope.current(withCard, {})).to.equal('card-on-file');
    expect(scope.current(noCard, {})).to.equal('payment');
    expect(scope.steps(withCard)).to.deep.equal(['card-on-file', 'payment']);
    expect(scope.steps(noCard)).to.deep.equal(['payment']);
  });

  it('does not close early in any account state: a created account without a location may add a card', () => {
    const created = makeAccount({ status: 'created', status_reason: 'missing_address', location_uuid: null });
    expect(scope.current(created, {})).to.equal('payment');
  });

  it('an enrollment cancelled before service started is never billed: no card form, only the guard', () => {
    for (const status_reason of ['cancelled_pre_start', 'expire_pre_active', 'enrollment_blocked_verification_hold'] as const) {
      const cancelled = makeAccount({ status: 'cancelled', status_reason }, { has_payment_method: true });
      expect(scope.current(cancelled, {}), status_reason).to.equal('card-not-needed');
      expect(scope.steps(cancelled)).to.deep.equal([]);
      expect(scope.exit(cancelled, {}, null)).to.equal('exited');
    }
    // After service ended a last bill may still be due: the card can be replaced.
    const ended = makeAccount({ status: 'cancelled', status_reason: 'cancelled_post_start' }, { has_payment_method: true });
    expect(scope.current(ended, {})).to.equal('card-on-file');
  });

  it('goes card on file → card form → last screen → closes completed', () => {
    const a = scope.complete({ step: 'card-on-file' }, withCard, {});
    expect(a).to.deep.equal({ progress: {}, step: 'payment' });
    const b = scope.complete({ step: 'payment', account: withCard }, withCard, {});
    expect(b).to.deep.equal({ progress: { updated: true }, step: 'card-updated' });
    expect(scope.current(withCard, { updated: true })).to.equal('card-updated');
    expect(scope.complete({ step: 'card-updated' }, withCard, { updated: true })).to.deep.equal({ close: 'completed' });
  });

  it('the card on file read again is another card (a save whose answer was lost, then Back): the update is done', () => {
    expect(scope.complete({ step: 'card-on-file', data: { replaced: true } }, withCard, {})).to.deep.equal({ progress: { updated: true }, step: 'card-updated' });
  });

  it('no card on file after all (404, "Add a card" while the account still says it has one): the card form adds one, not "replaces the card on file"', () => {
    const purpose = (progress: object) => {
      const host = document.createElement('div');
      render(scope.views.payment.render({ account: withCard, draft: {}, progress }), host);
      return (host.querySelector('sf-step-payment') as HTMLElement & { purpose?: string }).purpose;
    };
    expect(purpose({})).to.equal('replace');
    const added = scope.complete({ step: 'card-on-file', data: { none: true } }, withCard, {});
    expect(added).to.deep.equal({ progress: { none: true }, step: 'payment' });
    // Enrollment's words, without looking for the card on file again (found gone a step before).
    expect(purpose('progress' in added ? added.progress : {})).to.equal('add');
    // Read again (Back) the card added meanwhile is told as the update, whatever step 1 found first.
    expect(scope.complete({ step: 'card-on-file', data: { replaced: true } }, withCard, { none: true })).to.deep.equal({ progress: { none: true, updated: true }, step: 'card-updated' });
  });

  it('leaving before a new card is saved exits; after it, completes', () => {
    expect(scope.exit(withCard, {}, null)).to.equal('exited');
    expect(scope.exit(noCard, {}, null)).to.equal('exited');
    expect(scope.exit(withCard, { updated: true }, null)).to.equal('completed');
  });

  it('warms the card processor up on the card on file (the card form is next)', () => {
    expect(scope.card?.step).to.equal('payment');
    expect(following(scope as AnyScope, 'card-on-file', withCard)).to.equal('payment');
    expect(following(scope as AnyScope, 'payment', withCard)).to.equal('card-updated');
  });

  it('runs through the engine reducer: Back from the card form returns to the card on file, and the card on file re-reads nothing', () => {
    const s = scope as AnyScope;
    let state: FlowState = reduce(s, { ...initialState }, { type: 'booted', session: makeSession(), account: withCard });
    expect(state.screen).to.include({ kind: 'step', step: 'card-on-file' });
    state = reduce(s, state, { type: 'loaded', from: state.screen });
    state = reduce(s, state, { type: 'complete', detail: { step: 'card-on-file' } });
    expect(state.screen).to.include({ kind: 'step', step: 'payment', ready: false });
    state = reduce(s, state, { type: 'loaded', from: state.screen });
    const back = reduce(s, state, { type: 'back' });
    expect(back.screen).to.include({ kind: 'step', step: 'card-on-file' });
    state = reduce(s, state, { type: 'complete', detail: { step: 'payment', account: withCard } });
    expect(state.screen).to.include({ kind: 'step', step: 'card-updated' });
    state = reduce(s, state, { type: 'loaded', from: state.screen });
    expect(reduce(s, state, { type: 'exit', question: false }).screen).to.deep.equal({ kind: 'closed', reason: 'completed', status: 'closed' });
    expect(reduce(s, state, { type: 'complete', detail: { step: 'card-updated' } }).screen).to.include({ kind: 'closed', reason: 'completed' });
  });

  it('has a view for every step it routes to', () => {
    for (const step of ['card-on-file', 'payment', 'card-updated', 'card-not-needed'] as const) expect(scope.views[step].tag).to.match(/^sf-step-/);
    expect(scope.views['card-on-file'].tag).to.equal('sf-step-card-on-file');
    expect(scope.views.payment.tag).to.equal('sf-step-payment');
  });

  it('a reload after the card was replaced (returned.done) resumes on the done screen, and closing there completes', () => {
    const any = scope as AnyScope;
    let state: FlowState = reduce(any, initialState, { type: 'booted', session: makeSession({ scope: 'update-payment-method' }), account: withCard, returned: { done: true } });
    expect(state.screen).to.include({ step: 'card-updated' });
    state = reduce(any, { ...state, screen: { ...(state.screen as object), ready: true } as FlowState['screen'] }, { type: 'exit', question: false });
    expect(state.screen.kind === 'closed' ? state.screen.reason : 'open').to.equal('completed');
  });

  it('a reload while a card\'s save was on its way resumes on the card form (which sends it again), not on that card offered to keep', () => {
    const any = scope as AnyScope;
    const booted = (account: typeof withCard) =>
      reduce(any, initialState, { type: 'booted', session: makeSession({ scope: 'update-payment-method' }), account, returned: {} }).screen;
    try {
      sessionStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'flow_abc', locale: null, card: 'pm_sent' }));
      expect(booted(withCard), 'saved already: the account shows a card').to.include({ step: 'payment' });
      expect(booted(noCard), 'not arrived').to.include({ step: 'payment' });
      expect(scope.complete({ step: 'payment', account: withCard }, withCard, { pending: true })).to.deep.include({ step: 'card-updated' });
      sessionStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'flow_abc', locale: null }));
      expect(booted(withCard), 'nothing on its way').to.include({ step: 'card-on-file' });
    } finally {
      sessionStorage.clear();
    }
  });
});
