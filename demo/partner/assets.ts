/**
 * The demo's static files. Page scripts are written in TypeScript (demo/partner/client, type-checked with the rest
 * of the project) and served as JavaScript, transpiled on first request with the project's own TypeScript, so the
 * demo needs no build step and no extra dependency.
 */
import { readFile, stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const PUBLIC_DIR = fileURLToPath(new URL('./public/', import.meta.url));
const CLIENT_DIR = fileURLToPath(new URL('./client/', import.meta.url));
/** The host SDK as `npm run build` (or `npm run build:host`) leaves it: served at /sdk/ for a page to load. */
const HOST_SDK_DIR = fileURLToPath(new URL('../../dist/host/', import.meta.url));
const HOST_SDK_NAME = /^[a-z-]+(\.iife)?\.js$/;

// Names are matched against a strict pattern before touching the disk, which rules out path traversal.
const ASSET_NAME = /^[a-z0-9-]+\.(css|svg)$/;
const SCRIPT_NAME = /^[a-z0-9-]+\.js$/;
const TYPES: Record<string, string> = { css: 'text/css; charset=utf-8', svg: 'image/svg+xml' };

export interface Asset {
  body: string;
  type: string;
}

export async function page(name: 'index' | 'return'): Promise<string> {
  return readFile(join(PUBLIC_DIR, `${name}.html`), 'utf8');
}

export async function staticAsset(name: string): Promise<Asset | null> {
  const match = ASSET_NAME.exec(name);
  if (!match) return null;
  const body = await readFile(join(PUBLIC_DIR, name), 'utf8').catch(() => null);
  return body === null ? null : { body, type: TYPES[match[1] as string] ?? 'application/octet-stream' };
}

/** A file of the host SDK's build (dist/host), or null when the name is not one or it is not built. */
export async function hostSdkScript(name: string): Promise<string | null> {
  if (!HOST_SDK_NAME.test(name)) return null;
  return readFile(join(HOST_SDK_DIR, name), 'utf8').catch(() => null);
}

type TypeScript = typeof import('typescript');
let typescript: Promise<TypeScript> | undefined;
const compiled = new Map<string, { mtimeMs: number; code: string }>();

/** Loading the compiler takes about a second; starting it early keeps the first page load quick. */
export function warmUpScripts(): void {
  void loadTypeScript().catch(() => undefined);
}

export async function clientScript(name: string): Promise<string | null> {
  if (!SCRIPT_NAME.test(name)) return null;
  const file = join(CLIENT_DIR, name.replace(/\.js$/, '.ts'));
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return null;
  // Recompiling when the source changes lets someone edit the demo without restarting `npm start`.
  const cached = compiled.get(file);
  if (cached && cached.mtimeMs === info.mtimeMs) return cached.code;
  const ts = await loadTypeScript();
  const source = await readFile(file, 'utf8');
  const { outputText } = ts.transpileModule(source, {
    fileName: file,
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, sourceMap: false, removeComments: false },
  });
  compiled.set(file, { mtimeMs: info.mtimeMs, code: outputText });
  return outputText;
}

function loadTypeScript(): Promise<TypeScript> {
  typescript ??= import('typescript').then((m) => ((m as { default?: TypeScript }).default ?? m) as TypeScript);
  return typescript;
}
