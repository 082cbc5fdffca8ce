/**
 * 405 `method_not_allowed` (docs/api-decisions.md): a path that exists, asked with a method it does not offer, is
 * answered before anything else looks at the request — authentication, flow scopes, rate limits, the body — so the
 * answer is the same whatever the token (a flow token calling PATCH /v1/account/flow gets 405, not 403).
 *
 * Which path a request is for follows OpenAPI's rule rather than the router's registration order: a concrete path
 * wins over a templated one, segment by segment. So `GET /v1/app/accounts/events` is the events path asked with the
 * wrong method (405, `Allow: POST`), not an account whose uuid is "events" (which would be 404).
 */
import type { MiddlewareHandler } from 'hono';
import { fail } from './errors.js';

interface PathPattern {
  path: string;
  regex: RegExp;
  /** Per segment: 2 for a literal, 1 for a parameter, 0 for a wildcard; compared left to right. */
  rank: number[];
  methods: Set<string>;
}

function compile(path: string): Omit<PathPattern, 'methods'> {
  const rank: number[] = [];
  const source = path
    .split('/')
    .slice(1)
    .map((segment) => {
      if (segment === '*') {
        rank.push(0);
        return '(?:/.*)?';
      }
      const param = /^:\w+(?:\{(.+)\})?$/.exec(segment);
      if (param) {
        rank.push(1);
        return `/(?:${param[1] ?? '[^/]+'})`;
      }
      rank.push(2);
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    })
    .join('');
  return { path, regex: new RegExp(`^${source || '/'}$`), rank };
}

function compareRank(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? -1) - (b[i] ?? -1);
    if (d !== 0) return d;
  }
  return 0;
}

/** The methods the most specific documented path matching `path` offers; undefined when no route matches it. */
function allowedMethods(patterns: readonly PathPattern[], path: string): Set<string> | undefined {
  let best: PathPattern[] = [];
  for (const pattern of patterns) {
    if (!pattern.regex.test(path)) continue;
    const order = best.length === 0 ? 1 : compareRank(pattern.rank, best[0]!.rank);
    if (order > 0) best = [pattern];
    else if (order === 0) best.push(pattern);
  }
  if (best.length === 0) return undefined;
  return new Set(best.flatMap((p) => [...p.methods]));
}

interface RouteTable {
  readonly routes: ReadonlyArray<{ readonly method: string; readonly path: string }>;
}

function patternsOf(app: RouteTable): PathPattern[] {
  const byPath = new Map<string, PathPattern>();
  for (const route of app.routes) {
    // Middlewares (app.use) register as ALL; they are not routes of a path.
    if (route.method === 'ALL') continue;
    let pattern = byPath.get(route.path);
    if (!pattern) byPath.set(route.path, (pattern = { ...compile(route.path), methods: new Set() }));
    pattern.methods.add(route.method);
    if (route.method === 'GET') pattern.methods.add('HEAD');
  }
  return [...byPath.values()];
}

/** `app`: the sandbox's Hono app; its route table is read at the first request (routes come after middlewares). */
export function methodNotAllowed(app: RouteTable): MiddlewareHandler {
  let patterns: PathPattern[] = [];
  let known = -1;
  return async (c, next) => {
    // Recompiled when routes were added since (tests add routes to a running app).
    if (known !== app.routes.length) {
      patterns = patternsOf(app);
      known = app.routes.length;
    }
    const allowed = allowedMethods(patterns, c.req.path);
    // OPTIONS (CORS preflights) is answered by the CORS middleware before this one.
    if (allowed && !allowed.has(c.req.method)) return fail.methodNotAllowed(c.req.method, [...allowed]).toResponse();
    return next();
  };
}
