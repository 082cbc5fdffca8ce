/**
 * `npm run i18n:build`: the Spanish strings as one module per part of the flow, from the one translation file
 * (xliff/es.xlf, which `npx lit-localize extract` keeps): the module `lit-localize build` (its CLI, runtime mode)
 * writes with every message, split by the modules that use each message:
 * - `src/i18n/locales/es.ts`: the messages of the first screen's code (what src/main.ts imports statically: the
 *   root, the header, the address form), loaded with the localization runtime;
 * - `src/i18n/locales/later/es.ts`: the messages of the rest of the code every session may load (enrollment's later
 *   steps, the status screens, what the scopes share), fetched by the runtime at once but not awaited by the first
 *   screen (src/i18n/runtime.ts);
 * - `src/i18n/locales/<scope>/es.ts`: the messages only another scope's code has (its declaration and its steps),
 *   loaded with that scope.
 * Which part a message belongs to follows the import graph, not a list: a module src/main.ts imports statically is
 * the first screen's; one it reaches through dynamic imports too, but not through the scope registry's
 * (src/flow/scopes.ts), is `later`'s; a module reached only from a scope's declaration is that scope's (a module two
 * scopes share is in both parts).
 *
 * `--check` writes nothing and fails when a generated module differs from what is on disk (`npm test` runs it).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { spawnSync } from 'node:child_process';

const ROOT = resolve(import.meta.dirname, '..');
const ENTRY = join(ROOT, 'src/main.ts');
const REGISTRY = join(ROOT, 'src/flow/scopes.ts');
const OUT = 'src/i18n/locales';

/** What this script reads of lit-localize.json. */
interface LocalizeConfig {
  targetLocales: string[];
  inputFiles: string[];
  output: { mode: string; outputDir: string };
  interchange: { format: string; xliffDir: string };
}

/** The relative imports of a module, static and dynamic, as files (`./x.js` → `/…/x.ts`). */
function importsOf(file: string): { static: string[]; dynamic: string[] } {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found = { static: [] as string[], dynamic: [] as string[] };
  const add = (spec: string, kind: 'static' | 'dynamic') => {
    if (!spec.startsWith('.')) return;
    const path = resolve(dirname(file), spec).replace(/\.js$/, '.ts');
    if (existsSync(path)) found[kind].push(path);
  };
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!(ts.isImportDeclaration(node) && node.importClause?.isTypeOnly)) add(node.moduleSpecifier.text, 'static');
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && ts.isStringLiteral(node.arguments[0]!)) {
      add(node.arguments[0].text, 'dynamic');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * The message ids each module uses (`msg(…, { id: '…' })`: every message has an explicit id, docs/i18n.md). One id
 * may stand in several modules, and @lit/localize-tools keeps one of its occurrences, so a part takes a message when
 * any module of the part uses its id.
 */
function idsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const ids: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'msg') {
      const options = node.arguments[1];
      const id = options && ts.isObjectLiteralExpression(options)
        ? options.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText(source) === 'id')
        : undefined;
      if (!id || !ts.isStringLiteralLike(id.initializer)) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
        throw new Error(`locale-parts: ${relative(ROOT, file)}:${line + 1}: msg() without a literal id`);
      }
      ids.push(id.initializer.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return ids;
}

/**
 * Every module `roots` reach, following static imports and (unless `staticOnly`) dynamic ones, but not the
 * registry's.
 */
function reach(roots: string[], staticOnly = false): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const { static: s, dynamic } = importsOf(file);
    stack.push(...s, ...(file === REGISTRY || staticOnly ? [] : dynamic));
  }
  return seen;
}

/** The parts: the first screen's modules, the rest of the core's, and each scope's own (beyond the core). */
export function parts(): Map<string, Set<string>> {
  const core = reach([ENTRY]);
  const first = reach([ENTRY], true);
  const result = new Map<string, Set<string>>([
    ['', first],
    ['later', new Set([...core].filter((f) => !first.has(f)))],
  ]);
  for (const declaration of importsOf(REGISTRY).dynamic) {
    const scope = /[\\/]scopes[\\/]([^\\/]+)[\\/]/.exec(declaration)?.[1];
    if (!scope) throw new Error(`locale-parts: ${relative(ROOT, declaration)} is not a scope's declaration (src/scopes/<scope>/…)`);
    result.set(scope, new Set([...reach([declaration])].filter((f) => !core.has(f))));
  }
  return result;
}

/**
 * Every message of the sources in every target locale: what `lit-localize build` (the CLI, runtime mode) writes for
 * lit-localize.json, with the output sent to `dir`. Returns the module it wrote for each locale.
 */
