/** App-token enrollment helpers: eligibility, address searches and plan requests (with or without an account). */
import type { Hono } from 'hono';
import type { Plan } from '../../../src/api/types.js';
import { toResult, toUtilityStyleResult } from '../data/addresses.js';
import { fullAddressSearch, typeAheadSearch } from '../data/address-search.js';
import { parseDecimal } from '../data/decimal.js';
import { eligibility, utilitiesForZip } from '../data/eligibility.js';
import { energyRateFor, groupsFor, MIN_ENERGY_RATE, type CustomRates } from '../data/plans.js';
import { readJson } from '../http/body.js';
import type { SandboxEnv } from '../http/env.js';
import { fail, type FieldIssue } from '../http/errors.js';
import { checkBody, parseBody } from '../http/contract.js';
import { pathAccount, type Deps } from './deps.js';
import { quoteForAccountEsiId, quotePlans, requirePremise } from './plan-quotes.js';

export function registerAppEnrollRoutes(app: Hono<SandboxEnv>, deps: Deps): void {
  const { store } = deps;

  app.post('/v1/app/accounts/enroll/eligibility', async (c) => {
    const body = parseBody('checkEligibility', await readJson(c));
    return c.json(eligibility(body.postal_code, body.address_1));
  });

  app.post('/v1/app/accounts/enroll/full-address-search', async (c) => {
    const body = parseBody('appFullAddressSearch', await readJson(c));
    return c.json(fullAddressSearch(body).map(toResult));
  });

  app.post('/v1/app/accounts/enroll/address-search', async (c) => {
    const body = parseBody('appAddressSearch', await readJson(c));
    return c.json(typeAheadSearch(body.query, body.postal_code).map(toUtilityStyleResult));
  });

  app.post('/v1/app/accounts/:account_uuid/enroll/plans/request', async (c) => {
    const account = pathAccount(c, deps);
    const body = parseBody('requestAccountPlansAsApp', await readJson(c));
    return c.json({ plans: quoteForAccountEsiId(deps, account, body.esi_id) });
  });

  app.post('/v1/app/accounts/enroll/plans/request', async (c) => {
    const raw = await readJson(c);
    const issues: FieldIssue[] = [];
    const body = checkBody('requestAppPlans', raw, issues);
    const given = (key: string) => typeof raw === 'object' && raw !== null && (raw as Record<string, unknown>)[key] != null;
    if (!given('postal_code') && !given('esi_id')) {
      issues.push({ field: 'postal_code', code: 'required', message: 'postal_code is required when esi_id is not sent' });
    }
    if (!body || issues.length) throw fail.invalid(issues);
    // Every refusal (unknown account, unpriceable rates, unknown ESI ID, ZIP mismatch, unknown ZIP) comes before
    // anything is stored: a refused request must not leave its custom rates on the account.
    const account = body.account_uuid ? store.requireAccount(body.account_uuid) : null;
    if (account) c.set('subjectAccount', account);
    if (body.custom_rates) assertPriceable(body.custom_rates);
    const premise = body.esi_id ? requirePremise(body.esi_id) : null;
    if (premise && body.postal_code && body.postal_code !== premise.postal_code) {
      throw fail.field('postal_code', 'range', `postal_code does not match the ESI ID's address (${premise.postal_code})`);
    }
    const utilities = premise ? [premise.utility] : utilitiesForZip(body.postal_code!);
    if (utilities.length === 0) {
      throw fail.field('postal_code', 'range', `No retail choice utility is known to serve ${body.postal_code}; check eligibility first`);
    }

    // Per-account custom rates stay with the account: its own later plan requests (the flow's) get them too.
    if (account && body.custom_rates) store.customRates.set(account.uuid, body.custom_rates);
    const custom: CustomRates | null = body.custom_rates ?? (account ? store.customRates.get(account.uuid) ?? null : null);
    if (premise) {
      if (account) return c.json({ plans: quoteForAccountEsiId(deps, account, body.esi_id!) });
      return c.json({ plans: quotePlans(deps, { utility: premise.utility, esiId: body.esi_id!, account: null, custom }) });
    }
    // A ZIP two utilities share is priced for both; each plan names its utility in delivery.utility.
    const plans: Plan[] = utilities.flatMap((utility) => quotePlans(deps, { utility, esiId: null, account, custom }));
    return c.json({ plans });
  });
}

/** A negative adjustment may not price any plan below the sandbox's floor rate. */
function assertPriceable(custom: CustomRates): void {
  const floor = parseDecimal(MIN_ENERGY_RATE);
  const tooLow = groupsFor(custom).some((g) =>
    (['centerpoint', 'oncor', 'aep_central', 'aep_north', 'tnmp'] as const).some((u) => energyRateFor(u, g, custom) < floor),
  );
  if (tooLow) {
    throw fail.field(
      'custom_rates.energy_rate_adjustment_cents_per_kwh',
      'range',
      `The adjustment would price a plan below ${MIN_ENERGY_RATE} ¢/kWh`,
    );
  }
}
