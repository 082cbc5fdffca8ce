import type { Account, AddressSearchResult, FlowSession, Location } from '../../src/api/types.js';

export const ADDRESS: AddressSearchResult = {
  address_1: '1200 Main St',
  address_2: '',
  city: 'Houston',
  state: 'TX',
  postal_code: '77002',
  esi_id: '1008901000000000000001',
} as AddressSearchResult;

type Enrollment = Account['enrollment'];

/** An account with every enrollment flag false unless overridden. */
export function makeAccount(overrides: Partial<Account> = {}, enrollment: Partial<Enrollment> = {}): Account {
  return {
    uuid: '5b0e7c1e-0000-4000-8000-000000000001',
    account_uuid: '5b0e7c1e-0000-4000-8000-000000000001',
    email: 'pat@example.com',
    first_name: 'Pat',
    last_name: 'Doe',
    phone: null,
    date_of_birth: null,
    preliminary_address: null,
    service_address: null,
    location_uuid: null,
    status: 'applying',
    status_reason: 'plan_not_accepted',
    created_at: '2030-01-01T00:00:00Z',
    client_agent_accepted: false,
    client_agent_accepted_at: null,
    locale: 'en',
    app: { name: 'Acme Energy', stripe_public_key: 'pk_test_x' },
    ...overrides,
    enrollment: {
      has_accepted_plan: false,
      has_payment_method: false,
      is_identity_verified: false,
      is_enrollment_finalized: false,
      can_finalize_enrollment: false,
      finalized_at: null,
      is_service_active: false,
      has_usage_history: false,
      is_credit_check_submitted: false,
      ...(overrides.enrollment ?? {}),
      ...enrollment,
    },
  } as Account;
}

/** A flow session; its `expires_in` the seconds to `expires_at` (the default: an hour) unless given. */
export function makeSession(overrides: Partial<FlowSession> = {}): FlowSession {
  const expiresAt = overrides.expires_at ?? new Date(Date.now() + 60 * 60 * 1000).toISOString();
  return {
    scope: 'enrollment',
    behavior: 'embedded',
    expires_at: expiresAt,
    expires_in: Math.max(0, Math.ceil((Date.parse(expiresAt) - Date.now()) / 1000)),
    allowed_parent_origins: ['https://partner.example'],
    return_url: null,
    locale: 'en',
    branding: { name: 'Acme Bank', primary_color: null, logo_url: null },
    ...overrides,
  } as FlowSession;
}

/** A renewal's location: its contract, and one queued after it. */
export const LOCATION_UUID = '7c2d9e4f-0000-4000-8000-000000000001';
export const contract = {
  uuid: 'c1',
  plan_uuid: 'p1',
  plan_name: 'Longhorn Lock 36',
  term_months: 36,
  energy_rate_cents_per_kwh: '11.9',
  start_date: '2027-01-05',
  end_date: '2030-01-04',
  status: 'active' as const,
};
export const queued = { ...contract, uuid: 'c2', plan_name: 'Lone Star Saver 6', start_date: '2030-01-05', end_date: '2030-07-04', status: 'queued' as const };

export function location(renewal?: Location['renewal'], overrides: Partial<Location> = {}): Location {
  return {
    uuid: LOCATION_UUID,
    esi_id: '1008901000000000000001',
    address: { address_1: '1200 Main St', address_2: null, city: 'Houston', state: 'TX', postal_code: '77002' },
    utility: { name: 'centerpoint', display_name: 'CenterPoint Energy' },
    contract,
    queued_contract: null,
    ...(renewal ? { renewal } : {}),
    ...overrides,
  } as Location;
}
