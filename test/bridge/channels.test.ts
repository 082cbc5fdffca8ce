import { expect } from '@open-wc/testing';
import { createBridge, normalizeOrigins, observeResize, parentTargets, refusesParent, returnUrlWithReason, type BridgeWindow } from '../../src/bridge/channels.js';
import { isFlowMessage, type FlowMessage } from '../../src/bridge/messages.js';

interface FakeWindow extends BridgeWindow {
  parentCalls: Array<[unknown, string]>;
  listeners: Array<(event: MessageEvent) => void>;
  /** Delivers a message event as the browser would: `source` the sending window, `origin` its origin. */
  receive(data: unknown, origin: string, source: unknown): void;
  redirects: string[];
  native: { rn: string[]; ios: unknown[]; android: string[] };
}

/** `ancestor`: what `location.ancestorOrigins[0]` says (undefined: a browser without it, e.g. Firefox). */
function fakeWindow({ framed = true, native = false, ancestor }: { framed?: boolean; native?: boolean; ancestor?: string } = {}): FakeWindow {
  const w = {
    parentCalls: [] as Array<[unknown, string]>,
    listeners: [] as Array<(event: MessageEvent) => void>,
    redirects: [] as string[],
    native: { rn: [] as string[], ios: [] as unknown[], android: [] as string[] },
    location: {
      replace: (url: string) => w.redirects.push(url),
      ...(ancestor === undefined ? {} : { ancestorOrigins: framed ? [ancestor] : [] }),
    },
    parent: null as BridgeWindow['parent'],
    addEventListener: (_type: string, listener: (event: MessageEvent) => void) => w.listeners.push(listener),
    removeEventListener: (_type: string, listener: (event: MessageEvent) => void) => (w.listeners = w.listeners.filter((l) => l !== listener)),
    receive: (data: unknown, origin: string, source: unknown) => {
      for (const listener of [...w.listeners]) listener({ data, origin, source } as MessageEvent);
    },
  } as FakeWindow;
  w.parent = framed ? { postMessage: (m: unknown, o: string) => w.parentCalls.push([m, o]) } : (w as never);
  if (native) {
    w.ReactNativeWebView = { postMessage: (m: string) => w.native.rn.push(m) };
    w.webkit = { messageHandlers: { serviceFlow: { postMessage: (m: unknown) => w.native.ios.push(m) } } };
    w.ServiceFlowAndroid = { postMessage: (m: string) => w.native.android.push(m) };
  }
  return w;
}

const origins = ['https://partner.example', 'https://www.partner.example/some/path', '*', 'null', 'javascript:alert(1)'];

