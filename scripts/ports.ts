/** The three local origins (DESIGN §2), from SANDBOX_PORT, FLOW_PORT and PARTNER_PORT. */
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
    SANDBOX_ALLOWED_ORIGINS: process.env.SANDBOX_ALLOWED_ORIGINS ?? t.partnerUrl,
  };
}
