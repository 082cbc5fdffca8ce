/**
 * The three local origins (sandbox http://localhost:4010, flow :5173, partner demo :5174; README.md, "Configuration"),
 * from SANDBOX_PORT, FLOW_PORT and PARTNER_PORT, or SANDBOX_URL, FLOW_URL and PARTNER_URL when they are set.
 */
export interface Topology {
  sandboxPort: number;
  flowPort: number;
  partnerPort: number;
  sandboxUrl: string;
  flowUrl: string;
  partnerUrl: string;
}

export function topology(env: NodeJS.ProcessEnv = process.env): Topology {
  const sandboxPort = Number(env.SANDBOX_PORT ?? 4010);
  const flowPort = Number(env.FLOW_PORT ?? 5173);
  const partnerPort = Number(env.PARTNER_PORT ?? 5174);
  return {
    sandboxPort,
    flowPort,
    partnerPort,
    sandboxUrl: env.SANDBOX_URL ?? `http://localhost:${sandboxPort}`,
    flowUrl: env.FLOW_URL ?? `http://localhost:${flowPort}`,
    partnerUrl: env.PARTNER_URL ?? `http://localhost:${partnerPort}`,
  };
}

/**
 * The sandbox App's allowed parent origins: the partner demo's origin (PARTNER_URL, else localhost:PARTNER_PORT),
 * plus the origins of `SANDBOX_ALLOWED_ORIGINS` (comma-separated: the partner's own app), which add to it. The
 * sandbox (CORS, the flow session's `allowed_parent_origins`, so the flow's framing check and message targets) and
 * the flow's `frame-ancestors` (scripts/flow-headers.ts) all use this one list. Each entry is written as its origin
 * (`http://localhost:3000/` → `http://localhost:3000`); one that is not an http(s) origin is an error naming its
 * variable (exactOrigin), since origins compare exactly and a wildcard would match no page, or every one.
 */
export function allowedOriginsFrom(env: Record<string, string | undefined> = process.env): string[] {
  const partner = exactOrigin(env.PARTNER_URL ?? `http://localhost:${env.PARTNER_PORT ?? 5174}`, env.PARTNER_URL ? 'PARTNER_URL' : 'PARTNER_PORT');
  const extra = (env.SANDBOX_ALLOWED_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean).map((o) => exactOrigin(o, 'SANDBOX_ALLOWED_ORIGINS'));
  return [...new Set([partner, ...extra])];
}

/**
 * One origin as written in `variable`: its scheme, host and port (`https://Bank.example:443/` → `https://bank.example`).
 * Anything else is an error naming the variable: a wildcard (`*`, `https://*.example`), a bare scheme (`https:`), a
 * host without a scheme, a keyword, or a `;`, which in `frame-ancestors` would start another directive. The URL
 * parser lets `*` and `;` into a host, so the origin is checked as well.
 */
export function exactOrigin(value: string, variable: string): string {
  let origin = 'null';
  try {
    origin = new URL(value).origin;
  } catch {
    // Not a URL: refused below.
  }
  if (!/^https?:\/\/([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(:\d+)?$/.test(origin)) {
    throw new Error(`${variable}: ${JSON.stringify(value)} is not an http(s) origin such as https://bank.example (origins are exact: no wildcard, keyword, bare scheme or host without its scheme)`);
  }
  return origin;
}

/** The environment every process of the topology is started with, so each knows the others. */
export function topologyEnv(t: Topology, appToken: string): Record<string, string> {
  return {
    SANDBOX_PORT: String(t.sandboxPort),
    FLOW_PORT: String(t.flowPort),
    PARTNER_PORT: String(t.partnerPort),
    SANDBOX_URL: t.sandboxUrl,
    FLOW_URL: t.flowUrl,
    PARTNER_URL: t.partnerUrl,
    SANDBOX_APP_TOKEN: appToken,
    // The partner demo is "Lone Star Bank": the flow's header shows the App's name, so they agree.
    SANDBOX_APP_NAME: process.env.SANDBOX_APP_NAME ?? 'Lone Star Bank',
    SANDBOX_ALLOWED_ORIGINS: allowedOriginsFrom({ ...process.env, PARTNER_URL: t.partnerUrl }).join(','),
  };
}
