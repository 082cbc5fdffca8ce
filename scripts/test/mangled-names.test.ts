/**
 * The production build's property mangling (terserAcrossChunks in vite.config.ts): a `_member` must have one short
 * name in every chunk, or a step's subclass would call a method its base class in core no longer has. Builds the flow
 * into a temporary directory and reads each chunk against the build's name cache (.vite/mangled-names.json).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { build } from 'vite';

interface Names {
  reserved: string[];
  /** terser's cache: `$` + the original name → the short name. */
  props: Record<string, string>;
  /** Each chunk's `_names` before minifying. */
  used: Record<string, string[]>;
}

const token = (name: string) => new RegExp(`(?<![\\w$-])${name.replace(/\$/g, '\\$')}(?![\\w$])`);

describe('mangled member names', () => {
  const out = mkdtempSync(join(tmpdir(), 'sf-mangle-'));
  let names: Names;
  let short: Map<string, string>;
  const code = (file: string) => readFileSync(join(out, file), 'utf8');

  before(async () => {
    await build({ configFile: 'vite.config.ts', logLevel: 'error', build: { outDir: out, emptyOutDir: true } });
    names = JSON.parse(readFileSync(join(out, '.vite/mangled-names.json'), 'utf8')) as Names;
    short = new Map(Object.entries(names.props).map(([key, value]) => [key.replace(/^\$/, ''), value]));
  });
  after(() => rmSync(out, { recursive: true, force: true }));

  it('gives each member its own name, never one a member or a reserved name has', () => {
    assert.ok(short.size > 20, `only ${short.size} names were mangled`);
    const values = [...short.values()];
    assert.equal(new Set(values).size, values.length, 'two members share a short name');
    for (const value of values) {
      assert.ok(!short.has(value) && !names.reserved.includes(value), `${value} is both a short name and a member name`);
    }
    for (const name of names.reserved) assert.ok(!short.has(name), `${name} is reserved and mangled`);
  });

  it('uses the same short name for a member in every chunk, and never the old one', () => {
    const original = new Map([...short].map(([name, to]) => [to, name]));
    const chunksOf = new Map<string, string[]>();
    for (const [file, used] of Object.entries(names.used)) {
      for (const name of used) if (short.has(name)) chunksOf.set(name, [...(chunksOf.get(name) ?? []), file]);
      const text = code(file);
      for (const name of used) {
        if (short.has(name)) assert.doesNotMatch(text, token(name), `${name} is left under its own name in ${file}`);
      }
      // The short names are chosen clear of every property the bundle uses, so a member access by a short name is a
      // renamed member: it must be the cache's name of a member this chunk used. A chunk minified with names of its
      // own would access members under names the cache gives to others.
      for (const [, to] of text.matchAll(/(?<!\.\.)\.([A-Za-z_$][\w$]*)/g)) {
        const from = original.get(to!);
        if (from) assert.ok(used.includes(from), `${file} accesses .${to}, the short name of ${from}, which it does not use`);
      }
    }
    assert.ok([...chunksOf.values()].some((files) => files.length > 1), 'no mangled member crosses chunks: the test checks nothing');
  });

  it('keeps the names of decorated reactive properties (a legacy decorator gets its field by name)', () => {
    for (const file of Object.keys(names.used)) {
      for (const [, name] of code(file).matchAll(/(["'`])(_[A-Za-z]\w*)\1/g)) {
        assert.ok(!short.has(name!), `${name} is named in a string in ${file} but mangled elsewhere`);
      }
    }
    assert.ok(names.reserved.includes('_view'), "the address step's @state() _view is mangled");
  });
});
