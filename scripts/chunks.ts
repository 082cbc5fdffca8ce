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

/** The manifest key of the chunk index.html loads (the manifest may list it under its chunk group's name). */
export function entryKey(dist: string, manifest: Manifest = readManifest(dist)): string | undefined {
  const named = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (named) return named;
  const src = /<script type="module"[^>]*\ssrc="\/?([^"]+)"/.exec(readFileSync(join(dist, 'index.html'), 'utf8'))?.[1];
  return Object.keys(manifest).find((k) => manifest[k]?.file === src);
}

export function firstStepFiles(dist: string): string[] {
  const manifest = readManifest(dist);
  const entry = entryKey(dist, manifest);
  if (!entry) throw new Error('No entry in the Vite manifest');
  const keys = staticClosure(manifest, entry);
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
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/**
 * A `build.rolldownOptions.output.codeSplitting` group name function: everything the first screen needs — Lit, the
 * root, the API client, the shared step code and styles, and the first step itself — goes into one `core` chunk,
 * the one index.html loads, so the first screen downloads one file that compresses as a whole instead of a dozen
 * small ones that each start gzip's dictionary from nothing: about 1 KB less for the first step alone than in a
 * chunk of its own. The price: a session that resumes at a later step also downloads the first step's form (about 2 KB gzip).
 * Modules only later steps use are left to the other groups and the automatic chunking, and lazily loaded modules
 * (dynamic imports) are never pulled in.
 *
 * @param roots Absolute ids of the entry module and the first step's module.
 */
export function firstScreenGroup(roots: readonly string[]) {
  const closures = new WeakMap<ModuleGraph, Set<string>>();
  const staticClosureOf = (graph: ModuleGraph): Set<string> => {
    let seen = closures.get(graph);
    if (seen) return seen;
    seen = new Set();
    const stack = [...roots];
    while (stack.length) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
    }
    closures.set(graph, seen);
    return seen;
  };
  // The entry module is in it too, so the core chunk is the one index.html loads: no separate entry file. Vite's
  // manifest then lists that chunk as `_core-….js` rather than `index.html` (see entryKey).
  return (id: string, graph: ModuleGraph): string | null => (staticClosureOf(graph).has(id) ? 'core' : null);
}
