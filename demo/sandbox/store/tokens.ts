/**
 * Account, flow and app-login tokens. Lifetimes run on the sandbox clock, so advancing the clock by an hour expires
 * a flow link exactly as waiting would. Expired tokens are kept (not deleted) so that they answer 401
 * `token_expired`, which tells a client to fetch a fresh one, rather than `unauthorized`.
 */
import { randomBytes } from 'node:crypto';
import type { Clock } from '../clock.js';
import type { TokenKind, TokenRecord } from './types.js';

export const ACCOUNT_TOKEN_TTL_MS = 60 * 60 * 1000;
export const FLOW_TOKEN_TTL_MS = 60 * 60 * 1000;
export const APP_LOGIN_TTL_MS = 14 * 24 * 60 * 60 * 1000;

/** An app-login link's token is not an account token (http/auth.ts refuses it on the API): its own prefix says so. */
const PREFIX: Record<TokenKind, string> = { account: 'acct_', flow: 'flow_', app_login: 'applogin_' };

export type TokenLookup =
  | { state: 'valid'; record: TokenRecord }
  | { state: 'expired'; record: TokenRecord }
  | { state: 'unknown' };

export class TokenStore {
  readonly #clock: Clock;
  readonly #tokens = new Map<string, TokenRecord>();

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  issue(kind: TokenKind, fields: Omit<TokenRecord, 'token' | 'kind' | 'createdAt' | 'expiresAt'>, ttlMs: number): TokenRecord {
    const now = this.#clock.nowMs();
    const record: TokenRecord = {
      ...fields,
      token: PREFIX[kind] + randomBytes(24).toString('base64url'),
      kind,
      createdAt: now,
      expiresAt: now + ttlMs,
    };
    this.#tokens.set(record.token, record);
    return record;
  }

  lookup(token: string): TokenLookup {
    const record = this.#tokens.get(token);
    if (!record) return { state: 'unknown' };
    return record.expiresAt > this.#clock.nowMs() ? { state: 'valid', record } : { state: 'expired', record };
  }

  /** Expires every token of one account, or of all accounts: the fault injector's "forced token expiry". */
  expire(accountUuid?: string): number {
    const now = this.#clock.nowMs();
    let count = 0;
    for (const record of this.#tokens.values()) {
      if (accountUuid !== undefined && record.accountUuid !== accountUuid) continue;
      if (record.expiresAt > now) {
        record.expiresAt = now;
        count += 1;
      }
    }
    return count;
  }

  forAccount(accountUuid: string): TokenRecord[] {
    return [...this.#tokens.values()].filter((t) => t.accountUuid === accountUuid);
  }
}
