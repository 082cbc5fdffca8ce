/**
 * The private-name shortener (scripts/private-names.ts) on real parser output: what it renames, what it must never
 * touch, and the same short name for the same member in every module.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseAst } from 'vite';
import { applyEdits, type AstNode } from '../ast-edits.js';
import { memberEdits, nameMap } from '../private-names.js';

const rename = (code: string, map: Map<string, string>, renamed?: Set<string>) =>
  applyEdits(code, memberEdits(parseAst(code) as unknown as AstNode, map, renamed))?.code ?? code;

describe('private names', () => {
  it('gives the most frequent names the shortest replacements, never an existing name, never a longer one', () => {
    const map = nameMap(['this._b; this._failure; this._failure; this._failure; this._x1;', 'this._x1; this._b;']);
    assert.equal(map.get('_failure'), '_a');
    // `_b` exists in the sources: it is never handed out, and as short as can be it keeps its name.
    assert.equal(map.get('_b'), undefined);
    assert.equal([...map.values()].includes('_b'), false);
    assert.equal(map.get('_x1'), '_c');
  });

  it('renames members, class fields, methods, accessors and the name legacy decorators receive', () => {
    const map = new Map([['_view', '_a'], ['_onInput', '_b'], ['_ssn', '_c']]);
    const code = [
      'class X { constructor() { this._view = 1; } _onInput(e) { return this._view + e; } get _ssn() { return 1; } }',
      '_decorate([state()], X.prototype, "_view", void 0);',
      'other._onInput();',
    ].join('\n');
    const renamed = new Set<string>();
    const out = rename(code, map, renamed);
    assert.equal(out, [
      'class X { constructor() { this._a = 1; } _b(e) { return this._a + e; } get _c() { return 1; } }',
      '_decorate([state()], X.prototype, "_a", void 0);',
      'other._b();',
    ].join('\n'));
    assert.deepEqual([...renamed].sort(), ['_onInput', '_ssn', '_view']);
  });

  it('leaves strings, templates, CSS properties, object keys, computed access, locals and Lit internals alone', () => {
    const map = new Map([['_blank', '_a'], ['_space', '_b'], ['_key', '_c'], ['_local', '_d']]);
    const code = [
      'const a = html`<a target="_blank" style="gap: var(--_space)">`;',
      "const b = { _key: 1 }; const c = b['_key']; const _local = 2;",
      'this._$changedProperties; this.__private;',
      "call('_blank');",
    ].join('\n');
    assert.equal(rename(code, map), code);
  });
});
