/**
 * The account's location, read by the review and done steps: a module of its own, imported by their chunk, so the
 * first screen does not carry it; it takes the injected transport (client.ts), which a test fakes.
 */
import type { FlowApi } from './client.js';
import { sig } from './client.js';
import type { Location } from './types.js';

/** The account's location (`account.location_uuid`) with its contract: the accepted plan as the service has it. */
export const getLocation = (api: FlowApi, locationUuid: string, signal?: AbortSignal): Promise<Location> =>
  api.request('GET', `/v1/account/locations/${encodeURIComponent(locationUuid)}`, undefined, sig(signal));
