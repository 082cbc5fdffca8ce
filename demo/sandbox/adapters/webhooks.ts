/**
 * The service core emits lifecycle events through this interface; delivery (signing, retries, the App's URL)
 * belongs to the dispatcher in ../webhooks.ts.
 */
export interface WebhookEmitter {
  emit(type: WebhookType, data: WebhookData): void;
}

export type WebhookType =
  | 'enrollment.plan_requested'
  | 'enrollment.plan_accepted'
  | 'enrollment.identity_updated'
  | 'enrollment.finalized'
  | 'account.payment_method_added'
  | 'account.billing_address_updated'
  | 'account.payment_failed'
  | 'account.payment_successful'
  | 'account.invoice_sent'
  | 'location.service_active'
  | 'location.usage_history_available';

export interface WebhookData extends Record<string, unknown> {
  account_uuid: string;
  location_uuid?: string;
}
