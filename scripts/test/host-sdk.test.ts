/** `npm start` rebuilds the host SDK (dist/host) only when it is missing or older than its sources. */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { hostSdkIsStale } from '../host-sdk.js';

const root = mkdtempSync(join(tmpdir(), 'host-sdk-'));
after(() => rmSync(root, { recursive: true, force: true }));

function touch(path: string, seconds: number): void {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), '');
  utimesSync(join(root, path), seconds, seconds);
}

describe('hostSdkIsStale', () => {
  it('is missing until every file the demo serves is built', () => {
    touch('src/host/service-flow.ts', 1000);
    assert.equal(hostSdkIsStale(root), 'missing');
    touch('dist/host/service-flow.js', 2000);
    touch('dist/host/react.js', 2000);
    assert.equal(hostSdkIsStale(root), 'missing');
    touch('dist/host/service-flow.iife.js', 2000);
    assert.equal(hostSdkIsStale(root), null);
  });

  it('is stale once a source (however deep) is newer than the oldest built file', () => {
    touch('src/bridge/messages.ts', 1500);
    assert.equal(hostSdkIsStale(root), null);
    touch('src/bridge/deep/x.ts', 2500);
    assert.equal(hostSdkIsStale(root), 'older than src/bridge');
    touch('dist/host/service-flow.js', 3000);
    touch('dist/host/react.js', 3000);
    assert.equal(hostSdkIsStale(root), 'older than src/bridge', 'the script build is still older');
    touch('dist/host/service-flow.iife.js', 3000);
    assert.equal(hostSdkIsStale(root), null);
  });
});
