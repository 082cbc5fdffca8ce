/**
 * `npm run i18n:build`: the Spanish strings as one module per part of the flow, from the one translation file
 * (xliff/es.xlf, which `npx lit-localize extract` keeps), with @lit/localize-tools' own runtime-mode output:
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
import { mkdtempSync, readFileSync, readdirSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { readConfigFileAndWriteSchema } from '@lit/localize-tools/lib/config.js';
import { RuntimeLitLocalizer } from '@lit/localize-tools/lib/modes/runtime.js';
import type { Config } from '@lit/localize-tools/lib/types/config.js';
import type { RuntimeOutputConfig } from '@lit/localize-tools/lib/types/modes.js';

const ROOT = resolve(import.meta.dirname, '..');
const ENTRY = join(ROOT, 'src/main.ts');
const REGISTRY = join(ROOT, 'src/flow/scopes.ts');
const OUT = 'src/i18n/locales';

type Localizer = InstanceType<typeof RuntimeLitLocalizer>;
type SourceMessages = ReturnType<Localizer['extractSourceMessages']>;

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

/** @lit/localize-tools' runtime output, for the messages of some modules only. */
class PartLocalizer extends RuntimeLitLocalizer {
  constructor(
    config: Config & { output: RuntimeOutputConfig },
    private readonly source: SourceMessages,
  ) {
    super(config);
  }

  override extractSourceMessages(): SourceMessages {
    return this.source;
  }

  override readTranslationsSync(): ReturnType<Localizer['readTranslationsSync']> {
    const names = new Set(this.source.messages.map((m) => m.name));
    const { translations } = super.readTranslationsSync();
    return { translations: new Map([...translations].map(([locale, list]) => [locale, list.filter((m) => names.has(m.name))])) };
  }
}

/** Writes every part's module under `outRoot` (the project's src/i18n/locales unless checking). */
async function build(outRoot: string): Promise<string[]> {
  const config = readConfigFileAndWriteSchema(join(ROOT, 'lit-localize.json'));
  if (config.output.mode !== 'runtime') throw new Error('locale-parts: lit-localize.json must use runtime mode');
  const all = new RuntimeLitLocalizer(config as Config & { output: RuntimeOutputConfig }).extractSourceMessages();
  if (all.errors.length) throw new Error(`locale-parts: lit-localize reports ${all.errors.length} error(s); run npx lit-localize extract to see them`);
  const written: string[] = [];
  for (const [scope, files] of parts()) {
    const ids = new Set([...files].flatMap(idsOf));
    const messages = all.messages.filter((m) => ids.has(m.name));
    if (scope && messages.length === 0) continue;
    const outputDir = join(outRoot, scope);
    const part = new PartLocalizer({ ...config, output: { ...config.output, outputDir } } as Config & { output: RuntimeOutputConfig }, { messages, errors: [] });
    await part.build();
    written.push(...config.targetLocales.map((l) => join(scope, `${l}.ts`)));
  }
  return written;
}

/** The generated modules on disk, relative to src/i18n/locales. */
function onDisk(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts')).sort();
}

if (process.argv[1] === import.meta.filename) {
  const check = process.argv.includes('--check');
  if (!check) {
    const written = await build(join(ROOT, OUT));
    const stale = onDisk(join(ROOT, OUT)).filter((f) => !written.includes(f));
    for (const f of stale) rmSync(join(ROOT, OUT, f));
    console.log(`Wrote ${written.map((f) => join(OUT, f)).join(', ')}${stale.length ? `; removed ${stale.join(', ')}` : ''}`);
  } else {
    const tmp = mkdtempSync(join(tmpdir(), 'locale-parts-'));
    try {
      const written = (await build(tmp)).sort();
      const differ = [...new Set([...written, ...onDisk(join(ROOT, OUT))])].filter(
        (f) => !existsSync(join(tmp, f)) || !existsSync(join(ROOT, OUT, f)) || readFileSync(join(tmp, f), 'utf8') !== readFileSync(join(ROOT, OUT, f), 'utf8'),
      );
      if (differ.length) {
        console.error(`${OUT}: ${differ.join(', ')} differ from xliff/ and the sources. Run npm run i18n:build.`);
        process.exit(1);
      }
      console.log(`${OUT}: ${written.length} modules up to date`);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  }
}
