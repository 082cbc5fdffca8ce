/**
 * The connect-battery scope's calls: the makers, an authorization with a maker (created, then read back: the one
 * source of truth for its outcome) and the connected devices. Each takes the injected transport (client.ts).
 */
import type { FlowApi, RequestOptions } from './client.js';
import { sig } from './client.js';
import type { BatteryAuthorization, BatteryAuthorizationRequest, BatteryDevice, BatteryDeviceList, BatteryMaker } from './types.js';

export type { BatteryAuthorization, BatteryDevice, BatteryDeviceList, BatteryMaker };

export const listBatteryMakers = (api: FlowApi, signal?: AbortSignal): Promise<BatteryMaker[]> =>
  api.request('GET', '/v1/account/battery/makers', undefined, sig(signal));

/** A pending authorization (send an Idempotency-Key: one per customer action). */
export const createBatteryAuthorization = (
  api: FlowApi,
  request: BatteryAuthorizationRequest,
  opts?: RequestOptions,
): Promise<BatteryAuthorization> => api.request('POST', '/v1/account/battery/authorizations', request, opts);

export const getBatteryAuthorization = (api: FlowApi, id: string, signal?: AbortSignal): Promise<BatteryAuthorization> =>
  api.request('GET', `/v1/account/battery/authorizations/${encodeURIComponent(id)}`, undefined, sig(signal));

export const listBatteryDevices = (api: FlowApi, signal?: AbortSignal): Promise<BatteryDeviceList> =>
  api.request('GET', '/v1/account/battery/devices', undefined, sig(signal));
