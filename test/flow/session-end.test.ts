/**
 * A flow that closes because the customer finished or left ends its session at the service (DELETE /v1/account/flow),
 * so that the link, which the browser's history keeps, stops working then rather than at the end of its hour. The
 * close message waits for its answer (after it the host removes the frame, or the page leaves for the return URL),
 * and a refusal for too many requests or a failure is sent again.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { SessionLink } from '../../src/flow/session.js';
import type { CloseReason } from '../../src/bridge/messages.js';
import { makeAccount, makeSession } from './fixtures.js';
import { fakeHost } from './harness.js';

interface Sent {
  url: string;
  init: RequestInit;
  /** How many messages the host had heard when it was sent. */
  heard: number;
}

describe('the end of a flow session', () => {
  const realFetch = window.fetch;
  let sent: Sent[] = [];
  let host = fakeHost();
  /** The service's answers to the DELETEs, in order (then 204). */
  let answers: Array<number | 'offline'> = [];

  beforeEach(() => {
    sent = [];
    host = fakeHost();
    answers = [];
    window.fetch = ((url: string, init: RequestInit) => {
      if (String(url).includes('/v1/account/flow')) {
        sent.push({ url: String(url), init, heard: host.messages.length });
        const answer = answers.shift() ?? 204;
        return answer === 'offline' ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve(new Response(null, { status: answer, headers: answer === 429 ? { 'Retry-After': '1' } : {} }));
      }
      return realFetch(url, init);
    }) as typeof fetch;
  });
  afterEach(() => {
    window.fetch = realFetch;
  });

  async function closeWith(reason: CloseReason, token: string | null = 'flow_abc') {
    const link = new SessionLink();
    // The root, whose token and service address the link reads when it closes.
    const root = Object.assign(document.createElement('div'), { token, baseUrl: 'https://api.example.test/' });
    link.connect(root, makeSession(), {
      hostWindow: host,
      onExpiring: () => undefined,
      onExpired: () => undefined,
    });
    link.stepShown('address');
    await waitUntil(() => host.messages.some((m) => m.type === 'service-flow-ready'), 'not ready');
    link.close(reason, makeAccount());
    // A second close (the root closes once, but a close is idempotent) ends nothing more.
    link.close(reason, makeAccount());
    await waitUntil(() => host.messages.some((m) => m.type === 'service-flow-close'), 'no close message', { timeout: 5000 });
  }

  for (const reason of ['completed', 'exited'] as const) {
    it(`${reason}: the session is ended once, with the flow token, before the host hears the close`, async () => {
      await closeWith(reason);
      expect(sent.map((s) => [s.url, s.init.method])).to.deep.equal([['https://api.example.test/v1/account/flow', 'DELETE']]);
      const [end] = sent;
      expect(new Headers(end!.init.headers).get('authorization')).to.equal('Bearer flow_abc');
      expect(end!.init.keepalive, 'survives the frame removed or the page left').to.equal(true);
      expect(end!.init.credentials).to.equal('omit');
      // Just before the close message: everything before it was heard, the close not yet.
      const closeAt = host.messages.findIndex((m) => m.type === 'service-flow-close');
      expect(end!.heard, 'sent before the close message').to.equal(closeAt);
      expect(host.messages.filter((m) => m.type === 'service-flow-close')).to.have.length(1);
    });
  }

  it('refused for too many requests (ten a second per account: Done right after the done screen\'s reads): sent again after Retry-After, then the close', async () => {
    answers = [429];
    await closeWith('completed');
    expect(sent).to.have.length(2);
    const closeAt = host.messages.findIndex((m) => m.type === 'service-flow-close');
    expect(sent[1]!.heard, 'the close after the second answer').to.equal(closeAt);
  });

  it('no answer (offline): three tries, then the close all the same', async () => {
    answers = ['offline', 'offline', 'offline'];
    await closeWith('exited');
    expect(sent).to.have.length(3);
    expect(host.messages.filter((m) => m.type === 'service-flow-close')).to.have.length(1);
  });

  it('expired or refused: nothing to end (the service ended it, or the link was never this flow\'s to use)', async () => {
    await closeWith('expired');
    await closeWith('error');
    expect(sent).to.deep.equal([]);
  });

  it('a root given an API client rather than a token (an embedding test) sends nothing', async () => {
    await closeWith('completed', null);
    expect(sent).to.deep.equal([]);
  });
});
