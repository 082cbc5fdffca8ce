/** Settings of the partner demo, read once from the environment `npm start` and Playwright pass to every process. */
import { topology } from '../../scripts/ports.js';

export interface PartnerConfig {
  port: number;
  /** This demo's own origin: the hosted flow's return URL lives here. */
  partnerUrl: string;
  /** The flow's origin: the only origin the page accepts messages from and may frame. */
  flowOrigin: string;
  /** The sandbox service: the backend calls its App endpoints; the page reads its public fixtures. */
  sandboxUrl: string;
  /** The long-lived App token. It stays in this process: never in a response, a page or a log line. */
  appToken: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): PartnerConfig {
  const t = topology(env);
  const appToken = env.SANDBOX_APP_TOKEN?.trim();
  if (!appToken) {
    throw new Error('SANDBOX_APP_TOKEN is not set: start the demo with `npm start`, or set it to the App token the sandbox accepts.');
  }
  return {
    port: t.partnerPort,
    partnerUrl: stripSlash(t.partnerUrl),
    flowOrigin: new URL(t.flowUrl).origin,
    sandboxUrl: stripSlash(t.sandboxUrl),
    appToken,
  };
}

function stripSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
