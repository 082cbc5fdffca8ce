import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { addBusinessDays, addBusinessHours, Clock, isBusinessInstant } from '../clock.js';
import { addMonths, localDate, localToInstant, yearsBetween } from '../time.js';

const at = (iso: string) => Date.parse(iso);

describe('Clock', () => {
  it('is real time plus an offset that advance and set move, and tells listeners', () => {
    let real = at('2026-03-02T16:00:00Z');
    const clock = new Clock({ realNow: () => real });
    const seen: Array<[string, string]> = [];
    clock.onChange((now, previous) => seen.push([previous.toISOString(), now.toISOString()]));
    assert.equal(clock.now().toISOString(), '2026-03-02T16:00:00.000Z');
    clock.advance(3_600_000);
    assert.equal(clock.now().toISOString(), '2026-03-02T17:00:00.000Z');
    real += 1000; // real time keeps flowing under the offset
    assert.equal(clock.now().toISOString(), '2026-03-02T17:00:01.000Z');
    clock.set(at('2026-04-01T00:00:00Z'));
    assert.equal(clock.nowMs(), at('2026-04-01T00:00:00Z'));
    assert.deepEqual(seen, [
      ['2026-03-02T16:00:00.000Z', '2026-03-02T17:00:00.000Z'],
      ['2026-03-02T17:00:01.000Z', '2026-04-01T00:00:00.000Z'],
    ]);
    assert.throws(() => clock.advance(-1), RangeError);
  });

  it('starts where asked and says what day it is in Texas, not in UTC', () => {
    const clock = new Clock({ start: at('2026-03-03T03:00:00Z') });
    assert.equal(clock.today(), '2026-03-02'); // 21:00 the evening before in Chicago
  });
});

describe('business hours (Mon–Fri 08:00–17:00 America/Chicago)', () => {
  it('knows open and closed instants', () => {
    assert.equal(isBusinessInstant(at('2026-03-02T14:00:00Z')), true); // Mon 08:00 CST
    assert.equal(isBusinessInstant(at('2026-03-02T13:59:59Z')), false); // Mon 07:59
    assert.equal(isBusinessInstant(at('2026-03-02T23:00:00Z')), false); // Mon 17:00
    assert.equal(isBusinessInstant(at('2026-03-07T16:00:00Z')), false); // Saturday
  });

  it('adds hours within the day, across evenings and across weekends', () => {
    assert.equal(new Date(addBusinessHours(at('2026-03-02T16:00:00Z'), 2)).toISOString(), '2026-03-02T18:00:00.000Z');
    // Mon 16:00 + 3 h → 1 h on Monday, 2 h on Tuesday → Tue 10:00 CST
    assert.equal(new Date(addBusinessHours(at('2026-03-02T22:00:00Z'), 3)).toISOString(), '2026-03-03T16:00:00.000Z');
    // Fri 16:30 CST + 1 h → Mon 08:30, which is CDT after Sunday's spring-forward (UTC-5)
    assert.equal(new Date(addBusinessHours(at('2026-03-06T22:30:00Z'), 1)).toISOString(), '2026-03-09T13:30:00.000Z');
    // Saturday noon + 0.5 h → Mon 08:30 CDT
    assert.equal(new Date(addBusinessHours(at('2026-03-07T18:00:00Z'), 0.5)).toISOString(), '2026-03-09T13:30:00.000Z');
    // 72 business hours = 8 working days from Monday 08:00 → the next Wednesday 17:00
    assert.equal(new Date(addBusinessHours(at('2026-03-02T14:00:00Z'), 72)).toISOString(), '2026-03-11T22:00:00.000Z');
  });

  it('keeps local hours across the spring DST change', () => {
    // Fri 2026-03-06 16:00 CST + 2 h → Mon 2026-03-09 09:00 CDT (14:00 UTC, offset now -5)
    assert.equal(new Date(addBusinessHours(at('2026-03-06T22:00:00Z'), 2)).toISOString(), '2026-03-09T14:00:00.000Z');
  });

  it('adds business days at the same local time (plan expiry)', () => {
    // Friday 10:00 + 5 business days → next Friday 10:00
    assert.equal(new Date(addBusinessDays(at('2026-03-06T16:00:00Z'), 5)).toISOString(), '2026-03-13T15:00:00.000Z');
    // Saturday counts from Monday
    assert.equal(localDate(addBusinessDays(at('2026-03-07T16:00:00Z'), 1)), '2026-03-09');
  });
});

describe('time helpers', () => {
  it('converts local wall time to instants on both sides of DST', () => {
    assert.equal(new Date(localToInstant('2026-01-15', 8)).toISOString(), '2026-01-15T14:00:00.000Z');
    assert.equal(new Date(localToInstant('2026-07-15', 8)).toISOString(), '2026-07-15T13:00:00.000Z');
  });

  it('counts ages and months as people do', () => {
    assert.equal(yearsBetween('2008-03-02', '2026-03-02'), 18);
    assert.equal(yearsBetween('2008-03-03', '2026-03-02'), 17);
    assert.equal(addMonths('2026-01-31', 1), '2026-02-28');
  });
});
