/**
 * Reading the login link. The flow token is a bearer credential for an hour, so it leaves the address bar at once
 * (no history entry, no copy-paste, no `Referer` leak) and lives in memory. A copy goes to sessionStorage, which is
 * per tab and dies with the tab, only so that reloading the same tab resumes; it is dropped at expiry and on close.
 * Nothing else the user types is ever stored.
 */

export const SESSION_KEY = 'sf.flow-session';

/**
 * Where the page's early requests (its first script, src/early.ts) leave the session's GETs they sent
 * while this code loaded, each response's promise by URL, with the link they read (and took out of the address bar):
 * its path and query, the token's.
 */
export const EARLY_REQUESTS = 'sfEarly';
export interface EarlyRequests extends LocationLike {
  responses: Record<string, Promise<Response>>;
}
declare global {
  interface Window {
    [EARLY_REQUESTS]?: EarlyRequests;
  }
}

export type SessionStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * What the scope resumes from (ScopeDeclaration.resume): the query parameters a page the flow sent the customer to
 * adds on the way back (a battery maker's page, reached by navigating when no popup could open, returns with
 * `battery_authorization=<id>`), read and stripped from the address bar with the token and never stored (ids the
 * service checks: the flow reads them back through the API, not trusted as outcomes); and, on a reload, whether the
 * stored session's job was done (`done`).
 */
export const RETURN_PARAMS = ['battery_authorization'] as const;
export type Returned = Partial<Record<(typeof RETURN_PARAMS)[number], string>> & {
  /** A reload of a session that finished its scope's job (session-done.ts): it resumes on the done screen. */
  done?: boolean;
};

export interface Launch {
  token: string | null;
  /** `locale` of the link (`en`, `es`) when it had one. */
  locale: string | null;
  /** What a page the flow navigated to added on the way back (RETURN_PARAMS); empty on a plain link or reload. */
  returned: Returned;
}

/**
 * The tab's session. No end is kept: whether the token still works is the service's to say (its 401 token_expired:
 * "This link has expired", the same as for an expired link opened), not this device's clock, which may be wrong; the
 * entry goes when the flow closes, or with the tab.
 */
interface StoredSession {
  token: string;
  locale: string | null;
  /** The session finished its scope's job (session-done.ts); a flag, nothing the customer typed. */
  done?: boolean;
  /** The renewal plans whose acceptance the session sent (scopes/renewal/sent.ts): plan ids. */
  sent?: string[];
  /** The battery authorization whose maker's page is open (scopes/connect-battery/pending.ts): an id. */
  battery?: string;
  /** The card whose save was sent and not yet answered (steps/payment/pending-card.ts): the processor's id. */
  card?: string;
  /**
   * The enrollment write sent and not yet answered (steps/shared/sent-key.ts): which step's, and its Idempotency-Key
   * (random, never anything derived from what was sent).
   */
  write?: SentWrite;
}

/** The enrollment writes whose Idempotency-Key outlives a reload of the page (steps/shared/sent-key.ts). */
export interface SentWrite {
  step: 'plans' | 'identity' | 'credit' | 'review';
  key: string;
}

interface LocationLike {
  pathname: string;
  search: string;
}

interface HistoryLike {
  replaceState(data: unknown, unused: string, url?: string | URL | null): void;
}

/** sessionStorage, or null where the browser refuses it (privacy modes, some sandboxed frames). */
export function sessionStore(): SessionStore | null {
  try {
    const store = window.sessionStorage;
    store.getItem(SESSION_KEY);
    return store;
  } catch {
    return null;
  }
}

/** `/login` → `/`, `/flow/login` → `/flow/`: the page the app is served at, without the link's query. */
export function cleanPath(pathname: string): string {
  return pathname.replace(/\/login\/?$/, '/') || '/';
}

/**
 * Reads the link, strips the token from the address bar, and falls back to the tab's stored session on a reload.
 */
export function captureLaunch(
  location: LocationLike,
  history: HistoryLike,
  store: SessionStore | null,
): Launch {
  const params = new URLSearchParams(location.search);
  const token = params.get('token');
  const locale = params.get('locale');
  const returned: Returned = {};
  for (const name of RETURN_PARAMS) {
    const value = params.get(name);
    if (value) returned[name] = value;
  }

  // (A token, even an empty one, is in the query.)
  if (location.search) {
    history.replaceState(null, '', cleanPath(location.pathname));
  }

  if (token) {
    write(store, { token, locale });
    return { token, locale, returned };
  }

  const stored = storedSession(store);
  if (stored) return { token: stored.token, locale: locale ?? stored.locale, returned: stored.done ? { ...returned, done: true } : returned };
  return { token: null, locale, returned };
}

/**
 * Adds to the tab's stored session, if it is `token`'s (null: whichever it is): the language the customer chose, that
 * its scope's job was done (session-done.ts).
 */
export function remember(store: SessionStore | null, token: string | null, what: Partial<Omit<StoredSession, 'token'>>): void {
  const stored = storedSession(store);
  if (stored && (!token || stored.token === token)) write(store, { ...stored, ...what });
}

export function forgetSession(store: SessionStore | null): void {
  try {
    store?.removeItem(SESSION_KEY);
  } catch {
    // Storage went away; nothing to clean.
  }
}

/** The tab's stored session, or null (none, not this flow's, or unreadable: then dropped). */
export function storedSession(store: SessionStore | null): StoredSession | null {
  if (!store) return null;
  let value: Partial<StoredSession> | null = null;
  try {
    value = JSON.parse(store.getItem(SESSION_KEY) ?? 'null') as Partial<StoredSession> | null;
  } catch {
    // Not JSON: left null, and dropped below.
  }
  if (!value || typeof value.token !== 'string' || !value.token) {
    if (value) forgetSession(store);
    return null;
  }
  return { ...value, token: value.token, locale: value.locale ?? null };
}

function write(store: SessionStore | null, value: StoredSession): void {
  try {
    store?.setItem(SESSION_KEY, JSON.stringify(value));
  } catch {
    // Quota or privacy mode: the session still works, it just will not survive a reload.
  }
}

/**
 * Takes the early requests off the page (the link with its token leaves the global at once): the link to launch
 * from (captureLaunch: its token is the one their requests carry) and their responses; nothing when the page sent
 * none (no token in the link), and the flow asks itself.
 */
export function takeEarlyRequests(win: Pick<Window, typeof EARLY_REQUESTS>): EarlyRequests | undefined {
  const early = win[EARLY_REQUESTS];
  delete win[EARLY_REQUESTS];
  return early;
}
