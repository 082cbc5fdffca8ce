import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { parts } from '../locale-parts.js';

const src = (p: string) => resolve(import.meta.dirname, '../../src', p);

test('the Spanish strings are split along the import graph: the core, and what only a scope reaches', () => {
  const all = parts();
  const core = all.get('')!;
  assert.deepEqual([...all.keys()].sort(), ['', 'billing', 'connect-battery', 'documents', 'renewal', 'update-payment-method']);
  // Enrollment, its lazily loaded steps and what the scopes share belong to the core.
  for (const f of ['main.ts', 'steps/address/address.ts', 'steps/plans/plans.ts', 'steps/payment/payment.ts', 'steps/shared/account-status.ts']) {
    assert.ok(core.has(src(f)), f);
  }
  assert.ok(all.get('billing')!.has(src('steps/invoices/invoices.ts')));
  assert.ok(all.get('update-payment-method')!.has(src('steps/card-on-file/card-on-file.ts')));
  // A module two scopes reach is in both their parts.
  assert.ok(all.get('documents')!.has(src('steps/documents/document-list.ts')));
  assert.ok(all.get('renewal')!.has(src('steps/documents/document-list.ts')));
  for (const [scope, files] of all) {
    if (scope) assert.deepEqual([...files].filter((f) => core.has(f)), [], `${scope} shares nothing with the core`);
  }
});

test('src/i18n/locales is what npm run i18n:build writes from xliff/es.xlf and the sources', () => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/locale-parts.ts', '--check'], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr || run.stdout);
});
