import { expect } from '@open-wc/testing';
import { contrastRatio, normalizeHex, usableBrandColor } from '../../src/flow/branding.js';
import { watchExpiry } from '../../src/flow/expiry.js';
import { exitOutcome } from '../../src/scopes/enrollment/router.js';
import { ADDRESS, makeAccount } from './fixtures.js';

function fakeDoc() {
  const listeners = new Set<() => void>();
  return {
    visibilityState: 'visible' as DocumentVisibilityState,
    addEventListener: (_: string, fn: () => void) => listeners.add(fn),
    removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
    wake: () => listeners.forEach((fn) => fn()),
    listeners,
  };
}

describe('session clock', () => {
  it('warns inside the last five minutes and expires once, re-checking when the page becomes visible', () => {
    let now = Date.parse('2030-01-01T10:00:00Z');
    const doc = fakeDoc();
    const events: string[] = [];
    const stop = watchExpiry('2030-01-01T10:30:00Z', { onExpiring: () => events.push('expiring'), onExpired: () => events.push('expired') }, {
      now: () => now,
      doc: doc as unknown as Document,
    });
    expect(events).to.deep.equal([]);
    now = Date.parse('2030-01-01T10:26:00Z');
    doc.wake();
    expect(events).to.deep.equal(['expiring']);
    doc.wake();
    expect(events).to.deep.equal(['expiring']);
    now = Date.parse('2030-01-01T10:31:00Z');
    doc.wake();
    expect(events).to.deep.equal(['expiring', 'expired']);
    expect(doc.listeners.size).to.equal(0);
    stop();
  });

  it('expires at once when already past, and ignores a bad date', () => {
    const events: string[] = [];
    const handlers = { onExpiring: () => events.push('expiring'), onExpired: () => events.push('expired') };
    watchExpiry('2000-01-01T00:00:00Z', handlers, { doc: fakeDoc() as unknown as Document })();
    expect(events).to.deep.equal(['expired']);
    watchExpiry('not a date', handlers, { doc: fakeDoc() as unknown as Document })();
    expect(events).to.deep.equal(['expired']);
  });
});

describe('brand color', () => {
  it('accepts only hex colors readable under white text', () => {
    expect(normalizeHex('#ABC')).to.equal('#aabbcc');
    expect(normalizeHex('red; background: url(x)')).to.equal(null);
    expect(contrastRatio('#000000', '#ffffff')).to.be.closeTo(21, 0.01);
    expect(usableBrandColor('#0b5cad')).to.equal('#0b5cad');
    expect(usableBrandColor('#ffd700')).to.equal(null);
    expect(usableBrandColor(null)).to.equal(null);
  });
});

describe('exit outcome', () => {
  it('completes after finalizing, asks the opt-out question after plans, else exits', () => {
    expect(exitOutcome(makeAccount(), {}, false)).to.equal('exited');
    expect(exitOutcome(makeAccount(), {}, true)).to.equal('opt-out');
    expect(exitOutcome(makeAccount({ service_address: ADDRESS }), {}, false)).to.equal('opt-out');
    expect(exitOutcome(makeAccount({}, { has_accepted_plan: true }), {}, false)).to.equal('opt-out');
    expect(exitOutcome(makeAccount({}, { is_enrollment_finalized: true }), {}, true)).to.equal('completed');
    expect(exitOutcome(makeAccount(), { finalized: true }, true)).to.equal('completed');
  });
});
