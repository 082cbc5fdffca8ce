import { test } from 'node:test';
import assert from 'node:assert/strict';
import { firstScreenGroups } from '../chunks.js';

/** A module graph as the bundler hands it to the group function: static and dynamic imports per module id. */
function graph(modules: Record<string, { imports?: string[]; dynamic?: string[] }>) {
  return {
    getModuleInfo: (id: string) =>
      modules[id] ? { importedIds: modules[id].imports ?? [], dynamicallyImportedIds: modules[id].dynamic ?? [] } : null,
  };
}

test('a scope owns its declaration and first step, the core its static closure', () => {
  const g = graph({
    '/main.ts': { imports: ['/flow.ts'] },
    '/flow.ts': { imports: ['/lit.ts'], dynamic: ['/scope-a.ts', '/enrollment-card.ts'] },
    '/scope-a.ts': { imports: ['/lit.ts', '/first-step.ts'], dynamic: ['/later-step.ts'] },
    '/first-step.ts': { imports: ['/card-on-file.ts'] },
    '/enrollment-card.ts': { imports: ['/card-on-file.ts'] },
    '/card-on-file.ts': {},
    '/later-step.ts': {},
  });
  const group = firstScreenGroups('/main.ts', { a: '/scope-a.ts' });
  assert.equal(group('/main.ts', g), 'core');
  assert.equal(group('/lit.ts', g), 'core');
  assert.equal(group('/scope-a.ts', g), 'a');
  assert.equal(group('/first-step.ts', g), 'a');
  // Lazily loaded modules are never pulled in.
  assert.equal(group('/later-step.ts', g), null);
  // Also loaded by an enrollment step later on: left to the other groups, so that step does not load scope a's chunk.
  assert.equal(group('/card-on-file.ts', g), null);
});

test('what two scopes share belongs to neither', () => {
  const g = graph({
    '/main.ts': { dynamic: ['/scope-a.ts', '/scope-b.ts'] },
    '/scope-a.ts': { imports: ['/shared.ts'] },
    '/scope-b.ts': { imports: ['/shared.ts', '/b-only.ts'] },
    '/shared.ts': {},
    '/b-only.ts': {},
  });
  const group = firstScreenGroups('/main.ts', { a: '/scope-a.ts', b: '/scope-b.ts' });
  assert.equal(group('/shared.ts', g), null);
  assert.equal(group('/b-only.ts', g), 'b');
  assert.equal(group('/scope-a.ts', g), 'a');
});
