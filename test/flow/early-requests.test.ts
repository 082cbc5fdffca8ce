/**
 * The page's early requests (src/flow/early-requests.ts, run by the page's first script, src/early.ts): the session's
 * GETs exactly as the API client sends them, only with a token in the link, handed over to the core; and for a link
 * in a language other than English, the localization runtime.
 */
import { expect } from '@open-wc/testing';
import { EARLY_REQUESTS, type EarlyRequests } from '../../src/flow/bootstrap.js';
import { EARLY_LOCALES, sendEarlyRequests } from '../../src/flow/early-requests.js';
import { LOCALES } from '../../src/i18n/localization.js';

interface Sent {
  url: string;
  init: RequestInit & { headers: Record<string, string> };
}

/** Runs the early requests of a page at `search`, at top level or in a frame: what they sent, handed over, loaded. */
function run(search: string, framed = false) {
  const sent: Sent[] = [];
  let runtimeLoads = 0;
  const win: Record<string, unknown> = {
    location: { search },
    fetch: (url: string, init: Sent['init']) => {
      sent.push({ url, init });
      return Promise.reject(new TypeError('offline'));
    },
  };
  win.parent = framed ? {} : win;
  sendEarlyRequests(win as unknown as Parameters<typeof sendEarlyRequests>[0], 'https://api.example.com', async () => void (runtimeLoads += 1));
  return { sent, early: win[EARLY_REQUESTS] as EarlyRequests | undefined, runtimeLoads };
}

describe('the early requests', () => {
  it('at top level: the session and the account, with the flow token and the client\'s fetch options', async () => {
    const { sent, early } = run('?token=flow_abc');
    expect(sent.map((s) => s.url)).to.deep.equal(['https://api.example.com/v1/account/flow', 'https://api.example.com/v1/account']);
    for (const { init } of sent) {
      expect(init.headers).to.deep.equal({ Accept: 'application/json', Authorization: 'Bearer flow_abc' });
      expect([init.credentials, init.cache, init.referrerPolicy]).to.deep.equal(['omit', 'no-store', 'no-referrer']);
    }
    expect(early?.token).to.equal('flow_abc');
    expect(Object.keys(early!.responses)).to.deep.equal(sent.map((s) => s.url));
    // A failure is the flow's to report (its client retries); the page itself leaves no unhandled rejection.
    const failure = await early!.responses['https://api.example.com/v1/account']!.catch((e: unknown) => e);
    expect(String(failure)).to.match(/offline/);
  });

  it('in a frame: the session only (the account is read once the session allowed the parent)', () => {
    expect(run('?token=flow_abc', true).sent.map((s) => s.url)).to.deep.equal(['https://api.example.com/v1/account/flow']);
  });

  it('without a token in the link (a reload, a bare page): nothing sent, nothing handed over, nothing loaded', () => {
    for (const search of ['', '?locale=es', '?token=']) {
      const { sent, early, runtimeLoads } = run(search);
      expect([sent, early, runtimeLoads], search).to.deep.equal([[], undefined, 0]);
    }
  });

  it('a link in Spanish loads the localization runtime too; English, other languages and no language do not', () => {
    for (const search of ['?token=t&locale=es', '?locale=ES-mx&token=t', '?token=t&locale=es_US', '?token=t&locale=%20es']) {
      expect(run(search).runtimeLoads, search).to.equal(1);
    }
    for (const search of ['?token=t', '?token=t&locale=en', '?token=t&locale=fr', '?token=t&locale="]', '?token=t&locale=']) {
      expect(run(search).runtimeLoads, search).to.equal(0);
    }
  });

  it('speaks the flow’s languages and leaves the requests where the core takes them', () => {
    expect([...EARLY_LOCALES]).to.deep.equal(LOCALES.filter((l) => l !== 'en'));
    expect(run('?token=t').early).to.not.equal(undefined);
    expect(EARLY_REQUESTS).to.equal('sfEarly');
  });
});
