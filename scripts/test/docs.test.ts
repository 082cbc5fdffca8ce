/**
 * The partner-facing docs point where they say: every relative link of README.md and docs/*.md names a file that
 * exists and, with a `#fragment`, a heading of that Markdown file (GitHub's anchors); and the integration guide names
 * only message types and bridge objects the flow has (src/bridge). The guide's web and Node snippets are run by
 * e2e/guide-snippets.spec.ts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..', '..');
const DOCS = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/** GitHub's anchor of each heading (outside fenced code): lower case, punctuation dropped, spaces to hyphens, -1… for repeats. */
function anchors(markdown: string): Set<string> {
  const out = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*)$/.exec(line);
    if (!heading) continue;
    const base = heading[1]!.trim().toLowerCase().replace(/[^\p{L}\p{N}_\- ]/gu, '').replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    out.add(count ? `${base}-${count}` : base);
  }
  return out;
}

/** Markdown links `[text](target)` outside fenced code. */
function links(markdown: string): string[] {
  return markdown
    .split(/^```[\s\S]*?^```/m)
    .flatMap((part) => [...part.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!));
}

test('every relative link of README.md and docs/ reaches a file, and its #fragment a heading there', () => {
  const broken: string[] = [];
  for (const doc of DOCS) {
    for (const link of links(readFileSync(join(ROOT, doc), 'utf8'))) {
      if (/^[a-z]+:/i.test(link)) continue; // http(s), mailto
      const [target, fragment] = link.split('#') as [string, string | undefined];
      const path = target ? normalize(join(dirname(join(ROOT, doc)), target)) : join(ROOT, doc);
      if (!existsSync(path)) broken.push(`${doc}: ${link} (no such file)`);
      else if (fragment !== undefined && path.endsWith('.md') && !anchors(readFileSync(path, 'utf8')).has(fragment)) {
        broken.push(`${doc}: ${link} (no such heading)`);
      }
    }
  }
  assert.deepEqual(broken, []);
});

test("the integration guide names only the flow's message types and bridge objects", () => {
  const guide = readFileSync(join(ROOT, 'docs/integration.md'), 'utf8');
  const messages = readFileSync(join(ROOT, 'src/bridge/messages.ts'), 'utf8');
  const deliver = readFileSync(join(ROOT, 'src/bridge/deliver.ts'), 'utf8');
  const known = new Set([...messages.matchAll(/'(service-flow-[a-z-]+)'/g)].map((m) => m[1]!));
  const named = new Set([...guide.matchAll(/service-flow-[a-z]+(?:-[a-z]+)*/g)].map((m) => m[0]));
  const unknown = [...named].filter((name) => !known.has(name));
  assert.deepEqual(unknown, [], `unknown message types in docs/integration.md: ${unknown.join(', ')}`);
  assert.ok(known.size >= 6, 'messages.ts lists the message types');
  for (const bridge of ['ReactNativeWebView', 'messageHandlers', 'serviceFlow', 'ServiceFlowAndroid']) {
    assert.ok(guide.includes(bridge), `the guide names ${bridge}`);
    assert.ok(deliver.includes(bridge), `the flow posts to ${bridge}`);
  }
});
