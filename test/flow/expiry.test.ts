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
    const stop = watchExpiry('2030-01-01T10:30:00Z', undefined, { onExpiring: (at) => events.push(`expiring ${at}`), onExpired: () => events.push('expired') }, {
      now: () => now,
      doc: doc as unknown as Document,
    });
    expect(events).to.deep.equal([]);
    now = Date.parse('2030-01-01T10:26:00Z');
    doc.wake();
    expect(events).to.deep.equal(['expiring 2030-01-01T10:30:00.000Z']);
    doc.wake();
    expect(events).to.have.length(1);
    now = Date.parse('2030-01-01T10:31:00Z');
    doc.wake();
    expect(events).to.deep.equal(['expiring 2030-01-01T10:30:00.000Z', 'expired']);
    expect(doc.listeners.size).to.equal(0);
    stop();
  });

  it('counts the seconds the service says are left from now, whatever this device\'s clock says of expires_at', () => {
    // A phone an hour fast: by its clock the link ended already; the service says 50 minutes are left.
    let now = Date.parse('2030-01-01T11:10:00Z');
    const doc = fakeDoc();
    const events: string[] = [];
    watchExpiry('2030-01-01T11:00:00Z', 50 * 60, { onExpiring: (at) => events.push(`expiring ${at}`), onExpired: () => events.push('expired') }, {
      now: () => now,
      doc: doc as unknown as Document,
    });
    expect(events).to.deep.equal([]);
    now = Date.parse('2030-01-01T11:55:30Z');
    doc.wake();
    // Said on this device's clock: 50 minutes after it started counting.
    expect(events).to.deep.equal(['expiring 2030-01-01T12:00:00.000Z']);
    now = Date.parse('2030-01-01T12:00:01Z');
    doc.wake();
    expect(events).to.have.length(2);
    // None left: over at once.
    const over: string[] = [];
    watchExpiry('2030-01-01T11:00:00Z', 0, { onExpiring: () => over.push('expiring'), onExpired: () => over.push('expired') }, { doc: fakeDoc() as unknown as Document })();
    expect(over).to.deep.equal(['expired']);
  });

  it('without the seconds left: a link the service has just accepted lives at most an hour, and is not ended by a fast clock', () => {
    const events: string[] = [];
    const handlers = { onExpiring: () => events.push('expiring'), onExpired: () => events.push('expired') };
    // Past by this device's clock, yet the service accepted it: the clock is fast; only the service's 401 ends it.
    watchExpiry('2000-01-01T00:00:00Z', undefined, handlers, { doc: fakeDoc() as unknown as Document })();
    watchExpiry('not a date', undefined, handlers, { doc: fakeDoc() as unknown as Document })();
    expect(events).to.deep.equal([]);
    // Two hours ahead by this device's clock: the clock is slow; the warning comes 55 minutes from now, not 115.
    let now = Date.parse('2030-01-01T10:00:00Z');
    const doc = fakeDoc();
    watchExpiry('2030-01-01T12:00:00Z', undefined, handlers, { now: () => now, doc: doc as unknown as Document });
    now = Date.parse('2030-01-01T10:55:30Z');
    doc.wake();
    expect(events).to.deep.equal(['expiring']);
  });
});

describe('brand color', () => {
  it('accepts only hex colors readable under white text and as text on the muted surface (#f5f7fa, a secondary button pointed at)', () => {
    expect(normalizeHex('#ABC')).to.equal('#aabbcc');
    expect(normalizeHex('red; background: url(x)')).to.equal(null);
    expect(contrastRatio('#000000', '#ffffff')).to.be.closeTo(21, 0.01);
    expect(usableBrandColor('#0b5cad')).to.equal('#0b5cad');
    expect(usableBrandColor('#ffd700')).to.equal(null);
    // 4.51:1 on white, 4.20:1 on #f5f7fa; 4.86:1 on #f5f7fa.
    expect(usableBrandColor('#1a73e8')).to.equal(null);
    expect(usableBrandColor('#1d68d8')).to.equal('#1d68d8');
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
