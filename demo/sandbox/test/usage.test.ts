import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  UsageRangeError,
  dailyUsage,
  importKwhBetween,
  intervalUsage,
  intervalsForDay,
  monthlyUsage,
  neighborMonths,
  neighborYears,
  usageRange,
  type UsageProfile,
} from '../usage.js';
import { addDays, addMonths, localDate } from '../time.js';
import { assertError, Harness } from './support/harness.js';

const home: UsageProfile = { seed: '10443720000000001', historyStart: '2024-06-15', lastDay: '2026-04-20', solar: false };
const solar: UsageProfile = { ...home, seed: '10089010000000000000042', solar: true };

/** Sum of kWh strings in integer Wh, the way the module promises its totals add up. */
const wh = (values: string[]): number => values.reduce((acc, v) => acc + Math.round(Number(v) * 1000), 0);

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00-0[56]:00$/;

test('96 intervals a day, 92 on spring-forward and 100 on fall-back days (2025–2027)', () => {
  const cases: [string, number][] = [
    ['2025-03-09', 92], ['2025-11-02', 100], ['2026-03-08', 92],
    ['2026-11-01', 100], ['2027-03-14', 92], ['2027-11-07', 100],
    ['2025-03-08', 96], ['2025-03-10', 96], ['2026-07-04', 96], ['2027-01-01', 96],
  ];
  for (const [date, count] of cases) assert.equal(intervalsForDay(date, home).length, count, date);
});

test('interval times carry the local offset and tile the day without gaps', () => {
  for (const date of ['2026-01-15', '2026-03-08', '2026-07-15', '2026-11-01']) {
    const intervals = intervalsForDay(date, home);
    assert.ok(intervals[0].start.startsWith(`${date}T00:00:00-0`), `${date} starts at local midnight`);
    for (const [i, iv] of intervals.entries()) {
      assert.match(iv.start, ISO);
      assert.match(iv.end, ISO);
      assert.equal(Date.parse(iv.end) - Date.parse(iv.start), 900_000, `${iv.start} lasts 15 minutes`);
      if (i > 0) assert.equal(iv.start, intervals[i - 1].end);
    }
  }
  assert.match(intervalsForDay('2026-01-15', home)[0].start, /-06:00$/, 'CST in January');
  assert.match(intervalsForDay('2026-07-15', home)[0].start, /-05:00$/, 'CDT in July');
  const spring = intervalsForDay('2026-03-08', home);
  assert.equal(spring[7].end, '2026-03-08T03:00:00-05:00', '01:45 CST is followed by 03:00 CDT');
  const fall = intervalsForDay('2026-11-01', home);
  assert.deepEqual([fall[7].start, fall[8].start], ['2026-11-01T01:45:00-05:00', '2026-11-01T01:00:00-06:00']);
  assert.equal(fall.at(-1)?.end, '2026-11-02T00:00:00-06:00');
});

test('kWh values are three-decimal strings; days sum their intervals and months their days exactly', () => {
  for (const profile of [home, solar]) {
    const intervals = intervalUsage('2025-11', profile);
    const daily = dailyUsage('2025-11', profile);
    assert.equal(daily.data.length, 30);
    daily.data.forEach((day, i) => {
      const ivs = intervals.data[i].intervals;
      assert.equal(intervals.data[i].date, day.date);
      assert.match(day.import_kwh, /^\d+\.\d{3}$/);
      assert.equal(wh(ivs.map((x) => x.import_kwh)), wh([day.import_kwh]), `${day.date} import`);
      assert.equal(wh(ivs.map((x) => x.export_kwh)), wh([day.export_kwh]), `${day.date} export`);
    });
    const november = monthlyUsage(2025, profile).data.find((m) => m.month === '2025-11');
    assert.ok(november);
    assert.equal(wh([november.import_kwh]), wh(daily.data.map((d) => d.import_kwh)));
    assert.equal(wh([november.export_kwh]), wh(daily.data.map((d) => d.export_kwh)));
    assert.equal(november.is_estimate, false);
  }
});

test('the same profile always gives the same usage; another seed gives other usage', () => {
  assert.deepEqual(intervalsForDay('2025-08-12', home), intervalsForDay('2025-08-12', { ...home }));
  assert.notDeepEqual(dailyUsage('2025-08', home), dailyUsage('2025-08', { ...home, seed: 'other' }));
});

test('a Texas year: summer peak, about 1,100–1,200 kWh a month on average', () => {
  const year = monthlyUsage(2025, home).data;
  assert.equal(year.length, 12);
  const kwh = year.map((m) => Number(m.import_kwh));
  const average = kwh.reduce((a, b) => a + b, 0) / 12;
  assert.ok(average > 1000 && average < 1350, `average ${average}`);
  assert.ok(Math.max(...kwh) === Math.max(kwh[6], kwh[7], kwh[8]), 'the peak is in July–September');
  assert.ok(kwh[7] > kwh[3] * 1.6, 'August well above April');
  assert.ok(year.every((m) => m.export_kwh === '0.000'), 'no export without solar');
  const scaled = monthlyUsage(2025, { ...home, averageMonthlyKwh: 600 }).data.map((m) => Number(m.import_kwh));
  assert.ok(scaled.reduce((a, b) => a + b, 0) / 12 < 700, 'averageMonthlyKwh scales the year');
});

