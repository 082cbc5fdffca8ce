/**
 * The EFL average price (the Electricity Facts Label rule, 16 TAC §25.475(g)): at a monthly usage u,
 *   avg¢(u) = [base$ + TDU_fixed$ + (energy¢ + TDU¢) · u / 100] / u × 100
 * i.e. every recurring charge spread over the kWh, excluding taxes. Labels print it to one decimal place (13.5¢);
 * the sandbox keeps that precision so the plan card and the EFL PDF agree.
 */
import { formatFixed, parseDecimal, SCALE } from './decimal.js';

export const EFL_USAGE_LEVELS = [500, 1000, 2000] as const;

export interface PriceComponents {
  baseChargeCents: number;
  energyRateCentsPerKwh: string;
  deliveryMonthlyCents: number;
  deliveryRateCentsPerKwh: string;
}

/** Average price in cents/kWh at `kwh`, in scaled units (1e-5 cents). */
export function averagePriceUnits(p: PriceComponents, kwh: number): number {
  const fixedUnits = (p.baseChargeCents + p.deliveryMonthlyCents) * SCALE;
  const perKwhUnits = parseDecimal(p.energyRateCentsPerKwh) + parseDecimal(p.deliveryRateCentsPerKwh);
  return (fixedUnits + perKwhUnits * kwh) / kwh;
}

export function averagePrice(p: PriceComponents, kwh: number): string {
  return formatFixed(averagePriceUnits(p, kwh), 1);
}

export function averagePrices(p: PriceComponents): { '500': string; '1000': string; '2000': string } {
  return { '500': averagePrice(p, 500), '1000': averagePrice(p, 1000), '2000': averagePrice(p, 2000) };
}
