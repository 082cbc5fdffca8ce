/**
 * Size budgets of the flow, on the production build (`vite build` → dist/flow, gzip).
 *
 * The file lists come from Vite's manifest (`build.manifest: true` → dist/flow/.vite/manifest.json), so they follow
 * the real chunk graph instead of guessing from hashed file names:
 * - first step: the page's first script (src/early.ts, its early requests), the entry chunk of index.html and
 *   everything they import statically, plus the address step's chunk
 *   and its own static imports — all the JavaScript needed before the user can type an address: ≤ 20 KB (the build
 *   may put the address step into the entry's own chunks, scripts/chunks.ts; then its element must be defined there);
 * - each later step (and every other lazy chunk: the status screens, the Spanish strings): what loading it adds to
 *   what the first step already loaded: ≤ 10 KB;
 * - all flow JavaScript: ≤ 55 KB.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const OUT = 'dist/flow';
const FIRST_STEP = 'src/steps/address/address.ts';
const FIRST_STEP_TAG = 'sf-step-address';

const manifestPath = [join(OUT, '.vite', 'manifest.json'), join(OUT, 'manifest.json')].find((p) => existsSync(p));
if (!manifestPath) {
  throw new Error(`size-limit: ${OUT}/.vite/manifest.json is missing. Build first (npm run build) with build.manifest: true in vite.config.ts.`);
}
/** @type {Record<string, { file: string, isEntry?: boolean, isDynamicEntry?: boolean, imports?: string[] }>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

/** A chunk and its static imports, transitively (what the browser must fetch before the chunk runs). */
function closure(key, seen = new Set()) {
  if (!manifest[key] || seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) closure(dep, seen);
  return seen;
}

const js = (keys) => [...keys].map((k) => join(OUT, manifest[k].file)).filter((f) => f.endsWith('.js'));

/**
 * The chunk index.html loads. Vite's manifest names it `index.html` unless the entry module lives in a chunk group
 * (scripts/chunks.ts), which the manifest then lists under the group's name: the page itself says which file it is.
 */
function entryKey() {
  const named = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith('index.html'));
  if (named) return named;
  const srcs = [...readFileSync(join(OUT, 'index.html'), 'utf8').matchAll(/<script type="module"[^>]*\ssrc="\/?([^"]+)"/g)].map((m) => m[1]);
  // Not the page's first script (its early requests, src/early.ts): the flow's code.
  return Object.keys(manifest).find((k) => k !== 'src/early.ts' && srcs.includes(manifest[k].file));
}
const entry = entryKey();
if (!entry) throw new Error('size-limit: cannot tell which chunk index.html loads');
/** The page's first script (its early requests), an entry of its own that index.html loads before the flow's code. */
const EARLY = 'src/early.ts';
if (!manifest[EARLY]) throw new Error(`size-limit: ${EARLY} is not an entry of the build`);
/** What every page loads before any step: the page's two scripts and their static imports. */
const page = new Set([...closure(entry), ...closure(EARLY)]);

const firstStep = new Set([...page, ...closure(FIRST_STEP)]);
// Bundled with the entry rather than in a chunk of its own: then the entry's files must define its element.
if (!manifest[FIRST_STEP] && !js(firstStep).some((f) => readFileSync(f, 'utf8').includes(FIRST_STEP_TAG))) {
  throw new Error(`size-limit: ${FIRST_STEP} is neither a chunk of the build nor part of the entry's files`);
}

/** Chunks whose entry module is not a step's own: what they hold. */
const LABELS = {
  // The Spanish strings after the first screen's, fetched by the Spanish runtime at once.
  'src/i18n/locales/later/es.ts': 'Lazy chunk: the Spanish strings after the first screen\'s',
  // The address step's views after its form (the meter choice, the confirmation, the searches).
  'src/steps/address/address-views.ts': 'Step chunk: address, the views after the form',
};

/** `src/steps/identity/identity.ts` → "Step chunk: identity"; other lazy modules by path (`i18n/runtime.ts`). */
const label = (key) => {
  const m = /^src\/steps\/([^/]+)\/([^/]+)\.ts$/.exec(key);
  const group = /^_(\w+)-[\w-]+\.js$/.exec(key);
  if (group) return `Lazy chunk: ${group[1]} (chunk group, vite.config.ts)`;
  return LABELS[key] ?? (m && m[1] === m[2] ? `Step chunk: ${m[1]}` : `Lazy chunk: ${key.replace(/^src\//, '')}`);
};

/**
 * The first screen of each other scope: the entry's files and the scope's own chunk (its declaration and first step,
 * the `firstScreenGroups` of vite.config.ts, listed by the manifest as `_<scope>-….js`), with its static imports.
 */
const ACCOUNT_SCOPES = ['update-payment-method', 'documents', 'billing', 'renewal', 'connect-battery'];
const scopeChunks = ACCOUNT_SCOPES.flatMap((scope) => {
  const key = Object.keys(manifest).find((k) => k.startsWith(`_${scope}-`) && k.endsWith('.js'));
  return key ? [{ scope, key, screen: new Set([...page, ...closure(key)]) }] : [];
});
const scopeScreens = scopeChunks.map(({ scope, screen }) => ({
  name: `First screen: ${scope} (entry + the scope's chunk, JS, gzip)`,
  path: js(screen),
  limit: '20 KB',
  gzip: true,
}));