describe('bridge', () => {
  it('posts each message once, to the parent\'s origin when the browser names it and it is allowed', () => {
    const win = fakeWindow({ ancestor: 'https://www.partner.example' });
    const bridge = createBridge({ allowedOrigins: origins, scope: 'enrollment', behavior: 'embedded', window: win });
    bridge.post({ type: 'service-flow-ready' });
    bridge.close('completed');
    expect(win.parentCalls.map(([m, o]) => [(m as FlowMessage).type, o])).to.deep.equal([
      ['service-flow-ready', 'https://www.partner.example'],
      ['service-flow-close', 'https://www.partner.example'],
    ]);
  });

  it('posts nothing to a parent whose origin is not allowed, and still tells a native bridge', () => {
    for (const ancestor of ['https://evil.example', 'null', 'https://partner.example:8443']) {
      const win = fakeWindow({ ancestor, native: true });
      const bridge = createBridge({ allowedOrigins: origins, scope: 'enrollment', behavior: 'embedded', window: win });
      bridge.post({ type: 'service-flow-ready' });
      expect(win.parentCalls, ancestor).to.have.length(0);
      expect(win.native.rn).to.have.length(1);
    }
  });

  it('without ancestorOrigins, learns the parent\'s origin from its service-flow-init (only from the parent window)', () => {
    const win = fakeWindow();
    const bridge = createBridge({ allowedOrigins: origins, scope: 'enrollment', behavior: 'embedded', window: win });
    // Another window (a popup, a sibling frame) claiming to be the host is not listened to.
    win.receive({ type: 'service-flow-init', version: 1 }, 'https://partner.example', {});
    win.receive({ type: 'service-flow-other' }, 'https://partner.example', win.parent);
    bridge.post({ type: 'service-flow-ready' });
    expect(win.parentCalls.map(([, o]) => o)).to.deep.equal(['https://partner.example', 'https://www.partner.example']);
    win.parentCalls.length = 0;
    win.receive({ type: 'service-flow-init', version: 1 }, 'https://www.partner.example', win.parent);
    // The first answer fixes it.
    win.receive({ type: 'service-flow-init', version: 1 }, 'https://partner.example', win.parent);
    bridge.post({ type: 'service-flow-step', step: 'plans' });
    expect(win.parentCalls.map(([, o]) => o)).to.deep.equal(['https://www.partner.example']);
    bridge.close('exited');
    expect(win.listeners).to.have.length(0);
  });

  it('sends nothing to a parent whose service-flow-init comes from an origin that is not allowed', () => {
    const win = fakeWindow();
    const bridge = createBridge({ allowedOrigins: origins, scope: 'enrollment', behavior: 'embedded', window: win });
    win.receive({ type: 'service-flow-init', version: 1 }, 'https://evil.example', win.parent);
    bridge.post({ type: 'service-flow-ready' });
    expect(win.parentCalls).to.have.length(0);
  });

  it('decides the targets in one place: known and allowed, known and not allowed, unknown', () => {
    const allowed = normalizeOrigins(origins);
    expect(parentTargets(fakeWindow({ ancestor: 'https://partner.example' }), allowed)).to.deep.equal(['https://partner.example']);
    expect(parentTargets(fakeWindow({ ancestor: 'http://partner.example' }), allowed)).to.deep.equal([]);
    expect(parentTargets(fakeWindow(), allowed, 'https://partner.example')).to.deep.equal(['https://partner.example']);
    // The browser's word wins over a message's.
    expect(parentTargets(fakeWindow({ ancestor: 'https://evil.example' }), allowed, 'https://partner.example')).to.deep.equal([]);
    expect(parentTargets(fakeWindow(), allowed)).to.deep.equal(allowed);
  });

  it('refuses a parent frame the session does not allow; never top level or a native WebView', () => {
    const allowed = ['https://partner.example/'];
    expect(refusesParent(fakeWindow({ ancestor: 'https://evil.example' }), allowed)).to.equal(true);
    expect(refusesParent(fakeWindow({ ancestor: 'null' }), allowed)).to.equal(true);
    expect(refusesParent(fakeWindow({ ancestor: 'https://partner.example' }), allowed)).to.equal(false);
    expect(refusesParent(fakeWindow({ ancestor: 'https://partner.example' }), [])).to.equal(true);
    expect(refusesParent(fakeWindow({ framed: false, ancestor: 'x' }), [])).to.equal(false);
    expect(refusesParent(fakeWindow({ ancestor: 'https://evil.example', native: true }), allowed)).to.equal(false);
    // The parent's origin unknown (no ancestorOrigins): only a session that allows no parent at all refuses.
    expect(refusesParent(fakeWindow(), allowed)).to.equal(false);
    expect(refusesParent(fakeWindow(), null)).to.equal(true);
  });

  it('without a known parent origin, posts to the parent once per allowed origin and never with "*"', () => {
    const win = fakeWindow();
    const bridge = createBridge({ allowedOrigins: origins, scope: 'enrollment', behavior: 'embedded', window: win });
    bridge.post({ type: 'service-flow-step', step: 'plans' });
    expect(win.parentCalls.map(([, o]) => o)).to.deep.equal(['https://partner.example', 'https://www.partner.example']);
    for (const [message] of win.parentCalls) {
      expect(message).to.deep.equal({ type: 'service-flow-step', step: 'plans', version: 1, scope: 'enrollment' });
      expect(isFlowMessage(message)).to.equal(true);
    }
  });

  it('does not post to itself at top level', () => {
    const win = fakeWindow({ framed: false });
    const bridge = createBridge({ allowedOrigins: origins, scope: 'enrollment', behavior: 'embedded', window: win });
    bridge.post({ type: 'service-flow-ready' });
    expect(win.parentCalls).to.have.length(0);
    expect(bridge.embedded).to.equal(false);
  });

  it('uses every native channel present, JSON where the channel takes strings', () => {
    const win = fakeWindow({ framed: false, native: true });
    const bridge = createBridge({ allowedOrigins: [], scope: 'billing', behavior: 'embedded', window: win });
    bridge.post({ type: 'service-flow-session-expiring', expires_at: '2030-01-01T00:00:00Z' });
    const expected = { type: 'service-flow-session-expiring', expires_at: '2030-01-01T00:00:00Z', version: 1, scope: 'billing' };
    expect(JSON.parse(win.native.rn[0]!)).to.deep.equal(expected);
    expect(win.native.ios[0]).to.deep.equal(expected);
    expect(JSON.parse(win.native.android[0]!)).to.deep.equal(expected);
    expect(bridge.embedded).to.equal(true);
  });

  it('keeps going when one channel throws', () => {
    const win = fakeWindow({ native: true });
    win.ReactNativeWebView = { postMessage: () => { throw new Error('gone'); } };
    const bridge = createBridge({ allowedOrigins: origins, scope: 'enrollment', behavior: 'embedded', window: win });
    bridge.post({ type: 'service-flow-ready' });
    expect(win.native.android).to.have.length(1);
  });

  it('closes once, with the account status, and tells the root the host takes over', () => {
    const win = fakeWindow();
    const bridge = createBridge({ allowedOrigins: ['https://partner.example'], scope: 'enrollment', behavior: 'embedded', window: win });
    expect(bridge.close('completed', { status: 'reviewing', status_reason: 'verification_pending' })).to.equal('posted');
    expect(bridge.close('exited')).to.equal('posted');
    bridge.post({ type: 'service-flow-step', step: 'done' });
    expect(win.parentCalls).to.have.length(1);
    expect(win.parentCalls[0]![0]).to.deep.equal({
      type: 'service-flow-close',
      reason: 'completed',
      account_status: 'reviewing',
      status_reason: 'verification_pending',
      version: 1,
      scope: 'enrollment',
    } satisfies FlowMessage);
  });

  it('redirects a hosted top-level flow to the return URL with the reason', () => {
    const win = fakeWindow({ framed: false });
    const bridge = createBridge({
      allowedOrigins: [],
      scope: 'enrollment',
      behavior: 'hosted',
      returnUrl: 'https://partner.example/done?x=1',
      window: win,
    });
    expect(bridge.close('exited')).to.equal('redirected');
    expect(win.redirects).to.deep.equal(['https://partner.example/done?x=1&reason=exited']);
  });

  it('shows the final screen when hosted without a usable return URL', () => {
    for (const returnUrl of [null, 'javascript:alert(1)', 'not a url']) {
      const win = fakeWindow({ framed: false });
      const bridge = createBridge({ allowedOrigins: [], scope: 'enrollment', behavior: 'hosted', returnUrl, window: win });
      expect(bridge.close('completed')).to.equal('show-final-screen');
      expect(win.redirects).to.have.length(0);
    }
  });

  it('does not redirect when framed, even in hosted mode', () => {
    const win = fakeWindow();
    const bridge = createBridge({
      allowedOrigins: ['https://partner.example'],
      scope: 'enrollment',
      behavior: 'hosted',
      returnUrl: 'https://partner.example/done',
      window: win,
    });
    expect(bridge.close('exited')).to.equal('posted');
    expect(win.redirects).to.have.length(0);
  });

  it('normalizes origins and return URLs', () => {
    expect(normalizeOrigins(['https://a.example:8443/x', 'https://a.example:8443', 'ftp://x'])).to.deep.equal(['https://a.example:8443']);
    expect(returnUrlWithReason('http://localhost:5174/back#top', 'error')).to.equal('http://localhost:5174/back?reason=error#top');
    expect(returnUrlWithReason('https://p.example/back?x=1', 'completed', 'es')).to.equal('https://p.example/back?x=1&reason=completed&locale=es');
  });

  it("keeps the partner's own query exactly as written, adding reason and locale after it", () => {
    // A signed state (its signature covers these exact bytes), a bare flag, and a space written as %20 (which a
    // non-form decoder reads back as a space, but "+" as a plus).
    const partner = 'https://partner.example/back?state=a%20b~c&flag&next=/home';
    expect(returnUrlWithReason(partner, 'completed', 'es')).to.equal(`${partner}&reason=completed&locale=es`);
    expect(returnUrlWithReason('https://partner.example/back?q=a%20b#top', 'exited', 'en')).to.equal('https://partner.example/back?q=a%20b&reason=exited&locale=en#top');
  });

  it("drops only the partner's own reason and locale, so that the return page reads the flow's", () => {
    const url = returnUrlWithReason('https://partner.example/back?reason=mine&a=1&locale=fr&reason%3D&b', 'expired', 'es');
    expect(url).to.equal('https://partner.example/back?a=1&reason%3D&b&reason=expired&locale=es');
    expect(new URL(url!).searchParams.getAll('reason')).to.deep.equal(['expired']);
  });

  it('a redirected hosted flow lands on the partner URL with its query intact', () => {
    const win = fakeWindow({ framed: false });
    const bridge = createBridge({
      allowedOrigins: ['https://partner.example'],
      scope: 'enrollment',
      behavior: 'hosted',
      returnUrl: 'https://partner.example/back?q=a%20b',
      window: win,
    });
    expect(bridge.close('exited', null, 'en')).to.equal('redirected');
    expect(win.redirects).to.deep.equal(['https://partner.example/back?q=a%20b&reason=exited&locale=en']);
  });

  it('a close the native bridges heard already goes to the parent frame only, and still redirects a hosted page', () => {
    const both = fakeWindow({ native: true, ancestor: 'https://partner.example' });
    const framed = createBridge({ allowedOrigins: origins, scope: 'enrollment', behavior: 'embedded', window: both });
    expect(framed.close('exited', null, 'en', true)).to.equal('posted');
    expect(both.parentCalls.map(([m, o]) => [(m as FlowMessage).type, o])).to.deep.equal([['service-flow-close', 'https://partner.example']]);
    expect(both.native).to.deep.equal({ rn: [], ios: [], android: [] });

    const top = fakeWindow({ framed: false });
    const hosted = createBridge({ allowedOrigins: [], scope: 'enrollment', behavior: 'hosted', returnUrl: 'https://partner.example/back', window: top });
    expect(hosted.close('exited', null, 'en', true)).to.equal('redirected');
    expect(top.redirects).to.deep.equal(['https://partner.example/back?reason=exited&locale=en']);

    const app = fakeWindow({ framed: false, native: true });
    const native = createBridge({ allowedOrigins: [], scope: 'enrollment', behavior: 'hosted', returnUrl: 'https://partner.example/back', window: app });
    expect(native.close('exited', null, 'en', true)).to.equal('posted');
    expect(app.native).to.deep.equal({ rn: [], ios: [], android: [] });
    expect(app.redirects).to.have.length(0);
  });

  it('reports height changes, throttled, with the last height always sent', async () => {
    const posted: number[] = [];
    const box = document.createElement('div');
    box.style.height = '100px';
    document.body.append(box);
    const stop = observeResize(box, { post: (m) => posted.push((m as { height: number }).height) }, { intervalMs: 50 });
    await new Promise((r) => setTimeout(r, 30));
    box.style.height = '150px';
    await new Promise((r) => requestAnimationFrame(r));
    box.style.height = '220.4px';
    await new Promise((r) => setTimeout(r, 120));
    stop();
    box.remove();
    expect(posted[0]).to.equal(100);
    expect(posted[posted.length - 1]).to.equal(221);
    expect(posted.length).to.be.at.most(3);
  });
});
