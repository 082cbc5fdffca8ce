/**
 * The card step's calls (and the saved card the review shows): a module of its own, imported by those step chunks,
 * so the first screen does not carry them; each takes the injected transport (client.ts), which a test fakes.
 */
import type { FlowApi, RequestOptions } from './client.js';
import { sig } from './client.js';
import type { Account, PaymentMethod, PaymentSession } from './types.js';

export type { PaymentSession };

export const createPaymentSession = (api: FlowApi, opts?: RequestOptions): Promise<PaymentSession> =>
  api.request('POST', '/v1/account/billing/payment-session', {}, opts);

export const ensurePaymentMethodAdded = (api: FlowApi, paymentMethodId: string, opts?: RequestOptions): Promise<Account> =>
  api.request('POST', '/v1/account/billing/ensure-payment-method-added', { payment_method_id: paymentMethodId }, opts);

export const getPaymentMethod = (api: FlowApi, signal?: AbortSignal): Promise<PaymentMethod> =>
  api.request('GET', '/v1/account/billing/payment-method', undefined, sig(signal));