/** The chunks `roots` load at some point (dynamic imports, transitively), not entering `stop`. */
function lazyReach(roots, stop = new Set()) {
  const seen = new Set();
  const stack = [...roots];
  while (stack.length) {
    const k = stack.pop();
    if (seen.has(k) || stop.has(k) || !manifest[k]) continue;
    seen.add(k);
    stack.push(...(manifest[k].imports ?? []), ...(manifest[k].dynamicImports ?? []));
  }
  return seen;
}

const scopeKeys = new Set(scopeChunks.map((c) => c.key));
/**
 * The Spanish strings only a scope's code has (src/i18n/locales/<scope>/es.ts): loaded with that scope, in Spanish.
 * (`locales/later/es.ts`, the strings after the first screen's that every session may show, is enrollment's.)
 */
const RUNTIME = 'src/i18n/runtime.ts';
const scopeStrings = Object.keys(manifest).flatMap((key) => {
  const scope = /^src\/i18n\/locales\/([^/]+)\/es\.ts$/.exec(key)?.[1];
  return scope && scope !== 'later' ? [{ scope, key }] : [];
});
const scopeStringKeys = new Set(scopeStrings.map((s) => s.key));
/** Everything enrollment may load: the entry and what it loads, short of the other scopes' chunks and strings. */
const enrollmentReach = lazyReach([entry, EARLY], new Set([...scopeKeys, ...scopeStringKeys]));

/**
 * What a lazy chunk is loaded after: the first step when enrollment loads it, the scope's first screen when a scope's
 * chunk does; a chunk both load (the card step) is measured against each.
 */
function loadedAfter(key) {
  const bases = enrollmentReach.has(key) ? [{ what: 'the first step', base: firstStep }] : [];
  for (const { scope, key: root, screen } of scopeChunks) {
    if (lazyReach(manifest[root].dynamicImports ?? [], new Set([entry, ...[...scopeKeys].filter((k) => k !== root)])).has(key)) {
      bases.push({ what: `the ${scope} first screen`, base: screen });
    }
  }
  return bases.length ? bases : [{ what: 'the first step', base: firstStep }];
}

// A chunk group of vite.config.ts that holds dynamically imported modules is listed by its chunk (`_session-….js`)
// in the importer's `dynamicImports` rather than by module.
const dynamicTargets = new Set(Object.values(manifest).flatMap((c) => c.dynamicImports ?? []));
const lazy = Object.keys(manifest)
  .filter((k) => (manifest[k].isDynamicEntry || dynamicTargets.has(k)) && k !== FIRST_STEP && !firstStep.has(k))
  .filter((k) => !scopeKeys.has(k) && !scopeStringKeys.has(k))
  .sort()
  .flatMap((key) =>
    loadedAfter(key).map(({ what, base }) => ({
      name: `${label(key)} (beyond ${what}, gzip)`,
      path: js([...closure(key)].filter((k) => !base.has(k))),
      limit: '10 KB',
      gzip: true,
    })),
  )
  .filter((check) => check.path.length > 0);

/** A scope's own Spanish strings, beyond its first screen and the localization runtime (with the core's strings). */
const stringsChecks = scopeStrings.flatMap(({ scope, key }) => {
  const screen = scopeChunks.find((c) => c.scope === scope)?.screen ?? firstStep;
  const base = new Set([...screen, ...closure(RUNTIME)]);
  return [{ name: `Spanish strings: ${scope} (beyond its first screen and the Spanish runtime, gzip)`, path: js([...closure(key)].filter((k) => !base.has(k))), limit: '10 KB', gzip: true }];
});

/** What a Spanish session downloads before the address form: the first step and the runtime with the core's strings. */
const spanishFirstStep = manifest[RUNTIME]
  ? [{ name: 'First step, in Spanish: entry + address step + Spanish runtime (JS, gzip)', path: js(new Set([...firstStep, ...closure(RUNTIME)])), limit: '20 KB', gzip: true }]
  : [];

/**
 * The host SDK (vite.host.config.ts → dist/host): the ES module `service-flow/host` (its entry and the chunk it shares
 * with the React binding) ≤ 2 KB, the script-tag build ≤ 2 KB, and the React binding ≤ 1 KB beyond the SDK it
 * imports (React itself is the partner's).
 */
const HOST = 'dist/host';
for (const f of ['service-flow.js', 'chunk-service-flow.js', 'react.js', 'service-flow.iife.js']) {
  if (!existsSync(join(HOST, f))) throw new Error(`size-limit: ${HOST}/${f} is missing. Build first (npm run build).`);
}
const host = [
  { name: 'Host SDK: service-flow/host (ES module, gzip)', path: [join(HOST, 'service-flow.js'), join(HOST, 'chunk-service-flow.js')], limit: '2 KB', gzip: true },
  { name: 'Host SDK: script-tag build (gzip)', path: join(HOST, 'service-flow.iife.js'), limit: '2 KB', gzip: true },
  { name: 'React binding: service-flow/react beyond the SDK (gzip)', path: join(HOST, 'react.js'), limit: '1 KB', gzip: true },
];

export default [
  ...host,
  { name: 'First step: entry + address step (JS, gzip)', path: js(firstStep), limit: '20 KB', gzip: true },
  ...spanishFirstStep,
  ...scopeScreens,
  ...lazy,
  ...stringsChecks,
  // Every file an enrollment may load (the other scopes' chunks, and what only they load, are theirs).
  { name: 'All enrollment JavaScript (gzip)', path: js(enrollmentReach), limit: '55 KB', gzip: true },
];
