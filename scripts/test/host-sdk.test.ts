/** `npm start` rebuilds the host SDK (dist/host) only when it is missing or older than its sources. */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
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

/** What `npm pack` puts in the package a partner installs (docs/integration.md, "The web page with the SDK"). */
describe('the package', () => {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    files: string[];
    exports: Record<string, string | Record<string, string>>;
    scripts: Record<string, string>;
  };
  const targets = Object.values(pkg.exports).flatMap((t) => (typeof t === 'string' ? [t] : Object.values(t)));

  it('packs every file its exports name (and builds them first)', () => {
    for (const target of targets.filter((t) => t !== './package.json')) {
      const path = target.replace(/^\.\//, '');
      assert.ok(pkg.files.some((f) => path === f || path.startsWith(`${f}/`)), `${target} is not in "files"`);
    }
    assert.match(pkg.scripts.prepack ?? '', /build:host/);
  });
});

/**
 * docs/integration.md promises the SDK "no dependencies": npm installs a package's `dependencies` with it, so each must
 * be something the packed SDK (src/host, src/react and the message types they share) imports, and it imports only
 * `react`, a peer dependency. The flow's own packages (lit, @lit/*, @stripe/stripe-js) are bundled by Vite into
 * dist/flow: development dependencies of this repository, never installed into a partner's app.
 */
describe('the packed SDK', () => {
  it('installs no package it does not import', () => {
    const ROOT = join(import.meta.dirname, '..', '..');
    const files = ['src/host', 'src/react'].flatMap((d) => readdirSync(join(ROOT, d)).map((f) => join(ROOT, d, f)));
    files.push(join(ROOT, 'src/bridge/messages.ts'));
    const imported = new Set<string>();
    for (const file of files) {
      for (const m of readFileSync(file, 'utf8').matchAll(/\bfrom\s+'([^'.][^']*)'/g)) {
        const spec = m[1]!;
        imported.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);
      }
    }
    assert.deepEqual([...imported], ['react'], 'the SDK imports react only');
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies?: Record<string, string>; peerDependencies?: Record<string, string> };
    assert.deepEqual(Object.keys(pkg.dependencies ?? {}), [], '"dependencies" npm would install with the SDK');
    assert.ok(pkg.peerDependencies?.react, 'react is a peer dependency');
  });
});