function buildAll(dir: string, xliffDir?: string): { modules: Map<string, string>; missing: string[] } {
  const config = JSON.parse(readFileSync(join(ROOT, 'lit-localize.json'), 'utf8')) as LocalizeConfig;
  if (config.output.mode !== 'runtime') throw new Error('locale-parts: lit-localize.json must use runtime mode');
  // The CLI resolves a config's paths against the config's folder: here, absolute ones to the project's.
  const inDir = (p: string) => resolve(ROOT, p);
  const temp = {
    ...config,
    inputFiles: config.inputFiles.map(inDir),
    output: { ...config.output, outputDir: join(dir, 'all') },
    interchange: { ...config.interchange, xliffDir: xliffDir ?? inDir(config.interchange.xliffDir) },
  };
  writeFileSync(join(dir, 'lit-localize.json'), JSON.stringify(temp));
  const run = spawnSync('npx', ['--no-install', 'lit-localize', 'build', '--config', join(dir, 'lit-localize.json')], { cwd: ROOT, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`locale-parts: lit-localize build failed:\n${run.stdout}${run.stderr}`);
  // Its warnings, the translator's to-do list: `es message <id> is missing` (the module then has the English text).
  const missing = [...`${run.stdout}${run.stderr}`.matchAll(/^\s*(\S+) message (\S+) is missing/gm)].map((m) => `${m[1]}: ${m[2]}`);
  return { modules: new Map(config.targetLocales.map((l) => [l, readFileSync(join(dir, 'all', `${l}.ts`), 'utf8')])), missing };
}

/** An entry of a runtime module's `templates` as the CLI wrote it (`'id': value`), and its value's tag if any. */
interface Entry {
  text: string;
  tag?: string;
}

/** The entries of a runtime module's `templates`, by id. */
function entriesOf(module: string): Map<string, Entry> {
  const source = ts.createSourceFile('locale.ts', module, ts.ScriptTarget.Latest, true);
  const entries = new Map<string, Entry>();
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && node.name.getText(source) === 'templates' && node.initializer && ts.isObjectLiteralExpression(node.initializer)) {
      for (const p of node.initializer.properties) {
        if (!ts.isPropertyAssignment(p) || !ts.isStringLiteral(p.name)) throw new Error(`locale-parts: unexpected entry in lit-localize's output: ${p.getText(source)}`);
        const value = p.initializer;
        const tag = ts.isTaggedTemplateExpression(value) && ts.isIdentifier(value.tag) ? value.tag.text : undefined;
        entries.set(p.name.text, { text: p.getText(source), tag });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return entries;
}

/**
 * A runtime module holding only `entries`, written as the CLI writes one (the same header and layout; `html` and
 * `str` imported when a message uses them).
 */
function moduleOf(entries: Entry[]): string {
  const uses = (tag: string) => entries.some((e) => e.tag === tag);
  return `
    // Do not modify this file by hand!
    // Re-generate this file by running lit-localize

    ${uses('html') ? "import {html} from 'lit';" : ''}
    ${uses('str') ? "import {str} from '@lit/localize';" : ''}

    /* eslint-disable no-irregular-whitespace */
    /* eslint-disable @typescript-eslint/no-explicit-any */

    export const templates = {
      ${entries.map((e) => `${e.text},`).join('\n')}
    };
  `;
}

/**
 * Writes every part's module under `outRoot` (the project's src/i18n/locales unless checking), from the translations in
 * `xliffDir` (lit-localize.json's unless given). Returns the files written and the messages still without a
 * translation (`es: <id>`).
 */
export function build(outRoot: string, xliffDir?: string): { written: string[]; missing: string[] } {
  const tmp = mkdtempSync(join(tmpdir(), 'locale-all-'));
  try {
    const { modules: all, missing } = buildAll(tmp, xliffDir);
    const written: string[] = [];
    for (const [locale, module] of all) {
      const entries = entriesOf(module);
      for (const [scope, files] of parts()) {
        const ids = new Set([...files].flatMap(idsOf));
        const mine = [...entries].filter(([id]) => ids.has(id)).map(([, entry]) => entry);
        if (scope && mine.length === 0) continue;
        mkdirSync(join(outRoot, scope), { recursive: true });
        writeFileSync(join(outRoot, scope, `${locale}.ts`), moduleOf(mine));
        written.push(join(scope, `${locale}.ts`));
      }
    }
    return { written, missing };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** The generated modules on disk, relative to src/i18n/locales. */
function onDisk(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts')).sort();
}

if (process.argv[1] === import.meta.filename) {
  const check = process.argv.includes('--check');
  /** Said in both modes; `--check` (npm test) fails on it: every message ships translated. */
  const untranslated = (missing: string[]) => {
    if (missing.length) console.error(`xliff/: ${missing.length} message(s) without a <target> (shown in English): ${missing.join(', ')}`);
  };
  if (!check) {
    const { written, missing } = build(join(ROOT, OUT));
    untranslated(missing);
    const stale = onDisk(join(ROOT, OUT)).filter((f) => !written.includes(f));
    for (const f of stale) rmSync(join(ROOT, OUT, f));
    console.log(`Wrote ${written.map((f) => join(OUT, f)).join(', ')}${stale.length ? `; removed ${stale.join(', ')}` : ''}`);
  } else {
    const tmp = mkdtempSync(join(tmpdir(), 'locale-parts-'));
    try {
      const { written: built, missing } = build(tmp);
      const written = built.sort();
      untranslated(missing);
      if (missing.length) process.exitCode = 1;
      const differ = [...new Set([...written, ...onDisk(join(ROOT, OUT))])].filter(
        (f) => !existsSync(join(tmp, f)) || !existsSync(join(ROOT, OUT, f)) || readFileSync(join(tmp, f), 'utf8') !== readFileSync(join(ROOT, OUT, f), 'utf8'),
      );
      if (differ.length) {
        console.error(`${OUT}: ${differ.join(', ')} differ from xliff/ and the sources. Run npm run i18n:build.`);
        process.exit(1);
      }
      if (!missing.length) console.log(`${OUT}: ${written.length} modules up to date`);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  }
}
