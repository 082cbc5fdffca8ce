/**
 * Connecting a battery (docs/api-decisions.md, "Battery"): an authorization the flow starts, the customer answers on
 * the maker's page (battery/routes.ts, the sandbox's stand-in for the maker's own OAuth page), and the client reads
 * back by id. The authorization, not a browser message, is the source of truth, so the flow works the same from an
 * iframe, a WebView or a hosted page: a popup closed without an answer leaves it pending until it expires.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { BatteryAuthorization, BatteryDevice, BatteryMakerId, Locale } from '../../../src/api/types.js';
import { makerOf } from '../battery/makers.js';
import type { Clock } from '../clock.js';
import { hash, seededRandom } from '../random.js';
import type { Store } from '../store/store.js';
import type { BatteryAuthorizationRecord, BatteryDeviceRecord } from '../store/types.js';
import { wallTime } from '../time.js';

/** How long the customer has to answer on the maker's page. */
export const BATTERY_AUTHORIZATION_TTL_MS = 15 * 60_000;

/** The URL of the maker's page for an authorization (under the sandbox's open /__sandbox/battery/ paths). */
export function authorizationUrl(publicUrl: string, record: BatteryAuthorizationRecord): string {
  const url = new URL(`${publicUrl}/__sandbox/battery/authorize/${record.id}`);
  url.searchParams.set('ticket', record.ticket);
  if (record.locale !== 'en') url.searchParams.set('locale', record.locale);
  return url.toString();
}

export function createAuthorization(
  store: Store,
  input: { accountUuid: string; maker: BatteryMakerId; returnUrl: string | null; locale: Locale },
): BatteryAuthorizationRecord {
  const now = store.clock.nowMs();
  const record: BatteryAuthorizationRecord = {
    id: randomUUID(),
    accountUuid: input.accountUuid,
    maker: input.maker,
    ticket: randomBytes(24).toString('base64url'),
    returnUrl: input.returnUrl,
    locale: input.locale,
    createdAt: now,
    expiresAt: now + BATTERY_AUTHORIZATION_TTL_MS,
    answer: null,
  };
  store.batteryAuthorizations.set(record.id, record);
  return record;
}

export type AuthorizationStatus = BatteryAuthorization['status'];

/** Pending turns into expired with the clock, without anyone writing it down. */
export function statusOf(record: BatteryAuthorizationRecord, now: number): AuthorizationStatus {
  if (record.answer) return record.answer.decision === 'allow' ? 'approved' : 'denied';
  return now >= record.expiresAt ? 'expired' : 'pending';
}

export function toAuthorization(record: BatteryAuthorizationRecord, now: number, publicUrl: string): BatteryAuthorization {
  const status = statusOf(record, now);
  return {
    id: record.id,
    maker: record.maker,
    status,
    reason: status === 'denied' ? 'access_denied' : status === 'expired' ? 'expired' : null,
    authorization_url: authorizationUrl(publicUrl, record),
    return_url: record.returnUrl,
    created_at: new Date(record.createdAt).toISOString(),
    expires_at: new Date(record.expiresAt).toISOString(),
    completed_at: record.answer ? new Date(record.answer.at).toISOString() : null,
    device_id: record.answer?.deviceId ?? null,
  };
}

/** The authorization a maker's page names, if its ticket is the one issued with it. */
export function authorizationForTicket(store: Store, id: string, ticket: unknown): BatteryAuthorizationRecord | undefined {
  const record = store.batteryAuthorizations.get(id);
  return record && typeof ticket === 'string' && ticket === record.ticket ? record : undefined;
}

export type AnswerResult =
  | { ok: true; record: BatteryAuthorizationRecord }
  | { ok: false; reason: 'expired' | 'answered'; record: BatteryAuthorizationRecord };

/**
 * The customer's answer on the maker's page. Allow connects the maker's battery (one device per maker and account:
 * allowing again refreshes it). The same answer twice is the first one (a reload, a double click); a different
 * answer after one, or any answer after expiry, changes nothing.
 */
export function answerAuthorization(store: Store, record: BatteryAuthorizationRecord, decision: 'allow' | 'deny'): AnswerResult {
  const now = store.clock.nowMs();
  if (record.answer) return record.answer.decision === decision ? { ok: true, record } : { ok: false, reason: 'answered', record };
  if (now >= record.expiresAt) return { ok: false, reason: 'expired', record };
  let deviceId: string | null = null;
  if (decision === 'allow') {
    const existing = [...store.batteryDevices.values()].find((d) => d.accountUuid === record.accountUuid && d.maker === record.maker);
    const device: BatteryDeviceRecord = existing ?? {
      id: randomUUID(),
      accountUuid: record.accountUuid,
      maker: record.maker,
      serialLast4: serialLast4(record.accountUuid, record.maker),
      connectedAt: now,
    };
    device.connectedAt = now;
    store.batteryDevices.set(device.id, device);
    deviceId = device.id;
  }
  record.answer = { decision, at: now, deviceId };
  return { ok: true, record };
}

/** The same battery for the same account and maker, run after run. */
function serialLast4(accountUuid: string, maker: BatteryMakerId): string {
  const random = seededRandom(hash(`battery-serial|${accountUuid}|${maker}`));
  return String(Math.floor(random() * 10_000)).padStart(4, '0');
}

/**
 * A believable state of charge for the hour: charging through the middle of the day (solar), drawn down in the
 * evening peak and overnight, with a little noise of its own per device and hour.
 */
function stateOfCharge(device: BatteryDeviceRecord, clock: Clock): number {
  const hourMs = 3_600_000;
  const hour = Math.floor(clock.nowMs() / hourMs);
  const local = wallTime(clock.nowMs()).hour;
  const curve = local < 7 ? 45 - local * 3 : local < 16 ? 24 + (local - 7) * 8 : Math.max(20, 96 - (local - 16) * 9);
  const noise = Math.round((seededRandom(hash(`${device.id}|${hour}`))() - 0.5) * 8);
  return Math.min(100, Math.max(5, Math.round(curve + noise)));
}

export function toDevice(device: BatteryDeviceRecord, clock: Clock): BatteryDevice {
  const maker = makerOf(device.maker);
  return {
    id: device.id,
    maker: device.maker,
    maker_name: maker.name,
    model: maker.model,
    capacity_kwh: maker.capacityKwh,
    serial_last4: device.serialLast4,
    status: 'connected',
    connected_at: new Date(device.connectedAt).toISOString(),
    state_of_charge_percent: stateOfCharge(device, clock),
  };
}

export function devicesOf(store: Store, accountUuid: string): BatteryDeviceRecord[] {
  return [...store.batteryDevices.values()].filter((d) => d.accountUuid === accountUuid).sort((a, b) => a.connectedAt - b.connectedAt);
}
