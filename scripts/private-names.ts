/**
 * Vite plugin (build only): gives the flow's private and protected members short names in the bundle. By
 * convention (CONVENTIONS 2) they, and only they, start with one underscore (`_failure`, `_onInput`, `@state()
 * private _view`); no other code reaches them. In the bundle `_failure` becomes `_a`, the same name in every module, so
 * a subclass and its base class, or a decorator and the field it decorates, still agree. The readable names stay
 * everywhere a person reads them: the source, the dev server, the component tests.
 *
 * What is renamed (positions from the bundler's parser, after TypeScript is stripped): the member in `this._x` and
 * `obj._x`, class fields, methods and accessors named `_x`, and the name legacy decorators receive as a string
 * (`_decorate([state()], X.prototype, "_x", void 0)`). Nothing else: not strings or template text (`target="_blank"`,
 * the private CSS properties `--_space`), not object keys, not Lit's own `_$…` internals.
 *
 * The same name must never be half renamed (the field under one name, its uses under another), so once the bundle is
 * written every renamed member is looked for again in every chunk: if one survived anywhere (an object key, a string,
 * a bracket access), the build fails and says where.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { applyEdits, walk, type AstNode, type Edit } from './ast-edits.js';

/** A member name we own: one underscore, then a letter (not `__x`, not Lit's `_$x`). */
const MEMBER = /(?<![\w$-])_[A-Za-z]\w*/g;
const isMember = (name: unknown): name is string => typeof name === 'string' && /^_[A-Za-z]\w*$/.test(name);

const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** `_a` … `_Z`, then `_aa` …: the n-th short name. */
function shortName(n: number): string {
  let name = '';
  let i = n;
  do {
    name = LETTERS[i % LETTERS.length] + name;
    i = Math.floor(i / LETTERS.length) - 1;
  } while (i >= 0);
  return `_${name}`;
}

/**
 * Original name → short name, the most frequent names first (they get the one-letter names). Built from the whole
 * source tree before any module is transformed, so every module uses the same map whatever the order. Short names
 * that are also original names (say a member really called `_a`) are skipped.
 */
export function nameMap(sources: readonly string[]): Map<string, string> {
  const counts = new Map<string, number>();
  for (const source of sources) for (const [name] of source.matchAll(MEMBER)) counts.set(name, (counts.get(name) ?? 0) + 1);
  const names = [...counts.keys()].sort((a, b) => counts.get(b)! - counts.get(a)! || (a < b ? -1 : 1));
  const map = new Map<string, string>();
  let n = 0;
  for (const name of names) {
    while (counts.has(shortName(n))) n += 1;
    const short = shortName(n);
    // A name as short as its replacement keeps its own, and the replacement stays free for the next name.
    if (short.length >= name.length) continue;
    map.set(name, short);
    n += 1;
  }
  return map;
}

/** The edits that rename members in one module (JavaScript, as the bundler's parser sees it). */
export function memberEdits(program: AstNode, map: ReadonlyMap<string, string>, renamed?: Set<string>): Edit[] {
  const edits: Edit[] = [];
  const rename = (node: AstNode | undefined, name: unknown, asString = false) => {
    if (!node || !isMember(name)) return;
    const short = map.get(name);
    if (short === undefined) return;
    edits.push({ start: node.start, end: node.end, text: asString ? JSON.stringify(short) : short });
    renamed?.add(name);
  };
  walk(program, (node) => {
    switch (node.type) {
      case 'MemberExpression': {
        const property = node.property as AstNode;
        if (!node.computed && property.type === 'Identifier') rename(property, property.name);
        break;
      }
      case 'PropertyDefinition':
      case 'MethodDefinition': {
        const key = node.key as AstNode;
        if (!node.computed && key.type === 'Identifier') rename(key, key.name);
        break;
      }
      case 'CallExpression': {
        // Legacy decorators on a member: `_decorate(decorators, Class.prototype, "_name", void 0)`.
        const callee = node.callee as AstNode;
        const args = node.arguments as AstNode[];
        const key = args[2];
        if (callee.type === 'Identifier' && /decorate$/i.test(callee.name as string) && key?.type === 'Literal') rename(key, key.value, true);
        break;
      }
    }
  });
  return edits;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
    .map((f) => join(dir, f));
}

export function privateNames(options: { root?: string; include?: RegExp } = {}): Plugin {
  const root = options.root ?? 'src';
  const include = options.include ?? /\/src\/.*\.ts$/;
  let map = new Map<string, string>();
  const renamed = new Set<string>();
  return {
    name: 'sf:private-names',
    apply: 'build',
    buildStart() {
      map = nameMap(sourceFiles(root).map((f) => readFileSync(f, 'utf8')));
      renamed.clear();
    },
    transform(code, id) {
      if (!include.test(id) || !/(?<![\w$-])_[A-Za-z]/.test(code)) return null;
      return applyEdits(code, memberEdits(this.parse(code) as unknown as AstNode, map, renamed));
    },
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const [name] of chunk.code.matchAll(MEMBER)) {
          if (renamed.has(name)) this.error(`private-names: "${name}" is still in ${chunk.fileName} after it was renamed elsewhere`);
        }
      }
    },
  };
}
