/** Shapes the partner page works with: its own backend's API and the flow's messages (docs/messages.md). */

export interface PartnerSettings {
  /** The only origin whose messages the page accepts. */
  flowOrigin: string;
  sandboxUrl: string;
}

export type FlowScope = 'enrollment' | 'update-payment-method' | 'documents' | 'billing' | 'renewal' | 'connect-battery';
export type FlowBehavior = 'embedded' | 'hosted';
export type Locale = 'en' | 'es';

export interface AddressFields {
  address_1: string;
  address_2?: string;
  city: string;
  state: string;
  postal_code: string;
}

/** The body of `POST /api/flow-link`. */
export interface FlowLinkBody {
  scope: FlowScope;
  behavior: FlowBehavior;
  locale: Locale;
  email?: string;
  first_name?: string;
  last_name?: string;
  preliminary_address?: AddressFields;
  client_agent?: boolean;
  account_uuid?: string;
  /** `auto` (suited to the scope), `new`, or a sandbox preset's name: client/account-states.ts. */
  account_state?: string;
}

export interface FlowLink {
  login_link: string;
  account_uuid: string;
  expires_at: string;
  scope: FlowScope;
  behavior: FlowBehavior;
}

export interface FieldProblem {
  field: string;
  message: string;
}

/**
 * A message from the flow. Every field but `type` is optional here because the page must cope with versions it
 * does not know; none of them carries personal data, so all of them may be shown and logged.
 */
export interface FlowMessage {
  type: string;
  version?: number;
  scope?: string;
  step?: string;
  reason?: string;
  height?: number;
  expires_at?: string;
  account_status?: string;
  status_reason?: string;
}

/** Where a flow is shown on this page. */
export type Surface = 'modal' | 'webview';

declare global {
  interface Window {
    /** Raw data of every accepted flow message, in order: a read-only hook for the end-to-end tests. */
    __flowMessages: unknown[];
  }
}