test('afternoons draw more than the small hours in summer', () => {
  const day = intervalsForDay('2025-07-16', home);
  const hourKwh = (h: number): number => wh(day.slice(h * 4, h * 4 + 4).map((x) => x.import_kwh));
  assert.ok(hourKwh(17) > hourKwh(3) * 1.5, `17:00 ${hourKwh(17)} Wh vs 03:00 ${hourKwh(3)} Wh`);
});

test('solar homes export only in daylight, more in summer than in winter', () => {
  const month = (m: string): number => wh(dailyUsage(m, solar).data.map((d) => d.export_kwh));
  assert.ok(month('2025-06') > month('2025-12'), 'June exports more than December');
  for (const date of ['2025-06-21', '2025-12-21', '2025-11-02']) {
    const intervals = intervalsForDay(date, solar);
    assert.ok(intervals.some((iv) => iv.export_kwh !== '0.000'), `${date} exports something`);
    for (const iv of intervals) {
      const hour = Number(iv.start.slice(11, 13));
      if (hour < 6 || hour >= 21) assert.equal(iv.export_kwh, '0.000', `no export at ${iv.start}`);
      assert.ok(iv.import_kwh === '0.000' || iv.export_kwh === '0.000', 'an interval nets to import or export');
    }
  }
});

test('only whole days inside the history appear', () => {
  const first = dailyUsage('2024-06', home).data;
  assert.equal(first[0].date, '2024-06-15');
  assert.equal(first.length, 16);
  const last = intervalUsage('2026-04', home).data;
  assert.equal(last.at(-1)?.date, '2026-04-20');
  assert.equal(last.length, 20);
  const year = monthlyUsage(2026, home).data;
  assert.deepEqual(year.map((m) => m.month), ['2026-01', '2026-02', '2026-03', '2026-04']);
  assert.equal(year.at(-1)?.is_estimate, true, 'the month being read is an estimate');
  assert.equal(monthlyUsage(2024, home).data[0].month, '2024-06');
});

test('the oldest month, when history starts inside it, is a partial figure: an estimate, not a settled month', () => {
  const [june, july] = monthlyUsage(2024, home).data;
  assert.equal(june.month, '2024-06');
  assert.equal(june.is_estimate, true, 'June 2024 holds only 15–30 June');
  assert.equal(july.is_estimate, false);
  // History starting on the 1st: the oldest month is whole, and settled.
  assert.equal(monthlyUsage(2024, { ...home, historyStart: '2024-06-01' }).data[0].is_estimate, false);
  // A settled final month stays settled even when its service ended mid-month; a partial first month does not.
  const ended = monthlyUsage(2024, { ...home, lastDay: '2024-06-20', ended: true }).data;
  assert.deepEqual(ended.map((m) => m.is_estimate), [true]);
});

test('no history yet gives empty data, not an error', () => {
  const none = { ...home, historyStart: '2026-05-01', lastDay: '2026-04-29' };
  assert.equal(usageRange(none), null);
  assert.deepEqual(dailyUsage('2026-04', none).data, []);
  assert.deepEqual(monthlyUsage('2026', none).data, []);
  assert.deepEqual(neighborMonths('2026-04', none), { previous: null, next: null });
});

test('malformed and out-of-range periods throw UsageRangeError naming the parameter', () => {
  const expectError = (fn: () => unknown, parameter: string, code: string): void => {
    assert.throws(fn, (err: unknown) => {
      assert.ok(err instanceof UsageRangeError);
      assert.equal(err.parameter, parameter);
      assert.equal(err.code, code);
      return true;
    });
  };
  expectError(() => dailyUsage(undefined, home), 'month', 'required');
  expectError(() => dailyUsage('2025-13', home), 'month', 'format');
  expectError(() => intervalUsage('2025-7', home), 'month', 'format');
  expectError(() => dailyUsage('2024-05', home), 'month', 'range');
  expectError(() => intervalUsage('2026-05', home), 'month', 'range');
  expectError(() => monthlyUsage('25', home), 'year', 'format');
  expectError(() => monthlyUsage(2.5, home), 'year', 'format');
  expectError(() => monthlyUsage(2023, home), 'year', 'range');
  expectError(() => monthlyUsage(2027, home), 'year', 'range');
  expectError(() => intervalsForDay('2025-02-30', home), 'date', 'format');
});

