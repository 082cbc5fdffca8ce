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

export function firstStepFiles(dist: string): string[] {
  const manifest = readManifest(dist);
  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entry) throw new Error('No entry in the Vite manifest');
  const keys = staticClosure(manifest, entry);
  const address = Object.keys(manifest).find((k) => stepOf(manifest[k]?.src) === 'address' && manifest[k]?.isDynamicEntry);
  if (address) staticClosure(manifest, address, keys);
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
