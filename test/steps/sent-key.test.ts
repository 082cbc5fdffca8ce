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

  it('send: the kept key refused as another request\'s (`reused`) is forgotten and the request sent again under a key of its own', async () => {
    session({ step: 'plans', key: 'kept-before-reload' });
    const key = new SentKey('plans');
    const keys: string[] = [];
    const answer = await key.send('plan-2', async (k) => {
      keys.push(k);
      if (k === 'kept-before-reload') throw apiError(422, 'unprocessable', [{ field: 'Idempotency-Key', code: 'reused', message: 'used for a different request' }]);
      return 'accepted';
    });
    expect(answer).to.equal('accepted');
    expect(keys).to.have.length(2);
    expect(keys[0]).to.equal('kept-before-reload');
    expect(keys[1]).not.to.equal('kept-before-reload');
    expect(stored()?.write, 'answered: nothing on its way').to.equal(undefined);
  });

  it('send: any other failure is the caller\'s, the key still kept (the same request sent again is the same write)', async () => {
    session();
    const key = new SentKey('identity');
    let first = '';
    const failed = await key
      .send('details', async (k) => {
        first = k;
        throw apiError(503, 'unavailable');
      })
      .catch((e: unknown) => e);
    expect((failed as { status?: number }).status).to.equal(503);
    expect(stored()?.write).to.deep.equal({ step: 'identity', key: first });
    expect(await key.send('details', async (k) => k)).to.equal(first);
  });
});
