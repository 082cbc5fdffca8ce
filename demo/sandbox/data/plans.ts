/**
 * Plan groups (plan types without rates) and their pricing for a utility at a moment. Energy rates start from the
 * utility's reference rate (wholesale cost differs by zone) and move with the term: short terms cost more, long
 * locks carry a premium, 100% renewable costs a little extra. Delivery charges are the utility's, unchanged.
 */
import type { Plan } from '../../../src/api/types.js';
import { addDays } from '../time.js';
import { formatDecimal, parseDecimal } from './decimal.js';
import { averagePrices } from './pricing.js';
import { UTILITIES, utilityRef, type UtilityName } from './utilities.js';

export interface PlanGroup {
  id: string;
  family: string;
  termMonths: number;
  /** Added to the utility's reference energy rate, cents/kWh as a decimal string. */
  energyAdjustment: string;
  baseChargeCents: number;
  renewablePercent: number;
  earlyTerminationFeeCents: number;
}

export const PLAN_GROUPS: readonly PlanGroup[] = [
  { id: 'lone-star-saver-6', family: 'Lone Star Saver', termMonths: 6, energyAdjustment: '0.8', baseChargeCents: 495, renewablePercent: 12, earlyTerminationFeeCents: 5000 },
  { id: 'lone-star-saver-12', family: 'Lone Star Saver', termMonths: 12, energyAdjustment: '0', baseChargeCents: 495, renewablePercent: 12, earlyTerminationFeeCents: 15000 },
  { id: 'bluebonnet-green-12', family: 'Bluebonnet Green', termMonths: 12, energyAdjustment: '0.45', baseChargeCents: 495, renewablePercent: 100, earlyTerminationFeeCents: 15000 },
  { id: 'pecos-fixed-24', family: 'Pecos Fixed', termMonths: 24, energyAdjustment: '0.3', baseChargeCents: 0, renewablePercent: 12, earlyTerminationFeeCents: 20000 },
  { id: 'longhorn-lock-36', family: 'Longhorn Lock', termMonths: 36, energyAdjustment: '0.6', baseChargeCents: 0, renewablePercent: 12, earlyTerminationFeeCents: 25000 },
];

/** Families offered when a partner overrides the term (custom_rates.term_months). */
const CUSTOM_TERM_FAMILIES = ['lone-star-saver-12', 'bluebonnet-green-12', 'pecos-fixed-24'];

export interface CustomRates {
  term_months?: number;
  energy_rate_adjustment_cents_per_kwh?: string;
}

export function groupsFor(custom: CustomRates | null): PlanGroup[] {
  const term = custom?.term_months;
  if (term === undefined) return [...PLAN_GROUPS];
  const exact = PLAN_GROUPS.filter((g) => g.termMonths === term);
  if (exact.length >= 2) return exact;
  // Re-term the main families; a term premium keeps short terms dearer and long ones a little above the 12-month.
  return CUSTOM_TERM_FAMILIES.map((id) => {
    const g = PLAN_GROUPS.find((x) => x.id === id)!;
    const extra = parseDecimal(g.energyAdjustment) - parseDecimal(termAdjustment(g.termMonths)) + parseDecimal(termAdjustment(term));
    return { ...g, id: `${g.id}-custom-${term}`, termMonths: term, energyAdjustment: formatDecimal(extra) };
  });
}

/** The energy premium of a term length relative to the 12-month plan. */
function termAdjustment(term: number): string {
  return term < 12 ? '0.8' : term === 12 ? '0' : term <= 24 ? '0.3' : '0.6';
}

export interface PriceRequest {
  utility: UtilityName;
  today: string;
  expiresAt: Date;
  /** Client agent accounts start 7 to 30 days out (the customer can opt out before service starts). */
  clientAgent: boolean;
  /** The start dates offered, when not the enrollment window (a renewal starts when the current contract ends). */
  startWindow?: { earliest: string; latest: string };
  custom: CustomRates | null;
  newUuid: () => string;
  documentUrl: (type: 'efl' | 'tos' | 'yrac', planUuid: string) => string;
}

export interface PricedPlan {
  plan: Plan;
  group: PlanGroup;
}

/** The lowest energy rate the sandbox will quote, so a large negative custom adjustment cannot go below it. */
export const MIN_ENERGY_RATE = '1.0';

export function energyRateFor(utility: UtilityName, group: PlanGroup, custom: CustomRates | null): number {
  return (
    parseDecimal(UTILITIES[utility].baseEnergyRateCentsPerKwh) +
    parseDecimal(group.energyAdjustment) +
    parseDecimal(custom?.energy_rate_adjustment_cents_per_kwh ?? '0')
  );
}

export function pricePlans(req: PriceRequest): PricedPlan[] {
  const utility = UTILITIES[req.utility];
  const earliest = req.startWindow?.earliest ?? addDays(req.today, req.clientAgent ? 7 : 1);
  const latest = req.startWindow?.latest ?? addDays(req.today, 30);
  return groupsFor(req.custom).map((group) => {
    const uuid = req.newUuid();
    const energy = formatDecimal(energyRateFor(req.utility, group, req.custom));
    const plan: Plan = {
      uuid,
      name: `${group.family} ${group.termMonths}`,
      term_months: group.termMonths,
      rate_type: 'fixed',
      energy_rate_cents_per_kwh: energy,
      earliest_start_date: earliest,
      latest_start_date: latest,
      expires_at: req.expiresAt.toISOString(),
      links: {
        efl: req.documentUrl('efl', uuid),
        tos: req.documentUrl('tos', uuid),
        yrac: req.documentUrl('yrac', uuid),
      },
      base_charge_cents: group.baseChargeCents,
      renewable_percent: group.renewablePercent,
      early_termination_fee_cents: group.earlyTerminationFeeCents,
      delivery: {
        utility: utilityRef(req.utility),
        monthly_charge_cents: utility.deliveryMonthlyCents,
        rate_cents_per_kwh: utility.deliveryRateCentsPerKwh,
      },
      average_price_cents_per_kwh: averagePrices({
        baseChargeCents: group.baseChargeCents,
        energyRateCentsPerKwh: energy,
        deliveryMonthlyCents: utility.deliveryMonthlyCents,
        deliveryRateCentsPerKwh: utility.deliveryRateCentsPerKwh,
      }),
    };
    return { plan, group };
  });
}
