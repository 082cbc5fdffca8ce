/**
 * Which usage a location has: once the utility has supplied history (has_usage_history), the premise's previous
 * 12 months (24 for CenterPoint and Oncor, whose history goes back two years) up to two days ago, since usage lags
 * a day or two. Before that there is none.
 */
import { premiseByEsiId } from '../data/addresses.js';
import type { UsageProfile } from '../usage.js';
import type { AccountRecord } from '../store/types.js';
import { addDays, addMonths, localDate } from '../time.js';

export const USAGE_LAG_DAYS = 2;

export function historyMonths(utility: string): number {
  return utility === 'centerpoint' || utility === 'oncor' ? 24 : 12;
}

export function usageProfileOf(a: AccountRecord, today: string): UsageProfile | null {
  const location = a.location;
  if (!location || a.usageHistoryAt === null || a.serviceActiveAt === null) return null;
  const activated = localDate(a.serviceActiveAt);
  return {
    seed: location.esiId,
    historyStart: addMonths(activated, -historyMonths(location.utility)),
    lastDay: addDays(today, -USAGE_LAG_DAYS),
    solar: premiseByEsiId(location.esiId)?.solar ?? false,
  };
}
