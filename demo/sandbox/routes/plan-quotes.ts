/**
 * Pricing plans for a request and remembering them so that acceptance can check what was quoted (which account,
 * which ESI ID or utility, until when). Each plan's EFL, TOS and YRAC get public, unguessable document ids.
 */
import { randomUUID } from 'node:crypto';
import { YRAC_VERSION } from '../documents/index.js';
import { documentLink } from '../state/document-links.js';
import type { Plan } from '../../../src/api/types.js';
import { premiseByEsiId, toResult, type Premise } from '../data/addresses.js';
import { pricePlans, type CustomRates } from '../data/plans.js';
import type { UtilityName } from '../data/utilities.js';
import { fail } from '../http/errors.js';
import { isClientAgentAccount } from '../state/status.js';
import type { AccountRecord } from '../store/types.js';
import { localDate } from '../time.js';
import type { Deps } from './deps.js';

export interface QuoteRequest {
  utility: UtilityName;
  esiId: string | null;
  account: AccountRecord | null;
  custom: CustomRates | null;
  /** When the plans are priced: now, except for an account preset's earlier enrollment (state/presets.ts). */
  at?: number;
  /**
   * A renewal offer (state/renewal.ts): the contract it renews and the start dates it offers. Its EFL, TOS and YRAC
   * take effect on the window's first day until it is accepted, then on the start date chosen (acceptRenewal), and
   * no enrollment webhook is sent: nobody is enrolling.
   */
  renewal?: { locationUuid: string; contractUuid: string; earliest: string; latest: string };
}

/** A document's link as an answer made now gives it: signed and for an hour when it names the customer (state/document-links.ts). */
export function documentUrl(deps: Deps, id: string): string {
  const type = deps.store.documents.get(id)?.type ?? 'efl';
  return documentLink(deps.config.publicUrl, id, type, deps.clock.nowMs());
}

export function quotePlans(deps: Deps, req: QuoteRequest): Plan[] {
  const { store, clock } = deps;
  const now = req.at ?? clock.nowMs();
  const expiresAt = clock.addBusinessDays(5, now);
  const locale = req.account?.locale ?? 'en';
  const today = localDate(now);
  // EFL and TOS versions follow the month the rates were set in (an EFL changes whenever prices do).
  const version = `${today.slice(0, 4)}.${today.slice(5, 7)}-1`;
  const ids = new Map<string, { efl: string; tos: string; yrac: string }>();
  const priced = pricePlans({
    utility: req.utility,
    today,
    expiresAt,
    clientAgent: req.account ? isClientAgentAccount(req.account) : false,
    custom: req.custom,
    ...(req.renewal ? { startWindow: { earliest: req.renewal.earliest, latest: req.renewal.latest } } : {}),
    newUuid: randomUUID,
    documentUrl: (type, planUuid) => {
      const id = randomUUID();
      store.documents.set(id, {
        id,
        type,
        planUuid,
        locale,
        version: type === 'yrac' ? YRAC_VERSION : version,
        effectiveDate: req.renewal?.earliest ?? today,
        createdAt: now,
      });
      ids.set(planUuid, { ...(ids.get(planUuid) ?? { efl: '', tos: '', yrac: '' }), [type]: id });
      return documentUrl(deps, id);
    },
  });
  for (const { plan, group } of priced) {
    store.plans.set(plan.uuid, {
      plan,
      appId: store.app.id,
      accountUuid: req.account?.uuid ?? null,
      esiId: req.esiId,
      utility: req.utility,
      groupId: group.id,
      pricedAt: now,
      expiresAt: expiresAt.getTime(),
      documentIds: ids.get(plan.uuid)!,
      ...(req.renewal ? { renewal: { locationUuid: req.renewal.locationUuid, contractUuid: req.renewal.contractUuid } } : {}),
    });
  }
  const plans = priced.map((p) => p.plan);
  if (req.account && !req.renewal) {
    const account = req.account;
    account.counters.plan_requests += 1;
    const data: Record<string, unknown> = { plan_uuids: plans.map((p) => p.uuid) };
    if (req.esiId) data.esi_id = req.esiId;
    store.emit(account, 'enrollment.plan_requested', data);
    store.recordService('plan_requested', account.uuid, data, now);
  }
  return plans;
}

/** The premise of a well-formed ESI ID, or 404 (the utilities do not know it). */
export function requirePremise(esiId: string): Premise {
  const premise = premiseByEsiId(esiId);
  if (!premise) throw fail.notFound(`No meter has the ESI ID ${esiId}`);
  return premise;
}

/**
 * Plans requested for an account's ESI ID also become its service address (so a reload resumes at the plans
 * step), until a plan is accepted: from then on the accepted location is the service address.
 */
export function quoteForAccountEsiId(deps: Deps, account: AccountRecord, esiId: string, at?: number): Plan[] {
  const premise = requirePremise(esiId);
  if (!account.location) account.serviceAddress = toResult(premise);
  const custom = deps.store.customRates.get(account.uuid) ?? null;
  return quotePlans(deps, { utility: premise.utility, esiId, account, custom, ...(at === undefined ? {} : { at }) });
}
