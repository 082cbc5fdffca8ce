/**
 * Named aliases of the OpenAPI contract's schemas (openapi/openapi.yaml → schema.d.ts, `npm run gen:api`).
 * The flow and the sandbox import these names instead of reaching into `components['schemas']`.
 *
 * The only runtime values are a few enum lists, each checked against the generated union in both directions
 * so that a change of the contract that is not mirrored here fails the type check.
 */
import type { components, operations, paths } from './schema.js';

export type { components, operations, paths };

type Schemas = components['schemas'];

// ── Errors ──
export type ApiErrorBody = Schemas['ErrorBody'];
export type ApiErrorDetail = Schemas['ErrorDetail'];
export type ErrorCode = Schemas['ErrorCode'];
export type FieldError = Schemas['FieldError'];
export type FieldErrorCode = Schemas['FieldErrorCode'];

// ── Account ──
export type Account = Schemas['Account'];
export type AccountStatus = Schemas['AccountStatus'];
export type StatusReason = Schemas['StatusReason'];
export type Enrollment = Schemas['Enrollment'];
export type AppInfo = Schemas['AppInfo'];
export type StripePublicKey = Schemas['StripePublicKey'];
export type CreatedAccount = Schemas['CreatedAccount'];
export type AccountList = Schemas['AccountList'];
export type CreateAccountRequest = Schemas['CreateAccountRequest'];
export type UpdateAccountRequest = Schemas['UpdateAccountRequest'];
export type AccountToken = Schemas['AccountToken'];
export type RecordClientAgentRequest = Schemas['RecordClientAgentRequest'];
export type Locale = Schemas['Locale'];

// ── Links and the flow session ──
export type FlowScope = Schemas['FlowScope'];
export type FlowBehavior = Schemas['FlowBehavior'];
export type FlowLoginRequest = Schemas['FlowLoginRequest'];
export type FlowLogin = Schemas['FlowLogin'];
export type AppLoginRequest = Schemas['AppLoginRequest'];
export type AppLogin = Schemas['AppLogin'];
export type FlowSession = Schemas['FlowSession'];
export type FlowBranding = Schemas['FlowBranding'];

// ── Addresses and search ──
export type Address = Schemas['Address'];
export type AddressInput = Schemas['AddressInput'];
export type Utility = Schemas['Utility'];
export type AddressSearchResult = Schemas['AddressSearchResult'];
export type FullAddressSearchRequest = Schemas['FullAddressSearchRequest'];
export type AddressSearchRequest = Schemas['AddressSearchRequest'];
export type EsiIdSearchRequest = Schemas['EsiIdSearchRequest'];
export type EligibilityRequest = Schemas['EligibilityRequest'];
export type EligibilityResult = Schemas['EligibilityResult'];

// ── Plans ──
export type Plan = Schemas['Plan'];
export type PlanLinks = Schemas['PlanLinks'];
export type PlanDelivery = Schemas['PlanDelivery'];
export type AveragePrices = Schemas['AveragePrices'];
export type PlanList = Schemas['PlanList'];
export type PlanRequest = Schemas['PlanRequest'];
export type AppPlanRequest = Schemas['AppPlanRequest'];
export type CustomRates = Schemas['CustomRates'];
export type AcceptPlanRequest = Schemas['AcceptPlanRequest'];

// ── Identity, credit, finalize ──
export type IdentityRequest = Schemas['IdentityRequest'];
export type CreditCheckRequest = Schemas['CreditCheckRequest'];
export type FinalizeRequest = Schemas['FinalizeRequest'];
export type EmptyObject = Schemas['EmptyObject'];

// ── Funnel events and opt-out reasons ──
export type FunnelEvent = Schemas['FunnelEvent'];
export type PlansViewedEvent = Schemas['PlansViewedEvent'];
export type EnrollmentOptOutEvent = Schemas['EnrollmentOptOutEvent'];
export type Prospect = Schemas['Prospect'];
/** The body of the flow-scoped `POST /v1/account/events`. */
export type FlowEvent = Schemas['FlowEvent'];
export type FlowPlansViewedEvent = Schemas['FlowPlansViewedEvent'];
export type FlowOptOutEvent = Schemas['FlowOptOutEvent'];
export type FunnelEventName = FunnelEvent['event'];
export type EventRecorded = Schemas['EventRecorded'];
export type OptOutReason = Schemas['OptOutReason'];

// ── Billing ──
export type PaymentSession = Schemas['PaymentSession'];
export type EnsurePaymentMethodRequest = Schemas['EnsurePaymentMethodRequest'];
export type PaymentMethod = Schemas['PaymentMethod'];
export type BillingAddress = Schemas['BillingAddress'];
export type BillingAddressUpdate = Schemas['BillingAddressUpdate'];
export type BillingAddressInput = Schemas['BillingAddressInput'];
export type Invoice = Schemas['Invoice'];
export type InvoiceStatus = Schemas['InvoiceStatus'];
export type InvoiceDetail = Schemas['InvoiceDetail'];
export type InvoiceList = Schemas['InvoiceList'];
export type ChargeGroup = Schemas['ChargeGroup'];
export type Charge = Schemas['Charge'];

