/** Battery makers, devices and authorizations as the service returns them, for the connect-battery step tests. */
import type { BatteryAuthorization, BatteryDevice, BatteryMaker } from '../../src/api/types.js';

export const MAKERS: BatteryMaker[] = [
  { id: 'tesla', name: 'Tesla', models: ['Powerwall 3'] },
  { id: 'enphase', name: 'Enphase', models: ['IQ Battery 5P'] },
];

export function makeDevice(overrides: Partial<BatteryDevice> = {}): BatteryDevice {
  return {
    id: '7c2d9e4f-0000-4000-8000-0000000000d1',
    maker: 'tesla',
    maker_name: 'Tesla',
    model: 'Powerwall 3',
    capacity_kwh: '13.5',
    serial_last4: '4821',
    status: 'connected',
    connected_at: '2030-01-01T10:00:00Z',
    state_of_charge_percent: 76,
    ...overrides,
  };
}

export const AUTH_ID = '7c2d9e4f-0000-4000-8000-00000000a001';
export const MAKER_ORIGIN = 'https://service.example';

export function makeAuthorization(overrides: Partial<BatteryAuthorization> = {}): BatteryAuthorization {
  const id = overrides.id ?? AUTH_ID;
  return {
    id,
    maker: 'tesla',
    status: 'pending',
    reason: null,
    authorization_url: `${MAKER_ORIGIN}/__sandbox/battery/authorize/${id}?ticket=t`,
    return_url: null,
    created_at: '2030-01-01T10:00:00Z',
    expires_at: new Date(Date.now() + 15 * 60_000).toISOString(),
    completed_at: null,
    device_id: null,
    ...overrides,
  };
}
