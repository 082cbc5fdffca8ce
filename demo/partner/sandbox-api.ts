/**
 * The partner backend's calls to the service's App endpoints (and, in the sandbox, its account presets). Only this
 * module sees the App token; the browser talks to the partner backend, never to `/v1/app/*` or the controls.
 */
import type { CreateAccountRequest, CreatedAccount, FlowLogin, FlowLoginRequest, Locale } from '../../src/api/types.js';

export type { FlowLogin, FlowLoginRequest };

/** The service answered with an error: the partner backend passes status, body and Retry-After through unchanged. */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly retryAfter: string | null,
  ) {
    super(`service answered ${status}`);
  }
}

/** The service could not be reached at all (down, refused, timed out). */
export class ServiceUnreachable extends Error {}

export interface ServiceApi {
  createAccount(body: CreateAccountRequest): Promise<{ accountUuid: string }>;
  /** Sandbox only: a new account already in the state of a preset (POST /__sandbox/accounts). */
  createPresetAccount(preset: string, locale: Locale): Promise<{ accountUuid: string }>;
  recordClientAgent(accountUuid: string): Promise<void>;
  flowLogin(accountUuid: string, body: FlowLoginRequest): Promise<FlowLogin>;
}

const TIMEOUT_MS = 15_000;

/** The service's API for the demo's backend; each request gives up after `timeoutMs` (headers and body). */
export function serviceApi(baseUrl: string, appToken: string, fetchImpl: typeof fetch = fetch, timeoutMs = TIMEOUT_MS): ServiceApi {
  async function post<T>(path: string, body: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetchImpl(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${appToken}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (cause) {
      throw new ServiceUnreachable(`the service at ${baseUrl} could not be reached`, { cause });
    }
    let text: string;
    try {
      text = await res.text();
    } catch (cause) {
      throw new ServiceUnreachable(`the service at ${baseUrl} stopped answering`, { cause });
    }
    const parsed = parseJson(text);
    if (!res.ok) throw new ServiceError(res.status, parsed ?? text, res.headers.get('retry-after'));
    if (parsed === null || typeof parsed !== 'object') throw new ServiceUnreachable(`the service at ${baseUrl} answered ${res.status} without JSON`);
    return parsed as T;
  }

  return {
    async createAccount(body) {
      // The created account carries an account token too; it is deliberately dropped here, since the flow
      // gets its own scoped token from flow-login and the browser needs neither.
      const account = await post<CreatedAccount>('/v1/app/accounts', body);
      return { accountUuid: account.account_uuid ?? account.uuid };
    },
    async createPresetAccount(preset, locale) {
      // Its account token is dropped too; the body holds the invented customer, who stays in this function.
      const created = await post<{ uuid: string }>('/__sandbox/accounts', { preset, locale });
      return { accountUuid: created.uuid };
    },
    async recordClientAgent(accountUuid) {
      await post(`/v1/app/accounts/${encodeURIComponent(accountUuid)}/record-client-agent`, {});
    },
    flowLogin(accountUuid, body) {
      return post<FlowLogin>(`/v1/app/accounts/${encodeURIComponent(accountUuid)}/flow-login`, body);
    },
  };
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
