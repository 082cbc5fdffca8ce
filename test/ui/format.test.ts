import { expect } from '@open-wc/testing';
import { addDays, formatDate, formatKwh, formatMoney, formatMonth, formatMonths, formatPercent, formatRate, parseYmd, todayYmd } from '../../src/ui/format.js';

describe('format', () => {
  it('formats money from cents', () => {
    expect(formatMoney(1234, 'en')).to.equal('$12.34');
    expect(formatMoney('15000', 'en', { whole: true })).to.equal('$150');
    // Texas Spanish writes money as in the US (es-US), not as in Spain (12,34 US$).
    expect(formatMoney(1234, 'es')).to.equal('$12.34');
    expect(formatMoney(123456, 'es')).to.equal('$1,234.56');
    expect(formatMoney(null, 'en')).to.equal('');
  });

  it('formats rates in cents per kWh and energy', () => {
    expect(formatRate('13.9', 'en')).to.equal('13.9¢/kWh');
    expect(formatRate('13.95', 'es')).to.equal('13.95¢/kWh');
    // As the service states it (a utility's delivery rate, as its EFL prints it), not rounded to two decimals.
    expect(formatRate('5.1893', 'en')).to.equal('5.1893¢/kWh');
    expect(formatRate('5.1893', 'es')).to.equal('5.1893¢/kWh');
    expect(formatRate('abc', 'en')).to.equal('');
    expect(formatKwh('1000', 'en')).to.equal('1,000 kWh');
    expect(formatPercent(100, 'en')).to.equal('100%');
  });

  it('formats calendar dates without shifting the day, whatever the time zone', () => {
    expect(formatDate('2030-03-01', 'en')).to.equal('March 1, 2030');
    expect(formatDate('2030-03-01', 'es')).to.equal('1 de marzo de 2030');
    expect(formatDate('2030-02-30', 'en')).to.equal('');
    expect(formatMonth('2030-12', 'en')).to.equal('December 2030');
    expect(formatMonths(12, 'en')).to.equal('12 months');
    expect(formatMonths(12, 'es')).to.equal('12 meses');
  });

  it('does calendar arithmetic on YYYY-MM-DD', () => {
    expect(addDays('2030-02-27', 2)).to.equal('2030-03-01');
    expect(parseYmd('2030-01-05')!.toISOString()).to.equal('2030-01-05T00:00:00.000Z');
    expect(todayYmd('America/Chicago', new Date('2030-01-01T03:00:00Z'))).to.equal('2029-12-31');
  });
});
