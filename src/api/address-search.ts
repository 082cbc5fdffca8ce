/**
 * The address step's searches after its form (the type-ahead and the ESI ID search): a module of their own, imported
 * by the address views' chunk, so the first screen keeps only the form's full-address search (client.ts); each takes
 * the injected transport, which a test fakes.
 */
import type { FlowApi } from './client.js';
import { sig } from './client.js';
import type { AddressSearchResult } from './types.js';

export const addressSearch = (
  api: FlowApi,
  query: string,
  postalCode?: string,
  signal?: AbortSignal,
): Promise<AddressSearchResult[]> =>
  api.request(
    'POST',
    '/v1/account/enroll/address-search',
    postalCode ? { query, postal_code: postalCode } : { query },
    sig(signal),
  );

export const esiIdSearch = (api: FlowApi, esiId: string, signal?: AbortSignal): Promise<AddressSearchResult> =>
  api.request('POST', '/v1/account/enroll/esi-id-search', { esi_id: esiId }, sig(signal));
