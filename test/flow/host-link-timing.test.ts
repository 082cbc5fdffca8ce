/**
 * When the host link's code (bridge, session clock, height reports) loads: once the first view is on screen, not as
 * soon as the session is known, so that nothing the first view does not need competes with its requests. A file of
 * its own: a page where nothing loaded that module before (the module map keeps it for the page's life).
 */
import { expect, waitUntil } from '@open-wc/testing';
import { SessionLink } from '../../src/flow/session.js';
import { makeAccount, makeSession } from './fixtures.js';
import { fakeHost } from './harness.js';

const requested = () => performance.getEntriesByType('resource').some((e) => e.name.includes('/src/flow/host-link'));
const hooks = (hostWindow = fakeHost()) => ({ hostWindow, onExpiring: () => undefined, onExpired: () => undefined });
/** What the host heard, but the height reports of an embed. */
const heard = (host: ReturnType<typeof fakeHost>) => host.messages.filter((m) => m.type !== 'service-flow-resize');
const quiet = () => new Promise((resolve) => setTimeout(resolve, 150));

describe('the host link', () => {
  it('loads with the first step on screen, not with the session; the step and ready messages follow, in order', async () => {
    const host = fakeHost();
    const link = new SessionLink();
    link.connect(document.createElement('div'), makeSession(), hooks(host));
    await quiet();
    expect(requested(), 'fetched before the first view').to.equal(false);
    expect(host.messages).to.deep.equal([]);

    link.stepShown('address');
    await waitUntil(() => heard(host).length >= 2, 'no messages');
    expect(requested()).to.equal(true);
    expect(heard(host).map((m) => m.type)).to.deep.equal(['service-flow-step', 'service-flow-ready']);
    link.close('exited', makeAccount());
    await waitUntil(() => heard(host).length === 3, 'no close message');
    expect(heard(host)[2]).to.include({ type: 'service-flow-close', reason: 'exited' });
  });

  it('a status screen as the first view starts it: the session clock warns then, not before', async () => {
    const host = fakeHost();
    const link = new SessionLink();
    let warned = false;
    // Less than five minutes left: the clock warns as soon as it starts.
    link.connect(document.createElement('div'), makeSession({ expires_at: new Date(Date.now() + 60_000).toISOString() }), {
      ...hooks(host),
      onExpiring: () => (warned = true),
    });
    await quiet();
    expect(warned, 'the clock ran before any view').to.equal(false);
    link.viewShown();
    await waitUntil(() => warned, 'the clock did not start');
    expect(heard(host).map((m) => m.type)).to.deep.equal(['service-flow-session-expiring']);
  });

  it("applies the partner's brand color with the session, at once (the first view never changes color), unless white text on it would be unreadable", () => {
    const branded = (primary_color: string) => {
      const host = document.createElement('div');
      const session = makeSession();
      new SessionLink().connect(host, { ...session, branding: { ...session.branding, primary_color } }, hooks());
      return host.style.getPropertyValue('--sf-color-primary');
    };
    expect(branded('#1A5F3C')).to.equal('#1a5f3c');
    expect(branded('#ffe066'), 'a light yellow under white text').to.equal('');
  });

  it('Close before the session: native bridges hear it at once; a session known later takes it to the parent and starts nothing', async () => {
    const native: string[] = [];
    const host = Object.assign(fakeHost('https://partner.example'), { ReactNativeWebView: { postMessage: (json: string) => native.push(json) } });
    const link = new SessionLink();
    let warned = false;
    link.close('exited', undefined, host);
    expect(native.map((json) => (JSON.parse(json) as { type: string }).type)).to.deep.equal(['service-flow-close']);
    expect(host.messages, 'the parent before its origin is known').to.deep.equal([]);

    // The session answers after the close (less than five minutes left: a clock that ran would warn at once), and the
    // closed screen shows only then (its code was still loading).
    const view = document.body.appendChild(document.createElement('div'));
    view.style.height = '200px';
    link.connect(view, makeSession({ expires_at: new Date(Date.now() + 60_000).toISOString() }), { ...hooks(host), onExpiring: () => (warned = true) });
    link.viewShown();
    await waitUntil(() => host.messages.length > 0, 'the parent was never told');
    await quiet();
    view.remove();
    expect(host.messages.map((m) => m.type), 'no clock, no height reports after the close').to.deep.equal(['service-flow-close']);
    expect(host.origins).to.deep.equal(['https://partner.example']);
    expect(native, 'the native bridge hears it once').to.have.length(1);
    expect(warned).to.equal(false);
  });
});
