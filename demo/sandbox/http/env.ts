/** Hono context variables the sandbox middlewares set for the handlers. */
import type { AccountRecord, App, TokenRecord } from '../store/types.js';

export type Auth =
  | { kind: 'app'; app: App }
  | { kind: 'account'; token: TokenRecord; account: AccountRecord };

export interface SandboxEnv {
  Variables: {
    auth: Auth;
    /** The account a request concerns (account token, or an App route's {account_uuid}); for its counters. */
    subjectAccount: AccountRecord;
  };
}
