/**
 * The battery makers the sandbox emulates, each with the one home battery model it connects. Names are the real
 * products' (what a customer recognises in the picker); every emulated page says that no maker is contacted.
 * Capacities are the makers' published usable energy per unit.
 */
import type { BatteryMaker, BatteryMakerId } from '../../../src/api/types.js';

export interface MakerModel {
  id: BatteryMakerId;
  name: string;
  model: string;
  /** Usable energy, kWh as a decimal string. */
  capacityKwh: string;
}

export const BATTERY_MAKERS: readonly MakerModel[] = [
  { id: 'tesla', name: 'Tesla', model: 'Powerwall 3', capacityKwh: '13.5' },
  { id: 'enphase', name: 'Enphase', model: 'IQ Battery 5P', capacityKwh: '5.0' },
  { id: 'generac', name: 'Generac', model: 'PWRcell M6', capacityKwh: '18.0' },
  { id: 'franklinwh', name: 'FranklinWH', model: 'aPower 2', capacityKwh: '15.0' },
];

export function makerOf(id: BatteryMakerId): MakerModel {
  const maker = BATTERY_MAKERS.find((m) => m.id === id);
  if (!maker) throw new Error(`No battery maker ${id}`);
  return maker;
}

export function toBatteryMaker(m: MakerModel): BatteryMaker {
  return { id: m.id, name: m.name, models: [m.model] };
}
