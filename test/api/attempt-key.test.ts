import { expect } from '@open-wc/testing';
import { AttemptKey } from '../../src/api/attempt-key.js';

describe('AttemptKey', () => {
  it('keeps the key for the same request, mints one for a different request or after reset', () => {
    const attempt = new AttemptKey();
    const first = attempt.for('301274815');
    expect(first).to.match(/^[0-9a-f-]{36}$/);
    expect(attempt.for('301274815'), 'the same request').to.equal(first);
    const other = attempt.for('301274816');
    expect(other, 'a different request').not.to.equal(first);
    expect(attempt.for('301274816')).to.equal(other);
    expect(attempt.for('301274815'), 'back to the first request: a new attempt, not the old key').not.to.equal(first);
    const again = attempt.for('301274815');
    attempt.reset();
    expect(attempt.for('301274815'), 'after reset').not.to.equal(again);
  });

  it('holds no copy of the request, only its key and a number', () => {
    const attempt = new AttemptKey();
    const key = attempt.for('301274815');
    const held = Object.values(attempt as unknown as Record<string, unknown>);
    expect(held).to.have.length(2);
    expect(held).to.include(key);
    expect(held.find((v) => v !== key)).to.be.a('number');
    expect(JSON.stringify(attempt)).not.to.contain('4815');
  });
});
