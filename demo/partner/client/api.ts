/** Calls from the page to its own backend (never to the service's App endpoints) and to the sandbox's fixtures. */
import type { AddressFields, FieldProblem, FlowLink, FlowLinkBody, PartnerSettings } from './types.js';

export class PartnerApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fields: FieldProblem[],
    /** The account the request created before it failed (the backend's `Account-Uuid` header). */
    readonly accountUuid: string | null = null,
  ) {
    super(message);
  }
}

export async function fetchSettings(): Promise<PartnerSettings> {
  const res = await fetch('/api/config', { headers: { accept: 'application/json' } });
  if (!res.ok) throw new PartnerApiError(`The demo's settings could not be loaded (${res.status}).`, res.status, []);
  return (await res.json()) as PartnerSettings;
}

export async function requestFlowLink(body: FlowLinkBody, signal?: AbortSignal): Promise<FlowLink> {
  let res: Response;
  try {
    res = await fetch('/api/flow-link', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      ...(signal && { signal }),
    });
  } catch {
    throw new PartnerApiError('The demo backend could not be reached. Is `npm start` still running?', 0, []);
  }
  const data: unknown = await res.json().catch(() => null);
  if (res.ok) return data as FlowLink;
  throw toError(res.status, data, res.headers.get('retry-after'), res.headers.get('account-uuid'));
}

function toError(status: number, data: unknown, retryAfter: string | null, accountUuid: string | null = null): PartnerApiError {
  const detail = (data as { error?: { message?: unknown; fields?: unknown } } | null)?.error;
  const fields = Array.isArray(detail?.fields)
    ? (detail.fields as unknown[]).filter(isFieldProblem).map(({ field, message }) => ({ field, message }))
    : [];
  let message = typeof detail?.message === 'string' ? detail.message : `The request failed (${status}).`;
  if (status === 429) message = `The sandbox is rate limiting requests; try again in ${retryAfter ?? 'a few'} seconds.`;
  return new PartnerApiError(message, status, fields, accountUuid);
}

function isFieldProblem(value: unknown): value is FieldProblem {
  const v = value as Partial<FieldProblem> | null;
  return typeof v?.field === 'string' && typeof v.message === 'string';
}

export interface TestAddress {
  label: string;
  /** The utility whose territory it is in, to group the choices; empty when the fixture does not say. */
  group: string;
  address: AddressFields;
}

/**
 * The sandbox's fixtures (test addresses, account presets), read once by the page. The document belongs to the
 * sandbox and may change, so the readers below take it defensively; an unreachable sandbox just means no suggestions.
 */
export async function fetchFixtures(sandboxUrl: string): Promise<unknown> {
  try {
    const res = await fetch(`${sandboxUrl}/__sandbox/fixtures`, { headers: { accept: 'application/json' } });
    return res.ok ? ((await res.json()) as unknown) : null;
  } catch {
    return null;
  }
}

export interface AccountPreset {
  name: string;
  /** The status/status_reason the account starts in. */
  state: string;
  description: string;
  /** The flows (scopes) that have something to show on such an account. */
  scopes: string[];
}

/** The sandbox's account presets (fixtures.account_presets), or none. */
export function collectPresets(fixtures: unknown): AccountPreset[] {
  const list = (fixtures as { account_presets?: unknown } | null)?.account_presets;
  if (!Array.isArray(list)) return [];
  return list.flatMap((p: unknown) => {
    const v = p as { name?: unknown; status?: unknown; status_reason?: unknown; description?: unknown; scopes?: unknown } | null;
    if (typeof v?.name !== 'string' || typeof v.status !== 'string' || typeof v.status_reason !== 'string') return [];
    const scopes = Array.isArray(v.scopes) ? v.scopes.filter((x): x is string => typeof x === 'string') : [];
    return [{ name: v.name, state: `${v.status}/${v.status_reason}`, description: typeof v.description === 'string' ? v.description : '', scopes }];
  });
}

/** The sandbox's documented test addresses (any list of address-like objects, under any key), to prefill an address. */
export function collectAddresses(fixtures: unknown, limit = 100): TestAddress[] {
  const found: TestAddress[] = [];
  /** An address's place in `found`: an address with several meters is one choice (the prefill is an address). */
  const seen = new Map<string, number>();
  const visit = (node: unknown, depth: number): void => {
    if (found.length >= limit || depth > 4 || node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const item of node) visit(item, depth + 1);
      return;
    }
    const entry = asTestAddress(node as Record<string, unknown>);
    if (entry) {
      const a = entry.address;
      const key = `${a.address_1}|${a.address_2 ?? ''}|${a.postal_code}`.toLowerCase();
      const at = seen.get(key);
      if (at === undefined) {
        seen.set(key, found.length);
        found.push(entry);
      } else if (found[at]!.label !== entry.label) {
        // "Meter 1 of 2" and "Meter 2 of 2" prefill the same address: the customer picks the meter in the flow.
        found[at] = { ...found[at]!, label: `${lineOf(a)} (several meters: the flow asks which)` };
      }
      return;
    }
    for (const value of Object.values(node)) visit(value, depth + 1);
  };
  visit(fixtures, 0);
  return found;
}

function asTestAddress(obj: Record<string, unknown>): TestAddress | null {
  // An address may sit at the top of the entry or under `address`.
  const src = (typeof obj.address === 'object' && obj.address !== null ? obj.address : obj) as Record<string, unknown>;
  const address1 = str(src.address_1);
  const city = str(src.city);
  // Every sandbox premise is in Texas; a fixture may leave the state out.
  const state = str(src.state) ?? 'TX';
  const postal = str(src.postal_code);
  if (!address1 || !city || !postal) return null;
  const address2 = str(src.address_2);
  const address: AddressFields = { address_1: address1, city, state, postal_code: postal, ...(address2 && { address_2: address2 }) };
  const utility = obj.utility as { display_name?: unknown } | undefined;
  const notes = [str(obj.meter_description), humanize(str(obj.trigger)), str(obj.label) ?? str(obj.description) ?? str(obj.note)].filter(Boolean);
  const line = lineOf(address);
  return { label: notes.length > 0 ? `${line} (${notes.join('; ')})` : line, group: str(utility?.display_name) ?? '', address };
}

/** An address on one line, as the choice names it. */
function lineOf(a: AddressFields): string {
  return `${[a.address_1, a.address_2, a.city].filter(Boolean).join(', ')} ${a.postal_code}`;
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
}

/** `switch_hold` → `switch hold`: trigger codes read as words in a label. */
function humanize(code: string | undefined): string | undefined {
  return code?.replace(/_/g, ' ');
}
