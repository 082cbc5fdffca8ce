/**
 * A deep, comparable picture of everything a sandbox keeps, taken from what `createSandbox` returns: the store
 * (accounts, tokens, custom rates, priced plans, documents, battery authorizations and devices, funnel and service
 * events), the webhook dispatcher (events emitted, deliveries, its endpoint), the card processor (setup intents,
 * payment methods, 3-D Secure challenges), the fault rules and the clock. Two snapshots compare with
 * `assert.deepStrictEqual`, so a refused request can be shown to have changed nothing:
 *
 *   const before = snapshot(h.sb);
 *   await h.call(...);          // refused
 *   assert.deepStrictEqual(snapshot(h.sb), before);
 *
 * Left out on purpose, as bookkeeping about requests rather than state of the sandbox (each counts refused requests
 * too, by design, and nothing in the API answers differently because of them):
 * - `account.requestsByRoute`: the per-route request tally app.ts keeps for GET /__sandbox/accounts/{uuid};
 * - `account.counters.finalize_refused`: the tally of refused finalize calls that inspection reports (the e2e
 *   finalize-missing test reads it);
 * - the fault injector's `counters.requests`: every /v1 request it judged.
 * Not reachable here and holding nothing a refusal could add: the idempotency store (it keeps 2xx answers only)
 * and the rate limiters (real time, and off in tests).
 */
import type { Sandbox } from '../../app.js';

export type Snapshot = Record<string, unknown>;

/** Maps become sorted [key, value] lists and Sets sorted lists, recursively, so equal states compare equal. */
function plain(value: unknown): unknown {
  if (value instanceof Map) {
    return [...value.entries()].map(([k, v]) => [plain(k), plain(v)] as const).sort((a, b) => compare(a[0], b[0]));
  }
  if (value instanceof Set) return [...value].map(plain).sort(compare);
  if (Array.isArray(value)) return value.map(plain);
  if (value instanceof Date) return value.toISOString();
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (typeof v !== 'function') out[key] = plain(v);
    }
    return out;
  }
  return value;
}

function compare(a: unknown, b: unknown): number {
  const x = JSON.stringify(a);
  const y = JSON.stringify(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Private fields of TypeScript `private` (not `#private`) members are ordinary properties at run time. */
function privateField(owner: object, name: string): unknown {
  return (owner as Record<string, unknown>)[name];
}

export function snapshot(sb: Sandbox): Snapshot {
  const { store, dispatcher, processor, faults, clock } = sb;
  const accounts = store
    .accounts()
    .sort((a, b) => a.seq - b.seq)
    .map(({ requestsByRoute: _requestsByRoute, counters, ...rest }) => {
      const { finalize_refused: _finalizeRefused, ...kept } = counters;
      return { ...rest, counters: kept };
    });
  const faultList = faults.list();
  const { requests: _requests, ...faultCounters } = faultList.counters;
  return plain({
    clock: { now: clock.nowMs(), offset: clock.offsetMs },
    app: store.app,
    accounts,
    // Every token belongs to an account, and accounts are never deleted.
    tokens: store.accounts().flatMap((a) => store.tokens.forAccount(a.uuid)),
    customRates: store.customRates,
    plans: store.plans,
    documents: store.documents,
    invoiceDocuments: store.invoiceDocuments,
    batteryAuthorizations: store.batteryAuthorizations,
    batteryDevices: store.batteryDevices,
    funnel: store.funnel,
    serviceEvents: store.serviceEvents,
    webhooks: {
      url: privateField(dispatcher, 'url'),
      secret: privateField(dispatcher, 'secret'),
      events: dispatcher.events(),
      deliveries: dispatcher.deliveries(),
    },
    processor: {
      intents: privateField(processor, 'intents'),
      methods: privateField(processor, 'methods'),
      challenges: privateField(processor, 'challenges'),
    },
    faults: { seed: faultList.seed, rules: faultList.rules, counters: faultCounters },
  }) as Snapshot;
}