// ── Locations, documents, usage ──
export type Location = Schemas['Location'];
export type Contract = Schemas['Contract'];
export type ContractStatus = Schemas['ContractStatus'];
export type Document = Schemas['Document'];
export type DocumentType = Schemas['DocumentType'];
export type DocumentStatus = Schemas['DocumentStatus'];
export type DocumentList = Schemas['DocumentList'];
export type UsageLinks = Schemas['UsageLinks'];
export type MonthlyUsage = Schemas['MonthlyUsage'];
export type MonthlyUsagePoint = Schemas['MonthlyUsagePoint'];
export type DailyUsage = Schemas['DailyUsage'];
export type DailyUsagePoint = Schemas['DailyUsagePoint'];
export type IntervalUsage = Schemas['IntervalUsage'];
export type IntervalDay = Schemas['IntervalDay'];
export type UsageInterval = Schemas['UsageInterval'];

// ── Renewal and battery ──
export type RenewalAcceptRequest = Schemas['RenewalAcceptRequest'];
/** Whether a Location may renew now, and from when (`Location.renewal`). */
export type RenewalStatus = Schemas['RenewalStatus'];
export type RenewalEligibility = RenewalStatus['eligibility'];
export type BatteryMaker = Schemas['BatteryMaker'];
export type BatteryMakerId = Schemas['BatteryMakerId'];
export type BatteryAuthorizationRequest = Schemas['BatteryAuthorizationRequest'];
export type BatteryAuthorization = Schemas['BatteryAuthorization'];
export type BatteryAuthorizationStatus = Schemas['BatteryAuthorizationStatus'];
export type BatteryDevice = Schemas['BatteryDevice'];
export type BatteryDeviceStatus = Schemas['BatteryDeviceStatus'];
export type BatteryDeviceList = Schemas['BatteryDeviceList'];

// ── Webhooks ──
export type WebhookEvent = Schemas['WebhookEvent'];
export type WebhookEventType = Schemas['WebhookEventType'];

// ── Sandbox ──
export type SandboxStatusRequest = Schemas['SandboxStatusRequest'];
export type SandboxMilestone = Schemas['SandboxMilestone'];
export type SandboxAdvanceRequest = Schemas['SandboxAdvanceRequest'];
export type SandboxClock = Schemas['SandboxClock'];
export type SandboxClockRequest = Schemas['SandboxClockRequest'];
export type SandboxWebhookConfig = Schemas['SandboxWebhookConfig'];
export type SandboxAccountInspection = Schemas['SandboxAccountInspection'];
export type SandboxHealth = Schemas['SandboxHealth'];
export type SandboxExpiredTokens = Schemas['SandboxExpiredTokens'];
export type SandboxFunnelEvent = Schemas['SandboxFunnelEvent'];

// ── Operations ──
export type OperationId = keyof operations;

// ── Enum values at runtime ──

/**
 * Fails to type-check unless `T` lists every member of `U` and nothing else. Usage:
 * `const X = [...] as const satisfies readonly U[]; type _ = Exhaustive<U, (typeof X)[number]>;`
 */
type Exhaustive<U, T extends U> = [U] extends [T] ? true : never;

export const ACCOUNT_STATUSES = [
  'created',
  'applying',
  'reviewing',
  'needs_attention',
  'ready',
  'scheduled',
  'activating',
  'active',
  'cancelled',
] as const satisfies readonly AccountStatus[];
const _accountStatuses: Exhaustive<AccountStatus, (typeof ACCOUNT_STATUSES)[number]> = true;

export const FLOW_SCOPES = [
  'enrollment',
  'update-payment-method',
  'documents',
  'billing',
  'renewal',
  'connect-battery',
] as const satisfies readonly FlowScope[];
const _flowScopes: Exhaustive<FlowScope, (typeof FLOW_SCOPES)[number]> = true;

export const LOCALES = ['en', 'es'] as const satisfies readonly Locale[];
const _locales: Exhaustive<Locale, (typeof LOCALES)[number]> = true;

/**
 * The valid status → status_reason pairs (the specification's table; the contract's `x-status-pairs`).
 * Typed so every status must be present and every reason must be a StatusReason.
 */
export const STATUS_PAIRS: { readonly [S in AccountStatus]: readonly StatusReason[] } = {
  created: ['unresolved', 'missing_address'],
  applying: ['plan_not_accepted', 'missing_identity', 'missing_payment_method', 'enrollment_not_finalized'],
  reviewing: ['verification_pending', 'credit_check_pending'],
  needs_attention: [
    'credit_not_found',
    'credit_declined',
    'credit_check_frozen',
    'credit_check_error',
    'enrollment_blocked_switch_hold',
    'enrollment_blocked_deactivated',
    'utility_blocked',
  ],
  ready: ['enrollment_pending_client_agent'],
  scheduled: ['service_pending'],
  activating: ['utility_submitted'],
  active: ['active'],
  cancelled: ['enrollment_blocked_verification_hold', 'cancelled_pre_start', 'expire_pre_active', 'cancelled_post_start'],
};

// The checks above exist only for the compiler.
void _accountStatuses;
void _flowScopes;
void _locales;
