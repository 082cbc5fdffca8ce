/** The Account payload (docs/api-decisions.md, "Accounts"), built from the record in one place. */
import type { Account, Contract, Location } from '../../../src/api/types.js';
import { lastDayOfService } from '../state/invoice-history.js';
import { renewalEligibility, renewalOpensOn } from '../state/renewal.js';
import { enrollmentOf, statusOf } from '../state/status.js';
import type { AccountRecord, App, ContractRecord } from '../store/types.js';

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

/** A contract as the Location shows it (`endDate`: where service ended before the contract's own end). */
function toContract(c: ContractRecord, status: Contract['status'], endDate = c.endDate): Contract {
  return {
    uuid: c.uuid,
    plan_uuid: c.plan.uuid,
    plan_name: c.plan.name,
    term_months: c.plan.term_months,
    energy_rate_cents_per_kwh: c.plan.energy_rate_cents_per_kwh,
    start_date: c.startDate,
    end_date: endDate,
    status,
  };
}

/**
 * The location with its contract, its queued renewal and whether it may renew; the contract's status follows the
 * service dates (past its end date without a renewal, the customer is on month-to-month: `expired`). A cancelled
 * account's contract has ended too: `expired`, after service started its end the last day of service, before it
 * (it never ran) with its own dates.
 */
export function toLocation(a: AccountRecord, today: string): Location {
  const location = a.location!;
  const c = location.contract;
  const lastDay = lastDayOfService(a);
  let status: Contract['status'] = a.cancelledAt === null ? 'pending' : 'expired';
  if (a.serviceActiveAt !== null) status = lastDay !== null || today > c.endDate ? 'expired' : 'active';
  const { esi_id: _esi, utility: _utility, meter_description: _meter, ...address } = location.address;
  // A service that ended early ends its contract that day: the end date shown, and the one renewal counts from.
  const endDate = lastDay !== null && lastDay < c.endDate ? lastDay : c.endDate;
  return {
    uuid: location.uuid,
    esi_id: location.esiId,
    address: { ...address, state: address.state },
    utility: location.address.utility,
    contract: toContract(c, status, endDate),
    queued_contract: location.queuedContract ? toContract(location.queuedContract, 'queued') : null,
    renewal: { eligibility: renewalEligibility(a, today), opens_on: renewalOpensOn(c, endDate) },
  };
}
