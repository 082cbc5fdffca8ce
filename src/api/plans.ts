/**
 * The plans offered at an address: a module of its own, imported by the plans step's chunk, so the first screen does
 * not carry it; it takes the injected transport (client.ts), which a test fakes.
 */
import type { FlowApi } from './client.js';
import { sig } from './client.js';
import type { Plan } from './types.js';

export const requestPlans = (api: FlowApi, esiId: string, signal?: AbortSignal): Promise<Plan[]> =>
  api.request('POST', '/v1/account/enroll/plans/request', { esi_id: esiId }, sig(signal));
