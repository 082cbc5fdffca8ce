/**
 * Vite plugin (build only): shortens the message ids of @lit/localize in the production bundle. Every message is
 * `msg('English text', { id: 'address.confirm.esi_hint' })` and the Spanish module is keyed by the same ids, so each
 * id ships twice; in the bundle they become `0`, `1`, … `6j` (the order of the Spanish module's keys), in both places.
 * The readable ids stay everywhere a person reads them: the source, the XLIFF files, the dev server and the tests.
 *
 * The mapping comes from the generated Spanish module, so the two sides cannot disagree. A `msg()` whose id is not a
 * string literal would miss its translation after the rename, so it fails the build; an id without a Spanish
 * translation keeps its name (it is looked up nowhere).
 *
 * Every message has an id (CONVENTIONS 7), and a `msg()` without one fails the build too. So @lit/localize's
 * fallback for messages without an id, which hashes the English text at run time (`generateMsgId`, FNV-1a 64, about
 * 0.4 KB gzip), can never run: it is replaced by a function that says what went wrong.
 */
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { applyEdits, walk, type AstNode as Node, type Edit } from './ast-edits.js';

const stringValue = (node: Node | undefined): string | undefined =>
  node?.type === 'Literal' && typeof node.value === 'string' ? node.value : undefined;

const keyName = (property: Node): string | undefined => {
  const key = property.key as Node;
  return key.type === 'Identifier' ? (key.name as string) : stringValue(key);
};

/** The keys of `export const templates = { 'id': …, … }` in a generated lit-localize module, in order. */
export function templateKeys(source: string): string[] {
  return [...source.matchAll(/^\s*'([^'\n]+)':/gm)].map((m) => m[1]!);
}

const NO_GENERATED_IDS = '\0sf:msg-ids-required';

export function shortMsgIds(options: { locale: string; include?: RegExp }): Plugin[] {
  const include = options.include ?? /\/src\/.*\.ts$/;
  let ids = new Map<string, string>();
  // Resolving runs before Vite's own resolver only in a `pre` plugin; the renaming must see JavaScript (after
  // TypeScript is stripped), so it is a second, normal plugin.
  const noGeneratedIds: Plugin = {
    name: 'sf:msg-ids-required',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === './id-generation.js' && importer && /[\\/]@lit[\\/]localize[\\/]internal[\\/]runtime-msg\.js$/.test(importer)
        ? NO_GENERATED_IDS
        : null;
    },
    load(id) {
      return id === NO_GENERATED_IDS
        ? "export const generateMsgId = () => { throw new Error('msg() without an id'); };"
        : null;
    },
  };
  return [noGeneratedIds, {
    name: 'sf:short-msg-ids',
    apply: 'build',
    buildStart() {
      const keys = templateKeys(readFileSync(options.locale, 'utf8'));
      ids = new Map(keys.map((key, i) => [key, i.toString(36)]));
    },
    transform(code, id) {
      if (!include.test(id)) return null;
      const isLocale = id.endsWith(options.locale.replace(/^\.?\//, ''));
      if (!isLocale && !/\bmsg\(/.test(code)) return null;
      const edits: Edit[] = [];
      const rename = (node: Node, from: string) => {
        const to = ids.get(from);
        if (to !== undefined) edits.push({ start: node.start, end: node.end, text: JSON.stringify(to) });
      };
      walk(this.parse(code) as unknown as Node, (node) => {
        if (isLocale && node.type === 'VariableDeclarator' && (node.id as Node).type === 'Identifier' && (node.id as Node).name === 'templates') {
          const object = node.init as Node;
          for (const property of (object.properties as Node[]) ?? []) {
            const name = property.type === 'Property' ? keyName(property) : undefined;
            if (name !== undefined) rename(property.key as Node, name);
          }
        }
        if (node.type !== 'CallExpression' || (node.callee as Node).type !== 'Identifier' || (node.callee as Node).name !== 'msg') return;
        const settings = (node.arguments as Node[])[1];
        if (!settings) this.error(`short-msg-ids: a msg() in ${id} has no id (every message needs one)`);
        const idProperty = settings.type === 'ObjectExpression' ? (settings.properties as Node[]).find((p) => p.type === 'Property' && keyName(p) === 'id') : undefined;
        const value = idProperty && stringValue(idProperty.value as Node);
        if (value === undefined) this.error(`short-msg-ids: a msg() in ${id} has an id that is not a string literal`);
        rename(idProperty!.value as Node, value!);
      });
      return applyEdits(code, edits);
    },
  }];
}
