/**
 * The page's early requests: what the flow page's first script (src/early.ts, an entry of its own that index.html
 * lists before the flow's code) does as soon as it has arrived, while the core chunk still downloads. It sends the
 * session's two GETs — `/v1/account/flow`, and at top level `/v1/account` (in a frame the account is read only once
 * the session allowed the parent) — with exactly the API client's headers and fetch options, and leaves their
 * promises with the link they were sent for (its path and query, the token's) on `window.sfEarly`, where the core
 * takes them (`takeEarlyRequests`, bootstrap.ts), launches from that link and its client answers the first GET of
 * each URL with them. Before any of it, the token leaves the address bar (`history.replaceState`), as soon as the
 * page's first script runs rather than once the core has arrived. Nothing is sent, and the address bar is left to the
 * core, without a token in the link: a reload resumes from the tab's stored session through the client.
 *
 * A link that asks for a language the flow speaks besides English (`&locale=es`) also loads the localization runtime
 * with the first screen's strings (src/i18n/runtime.ts), so that it downloads with the core instead of after it (the
 * flow's own `import()` of it then finds it loaded). It only configures @lit/localize; the flow switches language.
 *
 * This module imports nothing the core imports, so that its entry is one small file of its own: the names it shares
 * with the core (`sfEarly`, the target locales) are checked equal by test/flow/early-requests.test.ts.
 */
import type { EarlyRequests } from './bootstrap.js';

/** Where the requests are left for the core (bootstrap.ts `EARLY_REQUESTS`). */
const EARLY_REQUESTS = 'sfEarly';

/** The languages besides English whose links load the localization runtime early (i18n/localization.ts `LOCALES`). */
export const EARLY_LOCALES: readonly string[] = ['es'];

type EarlyWindow = Pick<Window, 'location' | 'history' | 'fetch' | 'parent'> & { [EARLY_REQUESTS]?: EarlyRequests };

/**
 * Sends the early requests of the page `win` for the service at `serviceUrl` (its base URL, no trailing slash);
 * `loadRuntime` loads the localization runtime (the page's: an `import()` of it).
 */
export function sendEarlyRequests(win: EarlyWindow, serviceUrl: string, loadRuntime: () => Promise<unknown>): void {
  const { pathname, search } = win.location;
  const query = new URLSearchParams(search);
  const token = query.get('token');
  if (!token) return;
  // The token leaves the address bar before anything else, not once the core has arrived (seconds later on a slow
  // network, or never): the core reads the link from what is left to it here (main.ts).
  win.history.replaceState(null, '', pathname);
  const init: RequestInit = {
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    credentials: 'omit',
    cache: 'no-store',
    referrerPolicy: 'no-referrer',
  };
  const responses: Record<string, Promise<Response>> = {};
  const get = (path: string) => {
    const url = serviceUrl + path;
    // A failure is the flow's to report (its client retries); the page itself leaves no unhandled rejection.
    (responses[url] = win.fetch(url, init)).catch(() => {});
  };
  get('/v1/account/flow');
  if (win.parent === win) get('/v1/account');
  win[EARLY_REQUESTS] = { responses, pathname, search };

  // `es`, `es-MX`, `ES_us` → `es` (as the flow reads it: normalizeLocale, i18n/localization.ts); `[a-z]*` always
  // matches, if only the empty string.
  if (EARLY_LOCALES.includes(/^\s*([a-z]*)/i.exec(query.get('locale') ?? '')![1]!.toLowerCase())) void loadRuntime().catch(() => {});
}