test('neighbour periods stop at the ends of the history', () => {
  assert.deepEqual(neighborMonths('2024-06', home), { previous: null, next: '2024-07' });
  assert.deepEqual(neighborMonths('2025-01', home), { previous: '2024-12', next: '2025-02' });
  assert.deepEqual(neighborMonths('2026-04', home), { previous: '2026-03', next: null });
  assert.deepEqual(neighborYears(2024, home), { previous: null, next: 2025 });
  assert.deepEqual(neighborYears(2026, home), { previous: 2025, next: null });
});

test('importKwhBetween agrees with the daily figures (invoices bill the same usage)', () => {
  const days = dailyUsage('2025-09', home).data;
  assert.equal(Math.round(importKwhBetween('2025-09-01', '2025-09-30', home) * 1000), wh(days.map((d) => d.import_kwh)));
});

// Specification, Usage: "Up to two years of history is available depending on the utility". The active-with-invoices
// preset (CenterPoint, 24 months of history before activation, active 27 months) is read on 2026-03-02.
test('a location serves at most the last two years of usage, a window that moves with the clock', async () => {
  const h = new Harness();
  try {
    const res = await h.call('POST', '/__sandbox/accounts', { body: { preset: 'active-with-invoices' } });
    assert.equal(res.status, 201);
    const base = `/v1/account/locations/${res.body.account.location_uuid}/usage`;
    assert.equal(h.sb.clock.today(), '2026-03-02');
    const lastDay = addDays(h.sb.clock.today(), -2);
    const firstDay = addDays(addMonths(lastDay, -24), 1);
    assert.equal(firstDay, '2024-02-29');
    const acct = h.as(res.body.account_token);
    assertError(await acct('GET', `${base}/monthly?year=2023`), 400, 'invalid_request', ['year']);
    const oldest = await acct('GET', `${base}/daily?month=2024-02`);
    assert.equal(oldest.status, 200);
    assert.deepEqual(oldest.body.data.map((d: { date: string }) => d.date), ['2024-02-29']);
    assert.equal(oldest.body.links.previous, null);
    // Three months later the oldest months have dropped off.
    h.sb.clock.advance(92 * 86_400_000);
    const later = h.as((await h.app('POST', `/v1/app/accounts/${res.body.uuid}/token`)).body.token);
    const year = await later('GET', `${base}/monthly?year=2024`);
    assert.equal(year.status, 200);
    assert.equal(year.body.data[0].month, addDays(addMonths(addDays(h.sb.clock.today(), -2), -24), 1).slice(0, 7));
    assertError(await later('GET', `${base}/daily?month=2024-03`), 400, 'invalid_request', ['month']);
  } finally {
    h.close();
  }
});

// Billing ends with the service (invoices.test.ts); so does usage: a cancelled account's meter is no longer read.
test('a cancelled account serves no usage after its last day of service', async () => {
  const h = new Harness();
  try {
    const res = await h.call('POST', '/__sandbox/accounts', { body: { preset: 'cancelled-post-start' } });
    assert.equal(res.status, 201);
    const ended = localDate(h.sb.store.account(res.body.uuid)!.cancelledAt!);
    assert.ok(ended < addDays(h.sb.clock.today(), -2), 'cancelled before the usage lag');
    const acct = h.as(res.body.account_token);
    const month = await acct('GET', `/v1/account/locations/${res.body.account.location_uuid}/usage/daily?month=${ended.slice(0, 7)}`);
    assert.equal(month.status, 200);
    const days = month.body.data.map((d: { date: string }) => d.date);
    assert.equal(days.at(-1), ended);
    assert.equal(month.body.links.next, null);
  } finally {
    h.close();
  }
});

// The final invoice is billed on the actual read, never an estimate (README, "Billing ends with the service"): the
// month the service ended in is settled too, not a running figure that will never be completed.
test('the month a cancelled service ended in is settled, not an estimate', async () => {
  const h = new Harness();
  try {
    const res = await h.call('POST', '/__sandbox/accounts', { body: { preset: 'cancelled-post-start' } });
    assert.equal(res.status, 201);
    const ended = localDate(h.sb.store.account(res.body.uuid)!.cancelledAt!);
    const base = `/v1/account/locations/${res.body.account.location_uuid}/usage`;
    const acct = h.as(res.body.account_token);
    const year = await acct('GET', `${base}/monthly?year=${ended.slice(0, 4)}`);
    assert.equal(year.status, 200);
    const last = year.body.data.at(-1) as { month: string; is_estimate: boolean };
    assert.equal(last.month, ended.slice(0, 7));
    assert.ok(ended < `${last.month}-28`, `the preset ends service inside its month (${ended})`);
    assert.equal(last.is_estimate, false, `the final month (service ended ${ended}) is reported as an estimate`);
    assert.equal(year.body.links.next, null);
  } finally {
    h.close();
  }
});
