/**
 * The partner-facing docs point where they say: every relative link of README.md and docs/*.md names a file that
 * exists and, with a `#fragment`, a heading of that Markdown file (GitHub's anchors); and the integration guide names
 * only message types and bridge objects the flow has (src/bridge). The guide's web and Node snippets are run by
 * e2e/guide-snippets.spec.ts; its webhook check, here, against what the sandbox delivers.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, normalize, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { WebhookDispatcher } from '../../demo/sandbox/webhooks.js';

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

test("the guide's webhook check accepts what the sandbox delivers, and refuses a changed body, another secret or an old one", async () => {
  const guide = readFileSync(join(ROOT, 'docs/integration.md'), 'utf8');
  const marker = '<!-- snippet: webhook-node -->';
  const at = guide.indexOf(marker);
  assert.ok(at >= 0, `docs/integration.md has no snippet marked "${marker}"`);
  const code = /^\s*```js\n([\s\S]*?)\n```/.exec(guide.slice(at + marker.length))?.[1];
  assert.ok(code, `"${marker}" is followed by a js fence`);
  const dir = mkdtempSync(join(tmpdir(), 'webhook-snippet-'));
  const saved = process.env.SANDBOX_WEBHOOK_SECRET;
  try {
    writeFileSync(join(dir, 'webhook.mjs'), code);
    // Without the secret it stops at start, naming the variable.
    delete process.env.SANDBOX_WEBHOOK_SECRET;
    await assert.rejects(import(`${pathToFileURL(join(dir, 'webhook.mjs')).href}?unset`), /SANDBOX_WEBHOOK_SECRET/);
    process.env.SANDBOX_WEBHOOK_SECRET = 'whsec_docs_test';
    const { verifyWebhook } = (await import(pathToFileURL(join(dir, 'webhook.mjs')).href)) as {
      verifyWebhook(rawBody: string, header: string | undefined, nowMs?: number): boolean;
    };
    const sent: Array<{ headers: Headers; body: string }> = [];
    const deliver = (secret: string) =>
      new WebhookDispatcher({
        url: 'http://partner.test/webhooks',
        secret,
        fetch: async (_url, init) => {
          sent.push({ headers: new Headers(init?.headers), body: String(init?.body) });
          return new Response(null, { status: 204 });
        },
      });
    const sandbox = deliver('whsec_docs_test');
    sandbox.emit('enrollment.finalized', { account_uuid: '1e3b89d6-0000-4000-8000-000000000000' });
    await sandbox.idle();
    const other = deliver('whsec_another');
    other.emit('enrollment.finalized', { account_uuid: '1e3b89d6-0000-4000-8000-000000000000' });
    await other.idle();
    const [ours, theirs] = sent;
    assert.ok(ours && theirs);
    const header = ours.headers.get('service-signature') ?? undefined;
    assert.equal(verifyWebhook(ours.body, header), true, 'a delivery the sandbox signed');
    assert.equal(JSON.parse(ours.body).id, ours.headers.get('service-webhook-id'), 'the event id is the Service-Webhook-Id');
    assert.equal(verifyWebhook(ours.body.replace('finalized', 'plan_accepted'), header), false, 'a changed body');
    assert.equal(verifyWebhook(theirs.body, theirs.headers.get('service-signature') ?? undefined), false, 'another secret');
    assert.equal(verifyWebhook(ours.body, undefined), false, 'no header');
    assert.equal(verifyWebhook(ours.body, header, Date.now() + 6 * 60_000), false, 'six minutes later');
    sandbox.close();
    other.close();
  } finally {
    if (saved === undefined) delete process.env.SANDBOX_WEBHOOK_SECRET;
    else process.env.SANDBOX_WEBHOOK_SECRET = saved;
    rmSync(dir, { recursive: true, force: true });
  }
});
