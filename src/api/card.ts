/**
 * The card calls: the payment session the card form is built on, the card's save, and the card on file (the card
 * step, the review's summary, update-payment-method). A module of its own, in the `card` chunk (vite.config.ts) with
 * the card on file, so neither the first screen nor a step that has no card carries them; each takes the injected
 * transport (client.ts), which a test fakes.
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
