/** The account's location: plan details, its documents and its usage (import and export). */
import type { Hono } from 'hono';
import type { Document } from '../../../src/api/types.js';
import { documentTitle } from '../documents/index.js';
import type { SandboxEnv } from '../http/env.js';
import { fail } from '../http/errors.js';
import { queryValue, validPathParameter } from '../http/contract.js';
import { usageProfileOf } from '../state/usage-profile.js';
import type { Store } from '../store/store.js';
import type { AccountRecord, ContractRecord } from '../store/types.js';
import {
  dailyUsage,
  intervalUsage,
  monthlyUsage,
  neighborMonths,
  neighborYears,
  USAGE_TIME_ZONE,
  UsageRangeError,
} from '../usage.js';
import { toLocation } from '../views/account.js';
import { tokenAccount, type Ctx, type Deps } from './deps.js';
import { documentUrl } from './plan-quotes.js';

/** The `{location_uuid}` of the path, which must be the token's account's location. */
export function pathLocation(c: Ctx): AccountRecord {
  const account = tokenAccount(c);
  const raw = c.req.param('location_uuid') ?? '';
  if (!validPathParameter('LocationUuid', raw) || !account.location || account.location.uuid !== raw.toLowerCase()) throw fail.notFound(`No location ${raw} on this account`);
  return account;
}

function documentOf(deps: Deps, id: string, status: Document['status']): Document | undefined {
  const ref = deps.store.documents.get(id);
  if (!ref) return undefined;
  return {
    uuid: ref.id,
    type: ref.type,
    title: documentTitle(ref.type, ref.locale),
    plan_name: (ref.planUuid && deps.store.plans.get(ref.planUuid)?.plan.name) || null,
    language: ref.locale,
    version: ref.version,
    status,
    effective_date: ref.effectiveDate,
    url: documentUrl(deps, ref.id),
  };
}

function contractDocuments(deps: Deps, store: Store, contract: ContractRecord, status: Document['status']): Document[] {
  const ids = store.plans.get(contract.plan.uuid)?.documentIds;
  const list = ids ? [ids.efl, ids.tos] : [];
  if (contract.loaDocumentId) list.push(contract.loaDocumentId);
  return list.map((id) => documentOf(deps, id, status)).filter((d): d is Document => d !== undefined);
}

/** A contract's documents with its plan's YRAC: what a customer has for the contract in force (or queued, or ended). */
function currentDocuments(deps: Deps, contract: ContractRecord, status: Document['status']): Document[] {
  const docs = contractDocuments(deps, deps.store, contract, status);
  const yrac = deps.store.plans.get(contract.plan.uuid)?.documentIds.yrac;
  const yracDoc = yrac ? documentOf(deps, yrac, status) : undefined;
  return yracDoc ? [...docs, yracDoc] : docs;
}

/** Once the account is cancelled (its service ended, or never started), none is in effect: the contract's are historical. */
const serviceEnded = (a: AccountRecord): boolean => a.cancelledAt !== null;

function activeDocuments(deps: Deps, a: AccountRecord): Document[] {
  return serviceEnded(a) ? [] : currentDocuments(deps, a.location!.contract, 'active');
}

function usageError(error: unknown): never {
  if (error instanceof UsageRangeError) throw fail.field(error.parameter, error.code, error.message);
  throw error;
}

export function registerLocationRoutes(app: Hono<SandboxEnv>, deps: Deps): void {
  const { clock } = deps;
  const base = (a: AccountRecord) => `/v1/account/locations/${a.location!.uuid}/usage`;

  app.get('/v1/account/locations/:location_uuid', (c) => c.json(toLocation(pathLocation(c), clock.today())));

  app.get('/v1/account/locations/:location_uuid/documents', (c) => c.json({ data: activeDocuments(deps, pathLocation(c)) }));

  app.get('/v1/account/locations/:location_uuid/all-documents', (c) => {
    const a = pathLocation(c);
    const ended = serviceEnded(a) ? currentDocuments(deps, a.location!.contract, 'historical') : [];
    const historical = [...ended, ...a.pastContracts.flatMap((contract) => contractDocuments(deps, deps.store, contract, 'historical'))];
    const queued = a.location!.queuedContract;
    const renewal = queued ? currentDocuments(deps, queued, 'queued') : [];
    // One document, one status: a plan accepted again (another start date) or chosen in two contracts shares its
    // documents, which are listed once, with the most current status (active, then queued, then historical).
    const listed = new Set<string>();
    const data = [...activeDocuments(deps, a), ...renewal, ...historical].filter((d) => !listed.has(d.uuid) && listed.add(d.uuid));
    return c.json({ data });
  });

  app.get('/v1/account/locations/:location_uuid/usage/monthly', (c) => {
    const a = pathLocation(c);
    const today = clock.today();
    const profile = usageProfileOf(a, today);
    const year = queryValue(c, 'year');
    if (!profile) {
      if (year !== undefined && !/^\d{4}$/.test(year)) throw fail.field('year', 'format', 'year must be a four-digit year');
      return c.json({ year: Number(year ?? today.slice(0, 4)), time_zone: USAGE_TIME_ZONE, data: [], links: { previous: null, next: null } });
    }
    try {
      const usage = monthlyUsage(year ?? profile.lastDay.slice(0, 4), profile);
      const n = neighborYears(usage.year, profile);
      const link = (y: number | null) => (y === null ? null : `${base(a)}/monthly?year=${y}`);
      return c.json({ ...usage, links: { previous: link(n.previous), next: link(n.next) } });
    } catch (error) {
      return usageError(error);
    }
  });

  for (const kind of ['daily', 'intervals'] as const) {
    app.get(`/v1/account/locations/:location_uuid/usage/${kind}`, (c) => {
      const a = pathLocation(c);
      const today = clock.today();
      const profile = usageProfileOf(a, today);
      const month = queryValue(c, 'month');
      if (!profile) {
        if (month !== undefined && !/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw fail.field('month', 'format', 'month must be YYYY-MM');
        return c.json({ month: month ?? today.slice(0, 7), time_zone: USAGE_TIME_ZONE, data: [], links: { previous: null, next: null } });
      }
      try {
        const wanted = month ?? profile.lastDay.slice(0, 7);
        const usage = kind === 'daily' ? dailyUsage(wanted, profile) : intervalUsage(wanted, profile);
        const n = neighborMonths(usage.month, profile);
        const link = (m: string | null) => (m === null ? null : `${base(a)}/${kind}?month=${m}`);
        return c.json({ ...usage, links: { previous: link(n.previous), next: link(n.next) } });
      } catch (error) {
        return usageError(error);
      }
    });
  }
}
