import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { addBusinessDays, addBusinessHours, Clock, isBusinessInstant, MAX_CLOCK_MOVE_DAYS } from '../clock.js';
import { addMonths, localDate, localToInstant, yearsBetween } from '../time.js';
import { assertError, Harness, MONDAY_10AM } from './support/harness.js';

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

  it('adds whole weeks at 45 business hours each, across DST changes, ending on a closing rather than an opening', () => {
    // Monday 08:00 + 90 h → the second Friday 17:00 (not the third Monday 08:00)
    assert.equal(new Date(addBusinessHours(at('2026-03-02T14:00:00Z'), 90)).toISOString(), '2026-03-13T22:00:00.000Z');
    // Saturday noon CST + 45 h → Friday 17:00 CDT, a week that starts with the spring-forward Sunday
    assert.equal(new Date(addBusinessHours(at('2026-03-07T18:00:00Z'), 45)).toISOString(), '2026-03-13T22:00:00.000Z');
    // 520 weeks of business hours from Monday 10:00 → Monday 10:00 3,640 days later (both CST)
    assert.equal(new Date(addBusinessHours(at('2026-03-02T16:00:00Z'), 520 * 45)).toISOString(), '2036-02-18T16:00:00.000Z');
    // Fall back inside the span: Friday 2026-10-30 16:30 CDT + 46 h → Monday 2026-11-09 08:30 CST
    assert.equal(new Date(addBusinessHours(at('2026-10-30T21:30:00Z'), 46)).toISOString(), '2026-11-09T14:30:00.000Z');
  });

  it('keeps local hours across the spring DST change', () => {
    // Fri 2026-03-06 16:00 CST + 2 h → Mon 2026-03-09 09:00 CDT (14:00 UTC, offset now -5)
    assert.equal(new Date(addBusinessHours(at('2026-03-06T22:00:00Z'), 2)).toISOString(), '2026-03-09T14:00:00.000Z');
  });

  it('adds business days at the same local time (plan expiry)', () => {
    // Friday 10:00 + 5 business days → next Friday 10:00
    assert.equal(new Date(addBusinessDays(at('2026-03-06T16:00:00Z'), 5)).toISOString(), '2026-03-13T15:00:00.000Z');
    // From a weekend, as from Monday at that time: five business days in full (Sunday 10:00 → Monday 10:00 a week
    // later, not Friday 10:00), one business day (Saturday 10:00 → Tuesday 10:00, not Monday 10:00).
    assert.equal(new Date(addBusinessDays(at('2026-03-08T15:00:00Z'), 5)).toISOString(), '2026-03-16T15:00:00.000Z');
    assert.equal(localDate(addBusinessDays(at('2026-03-07T16:00:00Z'), 1)), '2026-03-10');
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

describe('POST /__sandbox/clock: one move goes at most ten years ahead', () => {
  const h = new Harness();
  after(() => h.close());
  const limit = new Date(MONDAY_10AM + MAX_CLOCK_MOVE_DAYS * 86_400_000).toISOString();

  it('refuses a farther move in plain words, naming the field and the bound, and changes nothing', async () => {
    assert.equal(MAX_CLOCK_MOVE_DAYS, 3650);
    const before = (await h.call('GET', '/__sandbox/clock')).body;
    const webhooks = h.sb.dispatcher.events().length;
    const tooFar: Array<[string, number | string]> = [
      ['set', new Date(Date.parse(limit) + 1).toISOString()],
      ['set', '2426-03-02T16:00:00Z'],
      ['advance_seconds', MAX_CLOCK_MOVE_DAYS * 86_400 + 1],
      ['advance_hours', MAX_CLOCK_MOVE_DAYS * 24 + 1],
      ['advance_hours', 1e300],
      ['advance_business_hours', 522 * 45], // 522 weeks: 3,654 days
      ['advance_business_hours', 1e9],
    ];
    for (const [field, value] of tooFar) {
      const res = await h.call('POST', '/__sandbox/clock', { body: { [field]: value } });
      assertError(res, 400, 'invalid_request', [field]);
      const message = `${field} must move the clock at most 10 years (3650 days) ahead of the sandbox's now (${before.now}), that is to ${limit} at the latest; to go further, move it again from there`;
      assert.equal(res.body.error.fields[0].message, message, `${field}: ${value}`);
      assert.equal(res.body.error.fields[0].code, 'range');
    }
    const afterwards = (await h.call('GET', '/__sandbox/clock')).body;
    assert.equal(afterwards.offset_ms, before.offset_ms, 'the clock did not move');
    assert.equal(h.sb.dispatcher.events().length, webhooks, 'no webhook was emitted');
  });

  it('moves exactly to the bound, and from there ten years further', async () => {
    const business = await h.call('POST', '/__sandbox/clock', { body: { advance_business_hours: 520 * 45 } });
    assert.equal(business.status, 200);
    assert.equal(business.body.now, '2036-02-18T16:00:00.000Z');
    h.sb.clock.set(MONDAY_10AM);
    const moved = await h.call('POST', '/__sandbox/clock', { body: { set: limit } });
    assert.equal(moved.status, 200);
    assert.equal(moved.body.now, limit);
    const again = await h.call('POST', '/__sandbox/clock', { body: { advance_hours: MAX_CLOCK_MOVE_DAYS * 24 } });
    assert.equal(again.status, 200);
    assert.equal(Date.parse(again.body.now) - Date.parse(limit), MAX_CLOCK_MOVE_DAYS * 86_400_000);
  });
});
