/**
 * Reads Vite's build manifest to tell which built files each part of the flow needs: the first step (the entry,
 * its static imports and the address step with its imports) and each later step's own chunk.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export function readManifest(dist: string): Manifest {
  return JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** Files a manifest key needs when loaded: itself and its static imports, transitively. */
export function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return seen;
  seen.add(key);
  for (const dep of chunk.imports ?? []) staticClosure(manifest, dep, seen);
  return seen;
}

export function stepOf(src: string | undefined): string | undefined {
  return src ? /src\/steps\/([^/]+)\//.exec(src)?.[1] : undefined;
}

/** The page's first script (its early requests), an entry of its own that index.html loads before the flow's code. */
const EARLY = 'src/early.ts';

/** The manifest key of the flow's code index.html loads (the manifest may list it under its chunk group's name). */
export function entryKey(dist: string, manifest: Manifest = readManifest(dist)): string | undefined {
  const named = Object.keys(manifest).find((k) => k !== EARLY && manifest[k]?.isEntry);
  if (named) return named;
  const srcs = [...readFileSync(join(dist, 'index.html'), 'utf8').matchAll(/<script type="module"[^>]*\ssrc="\/?([^"]+)"/g)].map((m) => m[1]);
  return Object.keys(manifest).find((k) => k !== EARLY && srcs.includes(manifest[k]?.file));
}

/** The JavaScript files of the first step: the page's two scripts, their static imports, and the address step's. */
export function firstStepFiles(dist: string): string[] {
  const manifest = readManifest(dist);
  const entry = entryKey(dist, manifest);
  if (!entry) throw new Error('No entry in the Vite manifest');
  const keys = staticClosure(manifest, entry);
  if (manifest[EARLY]) staticClosure(manifest, EARLY, keys);
  // The first step's own module: a chunk of its own, or (scripts/chunks.ts `firstScreenGroup`) inside the entry's.
  // Not the address step's later views (address-views.ts, a chunk of their own), which load after the form is up.
  const address = 'src/steps/address/address.ts';
  if (manifest[address]) staticClosure(manifest, address, keys);
  return [...keys].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
}

const gzipSize = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;

export function chunkReport(dist: string) {
  const manifest = readManifest(dist);
  const stepByFile = new Map(Object.values(manifest).map((c) => [c.file, stepOf(c.src)]));
  const files = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js') || f.endsWith('.css'));
  const chunks = files.map((f) => ({ file: `assets/${f}`, gzip: gzipSize(join(dist, 'assets', f)), step: stepByFile.get(`assets/${f}`) }));
  chunks.sort((a, b) => b.gzip - a.gzip);
  const firstStepGzip = firstStepFiles(dist).reduce((sum, f) => sum + gzipSize(join(dist, f)), 0);
  const totalJsGzip = chunks.filter((c) => c.file.endsWith('.js')).reduce((sum, c) => sum + c.gzip, 0);
  return { chunks, firstStepGzip, totalJsGzip };
}

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[]; dynamicallyImportedIds?: readonly string[] } | null;
}

/**
 * A `build.rolldownOptions.output.codeSplitting` group name function for the first screen of every scope:
 * - `core`: the entry's static closure — Lit, the root (the flow engine), the API client, the shared step code and
 *   styles, and the scope of a first visit (enrollment) with its first step — the chunk index.html loads;
 * - one chunk per other scope, named after it: the scope's declaration and its first step, i.e. the static closure
 *   of the declaration's module less the core and less what another scope's closure also holds (left to the other
 *   groups), which the root loads once the session names the scope (flow/scopes.ts). Nor what the core loads
 *   lazily (enrollment's later steps, with their static imports) also holds: a scope's first step may reuse one of
 *   those steps' modules (update-payment-method's card on file is enrollment's), and owning it would make that
 *   enrollment step load the whole scope chunk too.
 * Each compresses as a whole instead of a dozen small files that each start gzip's dictionary from nothing.
 * Lazily loaded modules (dynamic imports) are never pulled in. Why enrollment is in the core: docs/architecture.md,
 * "Size budgets".
 *
 * @param entry Absolute id of the entry module.
 * @param scopes Each scope's name and the absolute id of its declaration's module.
 */
/** What `entry` loads at some point, static and dynamic imports alike, short of the other scopes' declarations. */
function lazyClosure(graph: ModuleGraph, entry: string, scopeRoots: ReadonlySet<string>): Set<string> {
  const seen = new Set<string>();
  const stack = [entry];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id) || scopeRoots.has(id)) continue;
    seen.add(id);
    const info = graph.getModuleInfo(id);
    stack.push(...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? []));
  }
  return seen;
}

export function firstScreenGroups(entry: string, scopes: Readonly<Record<string, string>>) {
  const memo = new WeakMap<ModuleGraph, Map<string, string>>();
  const closure = (graph: ModuleGraph, root: string): Set<string> => {
    const seen = new Set<string>();
    const stack = [root];
    while (stack.length) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
    }
    return seen;
  };
  const groupsOf = (graph: ModuleGraph): Map<string, string> => {
    let groups = memo.get(graph);
    if (groups) return groups;
    groups = new Map([...closure(graph, entry)].map((id) => [id, 'core']));
    const lazyCore = lazyClosure(graph, entry, new Set(Object.values(scopes)));
    const owners = new Map<string, string[]>();
    for (const [name, root] of Object.entries(scopes)) {
      for (const id of closure(graph, root)) if (!groups.has(id) && !lazyCore.has(id)) owners.set(id, [...(owners.get(id) ?? []), name]);
    }
    for (const [id, names] of owners) if (names.length === 1) groups.set(id, names[0]!);
    memo.set(graph, groups);
    return groups;
  };
  return (id: string, graph: ModuleGraph): string | null => groupsOf(graph).get(id) ?? null;
}

