/**
 * The sandbox's memory: the App, its accounts, tokens, priced plans, document ids, funnel events and the events the
 * service records by itself. Business rules live in ../state and ../routes; this class only keeps things and
 * answers lookups, so a test can build state directly and inspect it.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInput, Locale } from '../../../src/api/types.js';
import type { WebhookData, WebhookEmitter, WebhookType } from '../adapters/webhooks.js';
import type { Clock } from '../clock.js';
import { fail } from '../http/errors.js';
import type { CustomRates } from '../data/plans.js';
import { TokenStore } from './tokens.js';
import type { AccountRecord, App, BatteryAuthorizationRecord, BatteryDeviceRecord, FunnelRecord, PlanRecord, ServiceEventRecord } from './types.js';

/** A public, unguessable document id (a UUID) and what it renders. */
export interface DocumentRef {
  id: string;
  type: 'efl' | 'tos' | 'yrac' | 'loa' | 'invoice';
  planUuid?: string;
  accountUuid?: string;
  invoiceNumber?: string;
  locale: Locale;
  version: string;
  effectiveDate: string;
  createdAt: number;
}

export interface NewAccount {
  email: string;
  first_name?: string;
  last_name?: string;
  phone?: string;
  date_of_birth?: string;
  preliminary_address?: AddressInput;
  locale?: Locale;
}

export interface AccountPage {
  data: AccountRecord[];
  nextCursor: string | null;
}

export class Store {
  readonly app: App;
  readonly clock: Clock;
  readonly tokens: TokenStore;
  readonly plans = new Map<string, PlanRecord>();
  readonly documents = new Map<string, DocumentRef>();
  /** Invoice PDFs get their document id on first listing: `${account_uuid}/${number}` → id. */
  readonly invoiceDocuments = new Map<string, string>();
  readonly funnel: FunnelRecord[] = [];
  readonly serviceEvents: ServiceEventRecord[] = [];
  /** Per-account custom rates set by an App-level plan request; later plan requests of the account use them. */
  readonly customRates = new Map<string, CustomRates>();
  /** Battery authorizations by id, and connected batteries by device id (state/battery.ts). */
  readonly batteryAuthorizations = new Map<string, BatteryAuthorizationRecord>();
  readonly batteryDevices = new Map<string, BatteryDeviceRecord>();
  webhooks: WebhookEmitter;
  readonly #accounts = new Map<string, AccountRecord>();
  #seq = 0;

  constructor(options: { app: App; clock: Clock; webhooks: WebhookEmitter }) {
    this.app = options.app;
    this.clock = options.clock;
    this.webhooks = options.webhooks;
    this.tokens = new TokenStore(options.clock);
  }

  /** `at` is now, except for an account preset, which was created earlier (state/presets.ts). */
  createAccount(input: NewAccount, at: number = this.clock.nowMs()): AccountRecord {
    const now = at;
    this.#seq += 1;
    const account: AccountRecord = {
      seq: this.#seq,
      uuid: randomUUID(),
      appId: this.app.id,
      email: input.email,
      first_name: input.first_name ?? null,
      last_name: input.last_name ?? null,
      phone: input.phone ?? null,
      date_of_birth: input.date_of_birth ?? null,
      preliminary_address: input.preliminary_address ?? null,
      locale: input.locale ?? 'en',
      createdAt: now,
      clientAgentAcceptedAt: null,
      serviceAddress: null,
      location: null,
      pastContracts: [],
      credit: null,
      card: null,
      paymentMethodPeriods: [],
      billingAddress: null,
      finalizedAt: null,
      clientAgentEnrollment: false,
      progress: null,
      pipeline: null,
      forced: null,
      cancelledAt: null,
      serviceActiveAt: null,
      usageHistoryAt: null,
      counters: {
        finalize_succeeded: 0,
        finalize_refused: 0,
        payment_methods_synced: 0,
        funnel_events: 0,
        plan_requests: 0,
        plans_accepted: 0,
        identity_updates: 0,
        credit_checks: 0,
        webhooks_emitted: 0,
      },
      invoiceEvents: { sent: [], paid: [], failed: [], checkedOn: null },
      requestsByRoute: {},
    };
    this.#accounts.set(account.uuid, account);
    this.recordService('account_created', account.uuid, undefined, now);
    this.#mergeProspect(account);
    return account;
  }

  /** Funnel rule 3: events a prospect sent before the account existed now count for the account. */
  #mergeProspect(account: AccountRecord): void {
    const email = account.email.toLowerCase();
    let merged = 0;
    for (const event of this.funnel) {
      if (event.identity === 'prospect' && event.accountUuid === null && event.prospectEmail === email) {
        event.accountUuid = account.uuid;
        event.mergedAt = account.createdAt;
        merged += 1;
      }
    }
    if (merged > 0) {
      account.counters.funnel_events += merged;
      this.recordService('prospect_merged', account.uuid, { events: merged });
    }
  }

  account(uuid: string): AccountRecord | undefined {
    return this.#accounts.get(uuid.toLowerCase());
  }

  requireAccount(uuid: string): AccountRecord {
    const account = this.account(uuid);
    if (!account) throw fail.notFound(`No account ${uuid}`);
    return account;
  }

  accounts(): AccountRecord[] {
    return [...this.#accounts.values()];
  }

  accountByEmail(email: string): AccountRecord | undefined {
    const wanted = email.toLowerCase();
    // The most recent account wins when several share an email.
    return this.accounts()
      .filter((a) => a.email.toLowerCase() === wanted)
      .sort((a, b) => b.seq - a.seq)[0];
  }

  /** Newest first. The cursor is the opaque position of the last account of the previous page. */
  listAccounts(limit: number, cursor?: string): AccountPage {
    let before = Number.POSITIVE_INFINITY;
    if (cursor !== undefined) before = accountCursor(cursor);
    const sorted = this.accounts()
      .filter((a) => a.seq < before)
      .sort((a, b) => b.seq - a.seq);
    const data = sorted.slice(0, limit);
    const last = data.at(-1);
    return { data, nextCursor: sorted.length > limit && last ? encodeCursor(last.seq) : null };
  }

  /** Expires the tokens of one account, or of every account; returns how many were live. */
  expireTokens(accountUuid?: string): number {
    return this.tokens.expire(accountUuid?.toLowerCase());
  }

  emit(account: AccountRecord, type: WebhookType, data: Omit<WebhookData, 'account_uuid'> = {}): void {
    account.counters.webhooks_emitted += 1;
    this.webhooks.emit(type, { account_uuid: account.uuid, ...data });
  }

  recordService(event: ServiceEventRecord['event'], accountUuid: string | null, detail?: Record<string, unknown>, at = this.clock.nowMs()): void {
    const record: ServiceEventRecord = { event, accountUuid, at };
    if (detail) record.detail = detail;
    this.serviceEvents.push(record);
  }

  funnelFor(accountUuid: string): FunnelRecord[] {
    return this.funnel.filter((e) => e.accountUuid === accountUuid);
  }
}

export function encodeCursor(position: number): string {
  return Buffer.from(`p:${position}`).toString('base64url');
}

/** The account sequence a listAccounts cursor points before; a 400 naming `cursor` when this API never returned it. */
export function accountCursor(cursor: string): number {
  const decoded = decodeCursor(cursor);
  if (decoded === undefined) throw fail.field('cursor', 'format', 'cursor is not a next_cursor this API returned');
  return decoded;
}

export function decodeCursor(cursor: string): number | undefined {
  const m = /^p:(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  return m ? Number(m[1]) : undefined;
}
