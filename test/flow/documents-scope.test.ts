import { expect } from '@open-wc/testing';
import { documents } from '../../src/scopes/documents/documents.js';
import { initialState, reduce, type FlowState } from '../../src/flow/state.js';
import type { AnyScope } from '../../src/flow/scope.js';
import { makeAccount, makeSession } from './fixtures.js';

describe('documents scope', () => {
  const scope = documents as AnyScope;
  const active = makeAccount({ status: 'active', status_reason: 'active', location_uuid: '7c2d9e4f-0000-4000-8000-000000000001' } as never);

  it('opens on the documents view, unnumbered, for any account (the view explains a missing location)', () => {
    expect(documents.current(active, {})).to.equal('documents');
    expect(documents.current(makeAccount(), {})).to.equal('documents');
    expect(documents.steps(active)).to.deep.equal([]);
  });

  it('Done closes completed; leaving otherwise is an exit', () => {
    expect(documents.complete({ step: 'documents' }, active, {})).to.deep.equal({ close: 'completed' });
    expect(documents.exit(active, {}, null)).to.equal('exited');
  });

  it('through the reducer: booted → the view; its completion closes without re-reading the account', () => {
    let state: FlowState = reduce(scope, initialState, { type: 'booted', session: makeSession({ scope: 'documents' }), account: active });
    expect(state.screen).to.include({ kind: 'step', step: 'documents' });
    state = reduce(scope, state, { type: 'loaded', from: state.screen });
    state = reduce(scope, state, { type: 'complete', detail: { step: 'documents' } });
    expect(state.screen).to.deep.equal({ kind: 'closed', reason: 'completed', status: 'closed' });
  });
});
