/**
 * The billing scope's calls: invoices, one invoice with its charge groups, the billing address. A module of its own,
 * imported by the billing scope's steps only (the card calls are card.ts), so it travels in that scope's chunk; each
 * takes the injected transport (client.ts), which a test fakes.
 */
import type { Accepts, FlowApi, RequestOptions } from './client.js';
import { sig } from './client.js';
import type * as Contract from './types.js';
import type { BillingAddress, InvoiceDetail, InvoiceList } from './types.js';

/** One page of invoices, most recent first: `limit` (1–100) and the `next_cursor` of the page before. */
export interface InvoicePageRequest {
  limit: number;
  cursor?: string | null;
}

export const listInvoices = (api: FlowApi, page: InvoicePageRequest, signal?: AbortSignal): Promise<InvoiceList> => {
  const query = new URLSearchParams({ limit: String(page.limit) });
  if (page.cursor) query.set('cursor', page.cursor);
  return api.request('GET', `/v1/account/billing/invoices?${query.toString()}`, undefined, sig(signal));
};

/** One invoice with its charge groups and PDF link. */
export const getInvoice = (api: FlowApi, number: string, signal?: AbortSignal): Promise<InvoiceDetail> =>
  api.request('GET', `/v1/account/billing/invoices/${encodeURIComponent(number)}`, undefined, sig(signal));

/** The billing address (the service address when `same_as_service_address`); 404 before any service address. */
export const getBillingAddress = (api: FlowApi, signal?: AbortSignal): Promise<BillingAddress> =>
  api.request('GET', '/v1/account/billing/address', undefined, sig(signal));

/** What the billing address form sends: follow the service address, or an address of its own. */
export type BillingAddressRequest =
  | { same_as_service_address: true }
  | {
      same_as_service_address: false;
      address: { address_1: string; address_2: string | null; city: string; state: string; postal_code: string };
    };

export const updateBillingAddress = (api: FlowApi, body: BillingAddressRequest, opts?: RequestOptions): Promise<BillingAddress> =>
  api.request('PUT', '/v1/account/billing/address', body, opts);

export type ContractConformance = [Accepts<Contract.BillingAddressUpdate, BillingAddressRequest>];
