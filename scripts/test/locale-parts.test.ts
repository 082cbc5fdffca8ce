import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { build, parts } from '../locale-parts.js';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const src = (p: string) => resolve(import.meta.dirname, '../../src', p);

test('the Spanish strings are split along the import graph: the first screen, the rest of the core, what only a scope reaches', () => {
  const all = parts();
  assert.deepEqual([...all.keys()].sort(), ['', 'billing', 'connect-battery', 'documents', 'later', 'update-payment-method', 'renewal'].sort());
  // The first screen: what src/main.ts imports statically.
  for (const f of ['main.ts', 'flow/flow.ts', 'flow/header.ts', 'steps/address/address.ts']) assert.ok(all.get('')!.has(src(f)), f);
  // Enrollment's lazily loaded steps, the status screens and what the scopes share: later, and not the first screen's.
  for (const f of ['steps/address/address-views.ts', 'steps/plans/plans.ts', 'steps/payment/payment.ts', 'steps/shared/account-status.ts', 'flow/screens/status-screen.ts']) {
    assert.ok(all.get('later')!.has(src(f)), f);
    assert.ok(!all.get('')!.has(src(f)), f);
  }
  const core = new Set([...all.get('')!, ...all.get('later')!]);
  assert.ok(all.get('billing')!.has(src('steps/invoices/invoices.ts')));
  assert.ok(all.get('update-payment-method')!.has(src('steps/card-on-file/card-on-file.ts')));
  // A module two scopes reach is in both their parts.
  assert.ok(all.get('documents')!.has(src('steps/documents/document-list.ts')));
  assert.ok(all.get('renewal')!.has(src('steps/documents/document-list.ts')));
  for (const [scope, files] of all) {
    if (scope && scope !== 'later') assert.deepEqual([...files].filter((f) => core.has(f)), [], `${scope} shares nothing with the core`);
  }
});

test('src/i18n/locales is what npm run i18n:build writes from xliff/es.xlf and the sources, every message translated', () => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/locale-parts.ts', '--check'], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr || run.stdout);
});

test('a message without a Spanish <target> is named (the translator\'s to-do list), and npm test fails on it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'locale-missing-'));
  try {
    const xlf = readFileSync('xliff/es.xlf', 'utf8');
    const untranslated = xlf.replace(/(<trans-unit id="flow\.title">\s*<source>[^<]*<\/source>)\s*<target>[^<]*<\/target>/, '$1');
    assert.notEqual(untranslated, xlf, 'flow.title has a <target> to remove');
    mkdirSync(join(dir, 'xliff'));
    writeFileSync(join(dir, 'xliff', 'es.xlf'), untranslated);
    assert.deepEqual(build(join(dir, 'out'), join(dir, 'xliff')).missing, ['es: flow.title']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
