/**
 * The session clock in the flow: what the host hears and the customer sees when the link's hour runs out on a done
 * screen, and when the browser's clock is far from the service's.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { SfFlow } from '../../src/flow/flow.js';
import { ADDRESS, LOCATION_UUID, location, makeAccount, makeSession, queued } from './fixtures.js';
import { closeMessages, current, fakeApi, fakeHost, mountFlow, waitForView } from './harness.js';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const soon = (ms: number) => new Date(Date.now() + ms).toISOString();

const queuedLocation = location(undefined, { queued_contract: queued });

describe('the hour runs out on a done screen', () => {
  afterEach(() => sessionStorage.clear());

  it('enrollment: the link expires while "Enrollment received" is on screen: the host hears completed, not expired', async () => {
    const finalized = makeAccount(
      { service_address: ADDRESS, status: 'reviewing', status_reason: 'verification_pending' },
      { is_enrollment_finalized: true, has_accepted_plan: true },
    );
    const { el, host } = await mountFlow({ account: finalized, session: makeSession({ expires_at: soon(700) }) });
    await waitForView(el, 'sf-step-done');
    await waitUntil(() => closeMessages(host).length > 0, 'no close message', { timeout: 4000 });
    // Closing this screen says `completed` (the exit outcome of a finalized enrollment); the hour running out on it
    // must not tell the partner "get a new link to continue".
    expect(closeMessages(host).map((m) => m.reason)).to.deep.equal(['completed']);
    const screen = await waitForView(el, 'sf-status-screen');
    expect(screen.getAttribute('kind'), 'the customer who finished is told the link expired').to.not.equal('expired');
  });

  it('renewal: the link expires while "Your renewal is confirmed" is on screen: the host hears completed, not expired', async () => {
    const account = makeAccount({ status: 'active', status_reason: 'active', location_uuid: LOCATION_UUID } as never);
    const host = fakeHost();
    const api = fakeApi({
      getFlow: async () => makeSession({ scope: 'renewal', expires_at: soon(1500) }),
      getAccount: async () => account,
      getLocation: async () => queuedLocation,
      listAllDocuments: async () => ({ data: [] }) as never,
    });
    // A reload of the tab after the renewal was accepted: the done screen (returned.done, session-done.ts).
    const el = await fixture<SfFlow>(html`<sf-flow .api=${api} .hostWindow=${host} .returned=${{ done: true }}></sf-flow>`);
    await waitForView(el, 'sf-step-renewal-done');
    await waitUntil(() => closeMessages(host).length > 0, 'no close message', { timeout: 5000 });
    expect(closeMessages(host).map((m) => m.reason)).to.deep.equal(['completed']);
  });
});

describe("the browser's clock far from the service's", () => {
  afterEach(() => sessionStorage.clear());

  it('a phone an hour fast: a link the service has just accepted is not closed as expired at once', async () => {
    // The service answered GET /v1/account/flow, so its now is before expires_at; the phone's clock is 61 minutes
    // ahead of the service's, so for the phone expires_at (service now + 60 min) is a minute ago.
    // The service says how many seconds are left (expires_in); without it, a link it has just accepted is not ended
    // by a clock that says it is past.
    for (const expires_in of [59 * 60, undefined]) {
      const session = makeSession({ expires_at: new Date(Date.now() - 60_000).toISOString(), expires_in } as never);
      const { el, host } = await mountFlow({ session });
      await waitForView(el, 'sf-step-address');
      await pause(1500);
      expect(closeMessages(host).map((m) => m.reason), 'the host was told the fresh link expired').to.deep.equal([]);
      expect(host.messages.filter((m) => m.type === 'service-flow-session-expiring')).to.have.length(0);
      expect(current(el)?.localName, 'the customer got "This link has expired" instead of the first step').to.equal('sf-step-address');
      el.remove();
      sessionStorage.clear();
    }
  });

  it('a phone 58 minutes fast: a fresh link does not warn at once that it expires in two minutes (the service says an hour is left)', async () => {
    const session = makeSession({ expires_at: new Date(Date.now() + 2 * 60_000).toISOString(), expires_in: 3600 });
    const { el, host } = await mountFlow({ session });
    await waitForView(el, 'sf-step-address');
    await pause(1500);
    expect(host.messages.filter((m) => m.type === 'service-flow-session-expiring')).to.have.length(0);
    expect(el.shadowRoot!.querySelector('sf-expiry-notice')).to.equal(null);
  });
});
