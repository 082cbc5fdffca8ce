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
  /** In order: what the page did, `replaceState <url>` or `fetch <url>`. */
  const done: string[] = [];
  let runtimeLoads = 0;
  const location = { pathname: '/login', search };
  const win: Record<string, unknown> = {
    location,
    history: {
      replaceState: (_data: unknown, _unused: string, url: string) => {
        done.push(`replaceState ${url}`);
        location.search = '';
      },
    },
    fetch: (url: string, init: Sent['init']) => {
      done.push(`fetch ${url}`);
      sent.push({ url, init });
      return Promise.reject(new TypeError('offline'));
    },
  };
  win.parent = framed ? {} : win;
  sendEarlyRequests(win as unknown as Parameters<typeof sendEarlyRequests>[0], 'https://api.example.com', async () => void (runtimeLoads += 1));
  return { sent, done, location, early: win[EARLY_REQUESTS] as EarlyRequests | undefined, runtimeLoads };
}

describe('the early requests', () => {
  it('at top level: the session and the account, with the flow token and the client\'s fetch options', async () => {
    const { sent, early } = run('?token=flow_abc');
    expect(sent.map((s) => s.url)).to.deep.equal(['https://api.example.com/v1/account/flow', 'https://api.example.com/v1/account']);
    for (const { init } of sent) {
      expect(init.headers).to.deep.equal({ Accept: 'application/json', Authorization: 'Bearer flow_abc' });
      expect([init.credentials, init.cache, init.referrerPolicy]).to.deep.equal(['omit', 'no-store', 'no-referrer']);
    }
    expect(early?.search, 'the link, with the token the requests carry').to.equal('?token=flow_abc');
    expect(Object.keys(early!.responses)).to.deep.equal(sent.map((s) => s.url));
    // A failure is the flow's to report (its client retries); the page itself leaves no unhandled rejection.
    const failure = await early!.responses['https://api.example.com/v1/account']!.catch((e: unknown) => e);
    expect(String(failure)).to.match(/offline/);
  });

  it('takes the token out of the address bar before anything else, and hands the link to the core', () => {
    // The core (which strips it too) may take seconds to download, or never arrive: the token must not wait for it.
    const { done, location, early } = run('?token=flow_abc&locale=es&battery_authorization=bat_1');
    expect(done[0]).to.equal('replaceState /login');
    expect(done.slice(1).every((d) => d.startsWith('fetch '))).to.equal(true);
    expect(location.search).to.equal('');
    // The core reads the link (its token, locale, what a page sent back) from what it is handed, and strips /login.
    expect([early?.pathname, early?.search]).to.deep.equal(['/login', '?token=flow_abc&locale=es&battery_authorization=bat_1']);
    // Without a token, the address bar is the core's to clean (a `?locale=es` reload, a maker's page sending back).
    expect(run('?battery_authorization=bat_1').done).to.deep.equal([]);
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
