import { expect } from '@open-wc/testing';
import { SentKey, sentWrite } from '../../src/steps/shared/sent-key.js';
import { SESSION_KEY } from '../../src/flow/bootstrap.js';
import { apiError } from './harness.js';

const stored = () => JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? 'null') as { token: string; write?: { step: string; key: string } } | null;
const session = (write?: { step: string; key: string }) =>
  sessionStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'flow_t', locale: null, ...(write ? { write } : {}) }));

describe('SentKey (the key of an enrollment write, beside the stored session until answered)', () => {
  afterEach(() => sessionStorage.clear());

  it('keeps the key of the write on its way beside the stored session, and drops it once answered', () => {
    session();
    const key = new SentKey('plans');
    const sent = key.for('plan-1' + '2030-01-20');
    expect(stored()?.write).to.deep.equal({ step: 'plans', key: sent });
    expect(sentWrite()).to.equal('plans');
    expect(key.for('plan-1' + '2030-01-20'), 'the same request: the same key').to.equal(sent);
    key.reset();
    expect(stored()?.write).to.equal(undefined);
    expect(stored()?.token, 'the session itself stays').to.equal('flow_t');
    expect(sentWrite()).to.equal(undefined);
  });

  it("a new page's first send of the step goes under the key kept for it, whatever the request; later ones as usual", () => {
    session({ step: 'identity', key: 'kept-before-reload' });
    const key = new SentKey('identity');
    expect(key.for('{"first_name":"Ana"}')).to.equal('kept-before-reload');
    expect(key.for('{"first_name":"Ana"}')).to.equal('kept-before-reload');
    const other = key.for('{"first_name":"Anna"}');
    expect(other, 'another request from this page: a key of its own').not.to.equal('kept-before-reload');
    expect(stored()?.write).to.deep.equal({ step: 'identity', key: other });
  });

  it("another step's kept key is not this step's: never sent, and replaced by this step's", () => {
    session({ step: 'plans', key: 'plans-key' });
    const key = new SentKey('credit');
    const sent = key.for('301274815');
    expect(sent).not.to.equal('plans-key');
    expect(stored()?.write).to.deep.equal({ step: 'credit', key: sent });
  });

  it('keeps nothing without a stored session (a test page, storage refused)', () => {
    const key = new SentKey('review');
    expect(key.for('false')).to.match(/^[0-9a-f-]{36}$/);
    expect(sessionStorage.getItem(SESSION_KEY)).to.equal(null);
  });

  it("reused: the service's refusal of the key as another request's (the write before the reload went through) forgets it", () => {
    session({ step: 'plans', key: 'kept-before-reload' });
    const key = new SentKey('plans');
    key.for('plan-2');
    expect(key.reused(apiError(503, 'unavailable')), 'a failure of another kind').to.equal(false);
    expect(stored()?.write?.key).to.equal('kept-before-reload');
    expect(key.reused(apiError(422, 'unprocessable', [{ field: 'Idempotency-Key', code: 'reused', message: 'used' }]))).to.equal(true);
    expect(stored()?.write).to.equal(undefined);
    expect(key.for('plan-2'), 'the next send: a key of its own').not.to.equal('kept-before-reload');
  });

  it("a credit check's key kept from before a reload stays while the details are saved again (Back, Continue): the same number is still that check", () => {
    session({ step: 'credit', key: 'credit-before-reload' });
    const identity = new SentKey('identity');
    identity.for('{"first_name":"Ana"}');
    expect(stored()?.write, 'not taken by an earlier step').to.deep.equal({ step: 'credit', key: 'credit-before-reload' });
    identity.reset();
    expect(stored()?.write, 'nor emptied by its answer').to.deep.equal({ step: 'credit', key: 'credit-before-reload' });
    expect(new SentKey('plans').for('plan-1')).not.to.equal('credit-before-reload');
    expect(stored()?.write?.key).to.equal('credit-before-reload');
    expect(new SentKey('credit').for('301274815')).to.equal('credit-before-reload');
  });

  it("a finalize's key kept from before a reload is any write's to take (it was refused for want of that one), and a stale key of an earlier step too", () => {
    session({ step: 'review', key: 'finalize-before-reload' });
    const identity = new SentKey('identity');
    const sent = identity.for('{"first_name":"Ana"}');
    expect(stored()?.write).to.deep.equal({ step: 'identity', key: sent });
    expect(sentWrite()).to.equal('identity');
    const credit = new SentKey('credit');
    const check = credit.for('301274815');
    expect(stored()?.write, "an earlier step's key is a later step's to take").to.deep.equal({ step: 'credit', key: check });
    credit.reset();
    expect(stored()?.write).to.equal(undefined);
  });
});
