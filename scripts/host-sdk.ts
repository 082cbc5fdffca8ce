/**
 * Whether the host SDK's build (dist/host, `npm run build:host`) must be made again: the partner demo serves it at
 * /sdk/ for its modal, so `npm start` builds it when it is missing or older than its sources (the end-to-end setup
 * always builds it, as it always builds the flow: playwright.config.ts).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What the build reads: the SDK, the React binding, the message types they share, and the build's own config. */
const SOURCES = ['src/host', 'src/react', 'src/bridge', 'vite.host.config.ts', 'tsconfig.host.json'];
/** What the partner demo serves, and what the size budgets measure. */
const OUTPUTS = ['service-flow.js', 'service-flow.iife.js', 'react.js'];

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

/** Why the build is stale ("missing", "older than src/host"), or null when it is up to date. */
export function hostSdkIsStale(root = process.cwd()): string | null {
  const outputs = OUTPUTS.map((f) => join(root, 'dist/host', f));
  if (outputs.some((f) => !existsSync(f))) return 'missing';
  const built = Math.min(...outputs.map((f) => statSync(f).mtimeMs));
  const changed = SOURCES.find((s) => newest(join(root, s)) > built);
  return changed ? `older than ${changed}` : null;
}

