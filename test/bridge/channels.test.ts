import { expect } from '@open-wc/testing';
import { createBridge, normalizeOrigins, observeResize, returnUrlWithReason, type BridgeWindow } from '../../src/bridge/channels.js';
import { isFlowMessage, type FlowMessage } from '../../src/bridge/messages.js';

interface FakeWindow extends BridgeWindow {
  parentCalls: Array<[unknown, string]>;
  redirects: string[];
  native: { rn: string[]; ios: unknown[]; android: string[] };
}

function fakeWindow({ framed = true, native = false } = {}): FakeWindow {
  const w = {
    parentCalls: [] as Array<[unknown, string]>,
    redirects: [] as string[],
    native: { rn: [] as string[], ios: [] as unknown[], android: [] as string[] },
    location: { replace: (url: string) => w.redirects.push(url) },
    parent: null as BridgeWindow['parent'],
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
  it('posts to the parent once per allowed origin and never with "*"', () => {
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
