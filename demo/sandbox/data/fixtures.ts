/**
 * Everything a developer needs to drive the sandbox on purpose, served at GET /__sandbox/fixtures and listed in
 * README.md: test addresses with their ESI IDs, test identities, the magic values and what they do, test cards,
 * eligibility examples.
 */
import { TEST_CARDS } from '../processor/cards.js';
import { PRESETS } from '../state/presets.js';
import { BUSINESS_HOURS } from '../clock.js';
import { PREMISES, UNKNOWN_ESI_ID, toResult, type PremiseTrigger } from './addresses.js';
import { eligibility } from './eligibility.js';
import { EXAMPLE_SSNS, SSN_SERIAL_TRIGGERS } from './triggers.js';
import { IDENTITY_REFUSALS, TEST_IDENTITIES } from './identities.js';
import { UTILITIES } from './utilities.js';

const PREMISE_OUTCOME: Record<PremiseTrigger, string> = {
  switch_hold: 'needs_attention/enrollment_blocked_switch_hold when the enrollment is submitted (after the credit check)',
  deactivated: 'needs_attention/enrollment_blocked_deactivated when the enrollment is submitted (after the credit check)',
  utility_blocked: 'activating/utility_submitted, then needs_attention/utility_blocked when the utility answers',
};

export const ELIGIBILITY_EXAMPLES = ['77002', '75201', '78401', '79601', '77573', '77581', '75067', '78501', '78701', '78205', '79901', '77701', '79000', '10001'];

export function fixtures(): Record<string, unknown> {
  const byTrigger = (t: PremiseTrigger) => PREMISES.find((p) => p.trigger === t)!;
  return {
    triggers: [
      ...Object.entries(SSN_SERIAL_TRIGGERS).map(([serial, outcome]) => ({
        input: 'credit-check ssn',
        value: `any valid SSN with serial (last four digits) ${serial}, e.g. ${EXAMPLE_SSNS[outcome]}`,
        outcome: `needs_attention/${outcome} at the credit check after finalize (at once for a client agent account before its plan is accepted)`,
      })),
      { input: 'credit-check ssn', value: `any other valid SSN, e.g. ${EXAMPLE_SSNS.pass}`, outcome: 'credit passes' },
      { input: 'credit-check ssn', value: 'area 000, 666 or 900-999; group 00; serial 0000', outcome: '400 format (never issued by the SSA)' },
      ...(['switch_hold', 'deactivated', 'utility_blocked'] as const).map((t) => {
        const p = byTrigger(t);
        return { input: 'premise (address / ESI ID)', value: `${p.address_1}${p.address_2 ? `, ${p.address_2}` : ''}, ${p.city} ${p.postal_code} — ESI ID ${p.esi_id}`, outcome: PREMISE_OUTCOME[t] };
      }),
      { input: 'esi-id-search esi_id', value: UNKNOWN_ESI_ID, outcome: '404 not_found (well formed, no such meter)' },
      { input: 'esi-id-search esi_id', value: 'wrong length, unknown utility prefix or wrong check digit', outcome: '400 format' },
      ...TEST_CARDS.map((card) => ({
        input: 'card number (processor emulator)',
        value: card.number,
        outcome: card.outcome.kind === 'succeed' ? 'setup succeeds' : card.outcome.kind === 'authenticate' ? '3-D Secure challenge, then succeeds or fails as the challenge is answered' : `declined: ${card.outcome.decline_code ?? card.outcome.code}`,
      })),
    ],
    addresses: PREMISES.map((p) => ({ ...toResult(p), trigger: p.trigger })),
    esi_ids: {
      switch_hold: byTrigger('switch_hold').esi_id,
      deactivated: byTrigger('deactivated').esi_id,
      utility_blocked: byTrigger('utility_blocked').esi_id,
      unknown: UNKNOWN_ESI_ID,
      multi_meter: PREMISES.filter((p) => p.meter_description).map((p) => p.esi_id),
      check_digit: 'The last digit is a Luhn check digit over the others (a sandbox rule).',
    },
    identities: TEST_IDENTITIES,
    identity_refusals: IDENTITY_REFUSALS,
    ssns: EXAMPLE_SSNS,
    cards: TEST_CARDS.map((c) => ({ number: c.number, brand: c.brand, funding: c.funding, description: c.description, outcome: c.outcome })),
    utilities: Object.values(UTILITIES).map((u) => ({
      name: u.name,
      display_name: u.display_name,
      esi_id_prefixes: u.esiPrefixes,
      esi_id_length: u.esiLength,
      delivery_monthly_charge_cents: u.deliveryMonthlyCents,
      delivery_rate_cents_per_kwh: u.deliveryRateCentsPerKwh,
      switch_business_hours_after_submission: u.switchBusinessHours,
    })),
    eligibility: ELIGIBILITY_EXAMPLES.map((zip) => ({ postal_code: zip, ...eligibility(zip) })),
    account_presets: PRESETS.map((p) => ({
      name: p.name,
      status: p.status,
      status_reason: p.status_reason,
      scopes: p.scopes,
      description: p.description,
      request: { method: 'POST', path: '/__sandbox/accounts', body: { preset: p.name } },
    })),
    business_hours: { time_zone: BUSINESS_HOURS.timeZone, days: BUSINESS_HOURS.days, open: '08:00', close: '17:00', holidays: 'none' },
  };
}
