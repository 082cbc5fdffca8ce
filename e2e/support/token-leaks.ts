/**
 * Finding a flow token where it must not be (issue #10, test 6: e2e/token.spec.ts).
 *
 * The network side reads Chromium's own net log (`--log-net-log`, `--net-log-capture-mode=IncludeSensitive`): every
 * request of every frame and process (cross-origin iframes, the Stripe.js emulator, CORS preflights, the hosted
 * redirect) with the headers as sent. Every string anywhere in it that holds the token must be one of two things:
 * - the login link itself, requested as the navigation that opens the flow (and the browser's bookkeeping of that one
 *   request: its stream job and its cache entry);
 * - the flow's own `Authorization: Bearer <token>` header, on a request to the service's API origin.
 * Anything else (a `Referer`, another URL, a cookie, another header, another origin) is a leak.
 *
 * The page side (storage, messages, URLs) is checked with `findToken` on a JSON-able snapshot.
 */

/** The parts of Chromium's net log export this reads. */
export interface NetLog {
  constants: { logEventTypes: Record<string, number> };
  events: Array<{ type: number; source?: { id: number }; params?: unknown }>;
}

export interface Leak {
  /** The net log event type (e.g. `HTTP_TRANSACTION_SEND_REQUEST_HEADERS`) or the snapshot path. */
  where: string;
  value: string;
}

/** The secret part of a flow token (`flow_…`): what is searched, so a copy without the prefix is found too. */
export function secretOf(token: string): string {
  const secret = token.replace(/^flow_/, '');
  if (secret.length < 16) throw new Error('token-leaks: that is not a flow token');
  return secret;
}

/** Every string in `value` (recursively) that contains the token's secret, with its path. */
export function findToken(value: unknown, token: string, path = '$'): Leak[] {
  const secret = secretOf(token);
  if (typeof value === 'string') return value.includes(secret) ? [{ where: path, value }] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => findToken(v, token, `${path}[${i}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => [...findToken(k, token, `${path} (key)`), ...findToken(v, token, `${path}.${k}`)]);
  return [];
}

/** Net log events that only record the one navigation to the login link (its connection job, its cache entry). */
const LOGIN_BOOKKEEPING = /^(URL_REQUEST_START_JOB|REQUEST_ALIVE|CORS_REQUEST|HTTP_TRANSACTION_SEND_REQUEST_HEADERS|HTTP_STREAM_JOB_CONTROLLER|HTTP_STREAM_JOB|URL_REQUEST_DELEGATE_.*|DISK_CACHE_.*|HTTP_CACHE_.*)$/;

export interface NetLogExpectation {
  token: string;
  /** The login link as the test opened it. */
  loginLink: string;
  /** The origin of the service's API, the only one the token may be sent to (as a Bearer token). */
  apiOrigin: string;
}

export interface NetLogFindings {
  leaks: Leak[];
  /** How many times the login link was requested as a navigation (a frame's or a tab's document). */
  loginNavigations: number;
  /** How many requests carried the token as `Authorization: Bearer` to the API origin (proof the log saw them). */
  bearerRequests: number;
}

export function netLogFindings(log: NetLog, expected: NetLogExpectation): NetLogFindings {
  const names = new Map(Object.entries(log.constants.logEventTypes).map(([name, id]) => [id, name]));
  const apiHost = new URL(expected.apiOrigin).host;
  const login = new URL(expected.loginLink);
  const loginPath = `${login.pathname}${login.search}`;
  const bearer = `authorization: bearer ${expected.token}`.toLowerCase();
  const findings: NetLogFindings = { leaks: [], loginNavigations: 0, bearerRequests: 0 };

  for (const event of log.events) {
    const type = names.get(event.type) ?? String(event.type);
    const hits = findToken(event.params, expected.token);
    if (!hits.length) continue;
    const params = (event.params ?? {}) as Record<string, unknown>;
    // Header lists as sent (HTTP_TRANSACTION_SEND_REQUEST_HEADERS) or as the page asked (CORS_REQUEST).
    const headers = headerList(params);
    // Where the request goes: its Host header as sent, or the URL of the request the page asked for (CORS_REQUEST).
    const host = headers?.find((h) => /^host:/i.test(h))?.replace(/^host:\s*/i, '') ?? hostOf(params.url);
    for (const hit of hits) {
      const isHeader = headers?.includes(hit.value) ?? false;
      if (isHeader) {
        const ok = hit.value.toLowerCase() === bearer && host === apiHost;
        if (ok && type === 'HTTP_TRANSACTION_SEND_REQUEST_HEADERS') findings.bearerRequests += 1;
        if (!ok) findings.leaks.push({ where: `${type} header`, value: hit.value });
        continue;
      }
      const isLoginLink =
        hit.value === expected.loginLink ||
        hit.value === `GET ${loginPath} HTTP/1.1\r\n` ||
        (/^DISK_CACHE_|^HTTP_CACHE_/.test(type) && hit.value.endsWith(` ${expected.loginLink}`));
      if (isLoginLink && LOGIN_BOOKKEEPING.test(type)) {
        if (type === 'URL_REQUEST_START_JOB' && /^(main[_ ]frame|sub[_ ]?frame)$/.test(String(params.request_type))) findings.loginNavigations += 1;
        else if (type === 'URL_REQUEST_START_JOB') findings.leaks.push({ where: `${type} (${String(params.request_type)}, not a navigation)`, value: hit.value });
        continue;
      }
      findings.leaks.push({ where: `${type} ${hit.where}`, value: hit.value });
    }
  }
  return findings;
}

function headerList(params: Record<string, unknown>): string[] | undefined {
  const direct = params.headers;
  if (Array.isArray(direct)) return direct.filter((h): h is string => typeof h === 'string');
  const nested = (params.request_headers as { headers?: unknown } | undefined)?.headers;
  if (Array.isArray(nested)) return nested.filter((h): h is string => typeof h === 'string');
  return undefined;
}

function hostOf(url: unknown): string | undefined {
  try {
    return typeof url === 'string' ? new URL(url).host : undefined;
  } catch {
    return undefined;
  }
}

/** The request headers as sent, of every request whose request line's path starts with `path` (e.g. `/return`). */
export function sentHeaders(log: NetLog, path: string): string[][] {
  const type = log.constants.logEventTypes.HTTP_TRANSACTION_SEND_REQUEST_HEADERS;
  return log.events
    .filter((e) => e.type === type)
    .map((e) => e.params as { line?: string; headers?: string[] })
    .filter((p) => (p.line ?? '').split(' ')[1]?.startsWith(path))
    .map((p) => p.headers ?? []);
}

/** The request line of every request sent (`GET /path HTTP/1.1`), preflights (`OPTIONS …`) included. */
export function sentLines(log: NetLog): string[] {
  const type = log.constants.logEventTypes.HTTP_TRANSACTION_SEND_REQUEST_HEADERS;
  return log.events.filter((e) => e.type === type).map((e) => ((e.params as { line?: string }).line ?? '').trim());
}
