/**
 * The page's early requests (scripts/early-requests.ts): the script, run as the browser would run it (a fresh
 * context with a window of its own), sends the session's GETs exactly as the API client does, and only with a token;
 * a link in Spanish preloads the localization runtime the page names.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { runInNewContext } from 'node:vm';
import { EARLY_REQUESTS, type EarlyRequests } from '../../src/flow/bootstrap.js';
import { LOCALE_RUNTIME_META, earlyRequestsFile, earlyRequestsScript } from '../early-requests.js';

interface Sent {
  url: string;
  init: RequestInit & { headers: Record<string, string> };
}

const RUNTIME_URL = '/assets/runtime-AbC123.js';

/**
 * Runs the script in a page at `search`, at top level or in a frame, whose head has the runtime's meta element (or
 * not); what it sent, handed over and added to the head.
 */
function run(search: string, framed = false, meta = true): { sent: Sent[]; early: EarlyRequests | undefined; added: Array<Record<string, string>> } {
  const sent: Sent[] = [];
  const added: Array<Record<string, string>> = [];
  const document = {
    querySelector: (selector: string) => (meta && selector === `meta[name="${LOCALE_RUNTIME_META}"]` ? { content: RUNTIME_URL } : null),
    createElement: (tag: string) => ({ tag }),
    head: { appendChild: (el: Record<string, string>) => added.push({ ...el }) },
  };
  const win: Record<string, unknown> = {
    location: { search },
    document,
    fetch: (url: string, init: Sent['init']) => {
      sent.push({ url, init });
      return Promise.reject(new TypeError('offline'));
    },
  };
  win.parent = framed ? {} : win;
  runInNewContext(earlyRequestsScript('https://api.example.com/'), { window: win, URLSearchParams });
  return { sent, early: win[EARLY_REQUESTS] as EarlyRequests | undefined, added };
}

describe('the early requests', () => {
  it('at top level: the session and the account, with the flow token and the client\'s fetch options', async () => {
    const { sent, early } = run('?token=flow_abc&locale=es');
    assert.deepEqual(sent.map((s) => s.url), ['https://api.example.com/v1/account/flow', 'https://api.example.com/v1/account']);
    for (const { init } of sent) {
      assert.deepEqual({ ...init.headers }, { Accept: 'application/json', Authorization: 'Bearer flow_abc' });
      assert.equal(init.credentials, 'omit');
      assert.equal(init.cache, 'no-store');
      assert.equal(init.referrerPolicy, 'no-referrer');
    }
    assert.equal(early?.token, 'flow_abc');
    assert.deepEqual(Object.keys(early!.responses), sent.map((s) => s.url));
    // A failure is the flow's to report (its client retries); the page itself leaves no unhandled rejection.
    await assert.rejects(early!.responses['https://api.example.com/v1/account']!, /offline/);
  });

  it('in a frame: the session only (the account is read once the session allowed the parent)', () => {
    const { sent } = run('?token=flow_abc', true);
    assert.deepEqual(sent.map((s) => s.url), ['https://api.example.com/v1/account/flow']);
  });

  it('without a token in the link (a reload, a bare page): nothing sent, nothing handed over, nothing preloaded', () => {
    for (const search of ['', '?locale=es', '?token=']) {
      const { sent, early, added } = run(search);
      assert.deepEqual(sent, [], search);
      assert.equal(early, undefined, search);
      assert.deepEqual(added, [], search);
    }
  });

  it('a link in Spanish preloads the runtime the page names, as the module the flow imports (CORS, no credentials)', () => {
    for (const search of ['?token=flow_abc&locale=es', '?locale=ES-mx&token=flow_abc', '?token=flow_abc&locale=es_US']) {
      assert.deepEqual(run(search).added, [{ tag: 'link', rel: 'modulepreload', crossOrigin: '', href: RUNTIME_URL }], search);
    }
    assert.equal(run('?token=flow_abc&locale=es', true).added.length, 1, 'in a frame too');
  });

  it('in English, in a language the flow does not speak, or without the meta element: nothing preloaded', () => {
    for (const search of ['?token=flow_abc', '?token=flow_abc&locale=en', '?token=flow_abc&locale=fr', '?token=flow_abc&locale="]']) {
      assert.deepEqual(run(search).added, [], search);
    }
    assert.deepEqual(run('?token=flow_abc&locale=es', false, false).added, []);
  });

  it('is a file named by the hash of its text (cached as a hashed asset), per service URL', () => {
    assert.match(earlyRequestsFile('https://api.example.com'), /^assets\/early-[0-9a-f]{10}\.js$/);
    assert.match(earlyRequestsFile('https://api.example.com', 'static'), /^static\/early-/);
    assert.notEqual(earlyRequestsFile('https://api.example.com'), earlyRequestsFile('https://api.other.example'));
    assert.equal(earlyRequestsScript('https://api.example.com/'), earlyRequestsScript('https://api.example.com'));
  });
});
