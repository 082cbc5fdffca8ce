/**
 * Which usage a location has: once the utility has supplied history (has_usage_history), from the premise's 12
 * months before activation (24 for CenterPoint and Oncor, whose history goes back two years) up to two days ago,
 * since usage lags a day or two, or up to the last day of service once it has ended (a cancellation: its month is then
 * settled, not an estimate); never more than the last two years, so the oldest days drop off as time passes (the
 * oldest month, partial then, reads as an estimate). Before that there is none.
 */
import { premiseByEsiId } from '../data/addresses.js';
import type { UsageProfile } from '../usage.js';
import type { AccountRecord } from '../store/types.js';
import { addDays, addMonths, localDate } from '../time.js';
import { lastDayOfService } from './invoice-history.js';

export const USAGE_LAG_DAYS = 2;
/** Usage history is served for at most this many months back from its last day. */
export const USAGE_HISTORY_MAX_MONTHS = 24;

export function historyMonths(utility: string): number {
  return utility === 'centerpoint' || utility === 'oncor' ? 24 : 12;
}

export function usageProfileOf(a: AccountRecord, today: string): UsageProfile | null {
  const location = a.location;
  if (!location || a.usageHistoryAt === null || a.serviceActiveAt === null) return null;
  const activated = localDate(a.serviceActiveAt);
  const lagged = addDays(today, -USAGE_LAG_DAYS);
  const ended = lastDayOfService(a);
  const lastDay = ended && ended < lagged ? ended : lagged;
  const fromUtility = addMonths(activated, -historyMonths(location.utility));
  const twoYears = addDays(addMonths(lastDay, -USAGE_HISTORY_MAX_MONTHS), 1);
  return {
    seed: location.esiId,
    historyStart: fromUtility > twoYears ? fromUtility : twoYears,
    lastDay,
    ended: ended !== null && ended <= lagged,
    solar: premiseByEsiId(location.esiId)?.solar ?? false,
  };
}
