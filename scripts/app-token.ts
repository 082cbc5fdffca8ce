/**
 * The sandbox App token, stable across restarts: `SANDBOX_APP_TOKEN` when set; else the one kept in
 * `.sandbox/app-token` (git-ignored, readable by the partner's own backend on the same machine), generated there the
 * first time. It is printed at start and never served over HTTP: the flow's dev server denies `.sandbox/`
 * (vite.config.ts), the partner demo serves only its own public files, and the sandbox serves no files.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

export const APP_TOKEN_FILE = resolve(import.meta.dirname, '..', '.sandbox', 'app-token');

const USABLE = /^[A-Za-z0-9_-]{16,200}$/;

export interface AppToken {
  token: string;
  /** Where it came from: the environment, the file, or made now (and written to the file). */
  source: 'env' | 'file' | 'new';
  file: string;
}

export function sandboxAppToken(env: Record<string, string | undefined> = process.env, file = APP_TOKEN_FILE): AppToken {
  const fromEnv = env.SANDBOX_APP_TOKEN?.trim();
  if (fromEnv) return { token: fromEnv, source: 'env', file };
  let kept: string | undefined;
  try {
    kept = readFileSync(file, 'utf8').trim();
  } catch {
    // Not there yet: made below.
  }
  if (kept && USABLE.test(kept)) return { token: kept, source: 'file', file };
  const token = `sandbox_app_${randomBytes(16).toString('hex')}`;
  mkdirSync(dirname(file), { recursive: true });
  // Owner-only: it is a credential, even if only the sandbox's.
  writeFileSync(file, `${token}\n`, { mode: 0o600 });
  return { token, source: 'new', file };
}
