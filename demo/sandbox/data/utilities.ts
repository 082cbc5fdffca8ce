/**
 * The transmission and distribution utilities (TDUs) of the sandbox's Texas market, with the ESI ID prefix and length
 * each uses and its latest residential delivery charges (as published: CenterPoint's from Dec 8 2025, the others'
 * "updated Nov 1 2024"). Delivery charges are passed through to the customer without markup, so plans carry
 * them unchanged.
 */

export type UtilityName = 'centerpoint' | 'oncor' | 'aep_central' | 'aep_north' | 'tnmp';

export interface Utility {
  name: UtilityName;
  display_name: string;
  /** "10" + the 5-digit DOE code: the first seven digits of every ESI ID of this utility. */
  esiPrefixes: readonly string[];
  esiLength: 17 | 22;
  /** Fixed monthly delivery charge in cents. */
  deliveryMonthlyCents: number;
  /** Per-kWh delivery charge, cents as a decimal string. */
  deliveryRateCentsPerKwh: string;
  /** Energy rate of the 12-month reference plan, cents/kWh: wholesale cost differs by zone. */
  baseEnergyRateCentsPerKwh: string;
  /**
   * Business hours the utility takes to accept a switch once it is submitted. With the half hour each for
   * verification and credit, finalize-to-acceptance spans the specification's 2 to 72 business hours.
   */
  switchBusinessHours: number;
}

export const UTILITIES: Record<UtilityName, Utility> = {
  centerpoint: {
    name: 'centerpoint',
    display_name: 'CenterPoint Energy Houston Electric',
    esiPrefixes: ['1008901'],
    esiLength: 22,
    deliveryMonthlyCents: 490,
    deliveryRateCentsPerKwh: '6.001',
    baseEnergyRateCentsPerKwh: '9.1',
    switchBusinessHours: 1,
  },
  oncor: {
    name: 'oncor',
    display_name: 'Oncor Electric Delivery',
    esiPrefixes: ['1044372', '1017699'],
    esiLength: 17,
    deliveryMonthlyCents: 423,
    deliveryRateCentsPerKwh: '5.1893',
    baseEnergyRateCentsPerKwh: '8.7',
    switchBusinessHours: 3,
  },
  aep_central: {
    name: 'aep_central',
    display_name: 'AEP Texas Central',
    esiPrefixes: ['1003278'],
    esiLength: 17,
    deliveryMonthlyCents: 321,
    deliveryRateCentsPerKwh: '6.12984',
    baseEnergyRateCentsPerKwh: '9.4',
    switchBusinessHours: 47,
  },
  aep_north: {
    name: 'aep_north',
    display_name: 'AEP Texas North',
    esiPrefixes: ['1020404'],
    esiLength: 17,
    deliveryMonthlyCents: 321,
    deliveryRateCentsPerKwh: '5.79004',
    baseEnergyRateCentsPerKwh: '9.0',
    switchBusinessHours: 71,
  },
  tnmp: {
    name: 'tnmp',
    display_name: 'Texas-New Mexico Power',
    esiPrefixes: ['1040051'],
    esiLength: 17,
    deliveryMonthlyCents: 785,
    deliveryRateCentsPerKwh: '6.2927',
    baseEnergyRateCentsPerKwh: '9.6',
    switchBusinessHours: 23,
  },
};

export interface UtilityRef {
  name: UtilityName;
  display_name: string;
}

export function utilityRef(name: UtilityName): UtilityRef {
  const u = UTILITIES[name];
  return { name: u.name, display_name: u.display_name };
}
