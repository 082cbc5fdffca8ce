import { expect } from '@open-wc/testing';
import { captureLaunch, cleanPath, forgetSession, remember, SESSION_KEY, takeEarlyRequests, type SessionStore } from '../../src/flow/bootstrap.js';
import { markSessionDone } from '../../src/flow/session-done.js';
import { sentRenewals } from '../../src/scopes/renewal/sent.js';

function memoryStore(): SessionStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

function fakeHistory() {
  const urls: string[] = [];
  return { urls, replaceState: (_d: unknown, _u: string, url?: string | URL | null) => void urls.push(String(url)) };
}

describe('bootstrap', () => {
  it('takes the token and locale from /login and strips them from the address bar', () => {
    const store = memoryStore();
    const history = fakeHistory();
    const launch = captureLaunch({ pathname: '/login', search: '?token=flow_abc&locale=es' }, history, store);
    expect(launch).to.deep.equal({ token: 'flow_abc', locale: 'es', returned: {} });
    expect(history.urls).to.deep.equal(['/']);
    expect(JSON.parse(store.data.get(SESSION_KEY)!).token).to.equal('flow_abc');
  });

  it('a session whose done screen showed resumes with done after a reload; a new link starts without it', () => {
    const store = window.sessionStorage;
    try {
      captureLaunch({ pathname: '/login', search: '?token=flow_abc' }, fakeHistory(), store);
      expect(captureLaunch({ pathname: '/', search: '' }, fakeHistory(), store).returned).to.deep.equal({});
      markSessionDone();
      // What is written later (a language) keeps it.
      remember(store, 'flow_abc', { locale: 'es' });
      remember(store, 'flow_other', { locale: 'en' });
      const reload = captureLaunch({ pathname: '/', search: '' }, fakeHistory(), store);
      expect(reload).to.deep.equal({ token: 'flow_abc', locale: 'es', returned: { done: true } });
      // Only a flag is stored beside the token.
      expect(Object.keys(JSON.parse(store.getItem(SESSION_KEY)!)).sort()).to.deep.equal(['done', 'locale', 'token']);
      captureLaunch({ pathname: '/login', search: '?token=flow_new' }, fakeHistory(), store);
      expect(captureLaunch({ pathname: '/', search: '' }, fakeHistory(), store).returned).to.deep.equal({});
      forgetSession(store);
      markSessionDone();
      expect(store.getItem(SESSION_KEY), 'no session, nothing marked').to.equal(null);
    } finally {
      forgetSession(store);
    }
  });

  it('the renewal plans a session sent are kept beside the token across what is written later, and go with a new link', () => {
    const store = window.sessionStorage;
    try {
      captureLaunch({ pathname: '/login', search: '?token=flow_abc' }, fakeHistory(), store);
      remember(store, null, { sent: ['plan-a'] });
      remember(store, 'flow_abc', { locale: 'es' });
      markSessionDone();
      expect(sentRenewals()).to.deep.equal(['plan-a']);
      expect(captureLaunch({ pathname: '/', search: '' }, fakeHistory(), store)).to.deep.equal({ token: 'flow_abc', locale: 'es', returned: { done: true } });
      captureLaunch({ pathname: '/login', search: '?token=flow_new' }, fakeHistory(), store);
      expect(sentRenewals()).to.deep.equal([]);
      // Whatever else is found there is not taken for a plan.
      store.setItem(SESSION_KEY, JSON.stringify({ token: 'flow_new', sent: 'plan-a' }));
      expect(sentRenewals()).to.deep.equal([]);
      store.setItem(SESSION_KEY, '{');
      expect(sentRenewals()).to.deep.equal([]);
    } finally {
      forgetSession(store);
    }
  });

  it('keeps a base path', () => {
    expect(cleanPath('/flow/login')).to.equal('/flow/');
    expect(cleanPath('/login/')).to.equal('/');
    expect(cleanPath('/')).to.equal('/');
  });

  it('resumes from the tab session on reload, however long after: whether the token still works is the service\'s to say', () => {
    const store = memoryStore();
    captureLaunch({ pathname: '/login', search: '?token=flow_abc' }, fakeHistory(), store);
    const history = fakeHistory();
    expect(captureLaunch({ pathname: '/', search: '' }, history, store).token).to.equal('flow_abc');
    expect(history.urls).to.deep.equal([]);
    // No end is stored: a tab the phone discarded and reloads after the hour (or a device clock that is fast) sends
    // the token, and the service's 401 token_expired says "This link has expired" and closes `expired`, not "This link
    // is incomplete" (e2e/expiry.spec.ts).
    expect(Object.keys(JSON.parse(store.data.get(SESSION_KEY)!)).sort()).to.deep.equal(['locale', 'token']);
  });

  it('forgets the session, and survives missing or corrupt storage', () => {
    const store = memoryStore();
    store.setItem(SESSION_KEY, '{not json');
    expect(captureLaunch({ pathname: '/', search: '' }, fakeHistory(), store).token).to.equal(null);
    expect(captureLaunch({ pathname: '/login', search: '?token=t' }, fakeHistory(), null).token).to.equal('t');
    forgetSession(store);
    expect(store.data.size).to.equal(0);
  });

  it('reads and strips what a page the flow navigated to sent back, and resumes the stored session with it', () => {
    const store = memoryStore();
    captureLaunch({ pathname: '/login', search: '?token=flow_abc' }, fakeHistory(), store);
    const history = fakeHistory();
    const launch = captureLaunch({ pathname: '/', search: '?battery_authorization=7c2d9e4f-0000-4000-8000-000000000001&other=x' }, history, store);
    expect(launch).to.deep.equal({ token: 'flow_abc', locale: null, returned: { battery_authorization: '7c2d9e4f-0000-4000-8000-000000000001' } });
    expect(history.urls).to.deep.equal(['/']);
    expect(store.data.get(SESSION_KEY)).not.to.contain('7c2d9e4f');
  });

  it('reports a link without a token', () => {
    const history = fakeHistory();
    expect(captureLaunch({ pathname: '/login', search: '?locale=es' }, history, memoryStore())).to.deep.equal({ token: null, locale: 'es', returned: {} });
    expect(history.urls).to.deep.equal(['/']);
  });
});

describe('takeEarlyRequests', () => {
  const responses = { 'https://api.test/v1/account/flow': Promise.resolve(new Response('{}')) };

  it('takes the link the page\'s first script took out of the address bar, and its requests; the link leaves the page global', () => {
    const win: Pick<Window, 'sfEarly'> = { sfEarly: { responses, pathname: '/login', search: '?token=flow_a&locale=es' } };
    const early = takeEarlyRequests(win);
    expect(early?.responses).to.equal(responses);
    expect('sfEarly' in win).to.equal(false);
    expect(takeEarlyRequests(win), 'once').to.equal(undefined);
    // The flow launches from that link: its token (the one the requests carry) and language; /login leaves the path.
    const history = fakeHistory();
    expect(captureLaunch(early!, history, memoryStore())).to.deep.equal({ token: 'flow_a', locale: 'es', returned: {} });
    expect(history.urls).to.deep.equal(['/']);
  });
});
