/** The Account payload (docs/api-decisions.md, "Accounts"), built from the record in one place. */
import type { Account, Location } from '../../../src/api/types.js';
import { enrollmentOf, statusOf } from '../state/status.js';
import type { AccountRecord, App } from '../store/types.js';
import { addDays, addMonths } from '../time.js';

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

export function toAccount(a: AccountRecord, app: App): Account {
  const { status, status_reason } = statusOf(a);
  return {
    uuid: a.uuid,
    account_uuid: a.uuid,
    email: a.email,
    first_name: a.first_name,
    last_name: a.last_name,
    phone: a.phone,
    date_of_birth: a.date_of_birth,
    preliminary_address: a.preliminary_address,
    service_address: a.serviceAddress,
    location_uuid: a.location?.uuid ?? null,
    status,
    status_reason,
    created_at: new Date(a.createdAt).toISOString(),
    client_agent_accepted: a.clientAgentAcceptedAt !== null,
    client_agent_accepted_at: iso(a.clientAgentAcceptedAt),
    locale: a.locale,
    app: { name: app.name, stripe_public_key: app.stripePublicKey },
    enrollment: enrollmentOf(a),
  };
}

/** The location with its contract; the contract's status follows the service dates. */
export function toLocation(a: AccountRecord, today: string): Location {
  const location = a.location!;
  const c = location.contract;
  let status: Location['contract']['status'] = 'pending';
  if (a.serviceActiveAt !== null) status = today > c.endDate ? 'expired' : 'active';
  const { esi_id: _esi, utility: _utility, meter_description: _meter, ...address } = location.address;
  return {
    uuid: location.uuid,
    esi_id: location.esiId,
    address: { ...address, state: address.state },
    utility: location.address.utility,
    contract: {
      uuid: c.uuid,
      plan_uuid: c.plan.uuid,
      plan_name: c.plan.name,
      term_months: c.plan.term_months,
      energy_rate_cents_per_kwh: c.plan.energy_rate_cents_per_kwh,
      start_date: c.startDate,
      end_date: c.endDate,
      status,
    },
    queued_contract: null,
  };
}

/** The last day of a term that starts on `start`: the day before the same date `months` later. */
export function contractEndDate(start: string, months: number): string {
  return addDays(addMonths(start, months), -1);
}
