import { expect, html, oneEvent } from '@open-wc/testing';
import '../../src/steps/battery-authorize/battery-authorize.js';
import type { OpenWindow, SfStepBatteryAuthorize } from '../../src/steps/battery-authorize/battery-authorize.js';
import type { BatteryAuthorization } from '../../src/api/types.js';
import { AUTH_ID, MAKERS, MAKER_ORIGIN, makeAuthorization } from './battery-fixtures.js';
import { ApiError } from '../../src/api/errors.js';
import { FakeApi, apiError, button, deferred, makeAccount, mount, settle, text, until } from './harness.js';
import { deepFocus, isLive } from './live-regions.js';
import { SESSION_KEY } from '../../src/flow/bootstrap.js';
import { pendingAuthorization } from '../../src/scopes/connect-battery/pending.js';

const account = makeAccount({ status: 'active', status_reason: 'active' } as never);
const tesla = { id: 'tesla' as const, name: 'Tesla' };
const SECOND = '7c2d9e4f-0000-4000-8000-00000000a002';

/** A popup as window.open returns it: closed when the customer closes it (or the step does). */
class FakePopup {
  closed = false;
  focused = 0;
  /** Where the step sent the window after it opened (a blank one pointed at a new authorization). */
  location = '';
  close() {
    this.closed = true;
  }
  focus() {
    this.focused += 1;
  }
}

function fakeOpen(popup: object | null): { open: OpenWindow; urls: string[] } {
  const urls: string[] = [];
  return { urls, open: (url) => (urls.push(url), popup as Window | null) };
}

interface Options {
  open: OpenWindow;
  topLevel?: boolean;
  navigate?: (url: string) => void;
  returned?: string | null;
  reloaded?: boolean;
  maker?: typeof tesla | null;
  pollMs?: number;
}

async function mountAuthorize(fake: FakeApi, o: Options) {
  const el = await mount<SfStepBatteryAuthorize>(
    fake.api,
    html`<sf-step-battery-authorize
      .account=${account}
      .draft=${{}}
      .maker=${o.maker === undefined ? tesla : o.maker}
      .returned=${o.returned ?? null}
      .reloaded=${o.reloaded ?? false}
      .openWindow=${o.open}
      .topLevel=${o.topLevel ?? false}
      .navigate=${o.navigate ?? (() => undefined)}
      .pageUrl=${() => 'https://flow.example/'}
      .pollMs=${o.pollMs ?? 40}
    ></sf-step-battery-authorize>`,
  );
  return el;
}

/** Each POST answers a new pending authorization (the first AUTH_ID, then SECOND …). */
function creating(fake: FakeApi): BatteryAuthorization[] {
  const made: BatteryAuthorization[] = [];
  fake.on('createBatteryAuthorization', async (req) => {
    const auth = makeAuthorization({ id: made.length === 0 ? AUTH_ID : SECOND, maker: req.maker, return_url: req.return_url ?? null });
    made.push(auth);
    return auth;
  });
  return made;
}

const continueButton = async (el: SfStepBatteryAuthorize, label: string | RegExp = 'Continue to Tesla') => {
  await until(() => text(el).includes(typeof label === 'string' ? label : 'Tesla') && el.shadowRoot!.querySelector('.actions .btn.primary') !== null);
  return button(el, label);
};

describe('sf-step-battery-authorize', () => {
  it('creates the authorization first, opens the popup in the click, and goes on once the maker allowed access', async () => {
    const fake = new FakeApi();
    const made = creating(fake);
    let status: BatteryAuthorization['status'] = 'pending';
    fake.on('getBatteryAuthorization', async (id) => makeAuthorization({ id, status, device_id: status === 'approved' ? 'd1' : null }));
    const popup = new FakePopup();
    const { open, urls } = fakeOpen(popup);
    const el = await mountAuthorize(fake, { open });

    const go = await continueButton(el);
    await expect(el).to.be.accessible();
    expect(fake.callsOf('createBatteryAuthorization')[0]!.body).to.deep.equal({ maker: 'tesla' });
    expect(fake.callsOf('createBatteryAuthorization')[0]!.idempotencyKey).to.be.a('string');
    go.click();
    // Synchronously, in the click: a popup opened later would be blocked.
    expect(urls).to.deep.equal([made[0]!.authorization_url]);
    await settle(el);
    expect(text(el)).to.contain("Waiting for your answer on Tesla's page");
    expect(el.shadowRoot!.activeElement?.textContent).to.contain("Show Tesla's window");
    await expect(el).to.be.accessible();
    await until(() => fake.callsOf('getBatteryAuthorization').length >= 1);

    const done = oneEvent(el, 'sf-step-complete');
    status = 'approved';
    const { detail } = await done;
    expect(detail).to.deep.equal({ step: 'battery-authorize', data: { device: 'd1' } });
    expect(popup.closed).to.equal(true);
  });

  it('"Choose another maker" sits in the row of the main button, before it, as every step\'s Back does', async () => {
    const fake = new FakeApi();
    creating(fake);
    const el = await mountAuthorize(fake, { open: fakeOpen(new FakePopup()).open });
    const main = await continueButton(el);
    const row = [...main.closest('.actions')!.querySelectorAll('button')];
    expect(row.map((b) => b.textContent!.trim().split('\n')[0])).to.deep.equal(['Choose another maker', 'Continue to Tesla']);
    expect(row[0]!.classList.contains('start')).to.equal(true);
  });

  it('leaving while the maker page is open looks once more: a battery allowed since the last poll is connected, not left', async () => {
    const fake = new FakeApi();
    creating(fake);
    let status: BatteryAuthorization['status'] = 'pending';
    fake.on('getBatteryAuthorization', async (id) => makeAuthorization({ id, status, device_id: status === 'approved' ? 'd1' : null }));
    const el = await mountAuthorize(fake, { open: fakeOpen(new FakePopup()).open, pollMs: 60_000 });
    (await continueButton(el)).click();
    await until(() => text(el).includes("Waiting for your answer on Tesla's page"));
    // Allowed on a page that cannot message back; the first poll is a minute away. The root's close button:
    status = 'approved';
    const completes: Event[] = [];
    el.addEventListener('sf-step-complete', (e) => completes.push(e));
    const waits: Array<Promise<unknown>> = [];
    el.getRootNode().dispatchEvent(new CustomEvent('sf-leaving', { detail: waits }));
    await Promise.all(waits);
    expect(`completions: ${completes.length}; looks: ${fake.callsOf('getBatteryAuthorization').length}`).to.equal('completions: 1; looks: 1');
  });

  it('a step the flow has left (the battery connected, its next screen on) sends nothing more when the customer closes', async () => {
    // Its view still says it waits for the maker's page: were it asked, it would read the finished authorization again
    // (with the client's retries, offline) and the close would wait for that.
    const fake = new FakeApi();
    creating(fake);
    fake.on('getBatteryAuthorization', async (id) => makeAuthorization({ id, status: 'pending' }));
    const el = await mountAuthorize(fake, { open: fakeOpen(new FakePopup()).open, pollMs: 60_000 });
    (await continueButton(el)).click();
    await until(() => text(el).includes("Waiting for your answer on Tesla's page"));
    const looks = fake.callsOf('getBatteryAuthorization').length;
    const root = el.getRootNode();
    el.remove();
    const waits: Array<Promise<unknown>> = [];
    root.dispatchEvent(new CustomEvent('sf-leaving', { detail: waits }));
    await Promise.all(waits);
    expect(`looks after the step left: ${fake.callsOf('getBatteryAuthorization').length - looks}`).to.equal('looks after the step left: 0');
  });

  it('leaving while a look at the answer is already on its way waits for that look: a battery just allowed is connected, not left', async () => {
    // The maker's page said "answered" (or a poll went out) and the customer pressed the flow's close button before
    // the service's answer came back: the close must wait for it, or the host hears "exited" for a connected battery.
    const fake = new FakeApi();
    creating(fake);
    const answer = deferred<BatteryAuthorization>();
    fake.on('getBatteryAuthorization', async () => answer.promise);
    const el = await mountAuthorize(fake, { open: fakeOpen(new FakePopup()).open, pollMs: 40 });
    (await continueButton(el)).click();
    await until(() => fake.callsOf('getBatteryAuthorization').length === 1);
    const completes: Event[] = [];
    el.addEventListener('sf-step-complete', (e) => completes.push(e));
    const waits: Array<Promise<unknown>> = [];
    el.getRootNode().dispatchEvent(new CustomEvent('sf-leaving', { detail: waits }));
    setTimeout(() => answer.resolve(makeAuthorization({ status: 'approved', device_id: 'd1' })), 50);
    await Promise.all(waits);
    expect(`completions when the close goes on: ${completes.length}`).to.equal('completions when the close goes on: 1');
  });

  it('leaving while the authorization the maker page sent back is being read waits for it: allowed is connected, not left', async () => {
    const fake = new FakeApi().on('listBatteryMakers', async () => MAKERS);
    const answer = deferred<BatteryAuthorization>();
    fake.on('getBatteryAuthorization', async () => answer.promise);
    const el = await mountAuthorize(fake, { open: fakeOpen(null).open, returned: AUTH_ID, maker: null, topLevel: true });
    await until(() => fake.callsOf('getBatteryAuthorization').length === 1);
    expect(text(el)).to.contain('Checking your answer');
    const completes: Event[] = [];
    el.addEventListener('sf-step-complete', (e) => completes.push(e));
    const waits: Array<Promise<unknown>> = [];
    el.getRootNode().dispatchEvent(new CustomEvent('sf-leaving', { detail: waits }));
    setTimeout(() => answer.resolve(makeAuthorization({ status: 'approved', device_id: 'd9', return_url: 'https://flow.example/' })), 50);
    await Promise.all(waits);
    expect(`completions when the close goes on: ${completes.length}`).to.equal('completions when the close goes on: 1');
  });

  it('while the maker page is being prepared (a slow service), "Choose another maker" is there and goes back', async () => {
    // The client's own retries and a 30 s deadline per attempt: a customer who picked the wrong maker waits with no way
    // back but closing the flow.
    const made = deferred<BatteryAuthorization>();
    const fake = new FakeApi().on('createBatteryAuthorization', async () => made.promise);
    const el = await mountAuthorize(fake, { open: fakeOpen(new FakePopup()).open });
    await until(() => text(el).includes("Preparing Tesla's page"));
    await settle(el);
    button(el, 'Choose another maker').focus();
    // The page comes while the customer is on the button: it stays there (the same button), not lost to the page.
    made.resolve(makeAuthorization());
    await continueButton(el);
    await settle(el);
    expect(el.shadowRoot!.activeElement?.textContent?.trim()).to.equal('Choose another maker');
    const back = oneEvent(el, 'sf-step-back');
    button(el, 'Choose another maker').click();
    await back;
  });

  it('says plainly that access was refused, and a retry opens a new authorization', async () => {
    const fake = new FakeApi();
    const made = creating(fake);
    fake.on('getBatteryAuthorization', async (id) => makeAuthorization({ id, status: 'denied', reason: 'access_denied' }));
    const { open, urls } = fakeOpen(new FakePopup());
    const el = await mountAuthorize(fake, { open });
    (await continueButton(el)).click();

    await until(() => text(el).includes('No battery was connected'));
    expect(text(el)).to.contain("You chose not to allow access on Tesla's page");
    const again = await continueButton(el, 'Try again with Tesla');
    expect(made).to.have.length(2);
    const keys = fake.callsOf('createBatteryAuthorization').map((c) => c.idempotencyKey);
    expect(keys[0]).not.to.equal(keys[1]);
    expect(el.shadowRoot!.activeElement?.textContent).to.contain('No battery was connected');
    await expect(el).to.be.accessible();
    again.click();
    expect(urls).to.deep.equal([made[0]!.authorization_url, made[1]!.authorization_url]);
  });

  it('an expired request says so and offers a new one', async () => {
    const fake = new FakeApi();
    const made = creating(fake);
    fake.on('getBatteryAuthorization', async (id) => makeAuthorization({ id, status: 'expired', reason: 'expired' }));
    const { open, urls } = fakeOpen(new FakePopup());
    const el = await mountAuthorize(fake, { open });
    (await continueButton(el)).click();
    await until(() => text(el).includes('The request timed out'));
    (await continueButton(el, 'Try again with Tesla')).click();
    expect(urls).to.deep.equal([made[0]!.authorization_url, made[1]!.authorization_url]);
  });

  it('a request the service no longer knows once the window closed (404): says so in words and starts again with a new one, never a Try again that can only fail', async () => {
    const fake = new FakeApi();
    const made = creating(fake);
    fake.on('getBatteryAuthorization', async () => Promise.reject(apiError(404, 'not_found')));
    const popup = new FakePopup();
    const { open, urls } = fakeOpen(popup);
    const el = await mountAuthorize(fake, { open, pollMs: 60_000 });
    (await continueButton(el)).click();
    await settle(el);
    popup.closed = true;
    await until(() => text(el).includes('That request is no longer available'));
    expect(text(el)).to.contain('Nothing was connected');
    expect(text(el)).not.to.contain('The service could not accept this');
    expect(fake.callsOf('getBatteryAuthorization')).to.have.length(1);
    (await continueButton(el, 'Try again with Tesla')).click();
    expect(made).to.have.length(2);
    expect(urls).to.deep.equal([made[0]!.authorization_url, made[1]!.authorization_url]);
  });

  it('polls no sooner than a 429\'s Retry-After asks, while the maker page is open', async () => {
    const fake = new FakeApi();
    creating(fake);
    let clock = 1_000_000;
    let limited = true;
    fake.on('getBatteryAuthorization', async (id) => {
      if (limited) throw new ApiError({ status: 429, code: 'rate_limited', message: 'Too Many Requests', retryAfter: 30 });
      return makeAuthorization({ id });
    });
    const el = await mountAuthorize(fake, { open: fakeOpen(new FakePopup()).open, pollMs: 2000 });
    el.now = () => clock;
    (await continueButton(el)).click();
    await settle(el);
    clock += 2000;
    await until(() => fake.callsOf('getBatteryAuthorization').length === 1, 'the first poll, answered 429');
    await settle(el);
    limited = false;
    // 28 s later (still within the 30 s the service asked for), a tick (every 500 ms) comes: no poll.
    clock += 28_000;
    await new Promise((r) => setTimeout(r, 700));
    expect(fake.callsOf('getBatteryAuthorization'), 'no poll within Retry-After').to.have.length(1);
    clock += 2000;
    await until(() => fake.callsOf('getBatteryAuthorization').length === 2, 'polls again once it is over');
  });

  it('back from the maker page with an id that is not this account\'s: back to the maker choice', async () => {
    const fake = new FakeApi().on('getBatteryAuthorization', async () => Promise.reject(apiError(404, 'not_found')));
    const back = new Promise((resolve) => document.body.addEventListener('sf-step-back', resolve, { once: true }));
    await mountAuthorize(fake, { open: fakeOpen(null).open, returned: AUTH_ID, maker: null });
    await back;
    expect(fake.callsOf('createBatteryAuthorization')).to.have.length(0);
  });

  it('a popup closed without an answer lets the customer open the same request again', async () => {
    const fake = new FakeApi();
    const made = creating(fake);
    fake.on('getBatteryAuthorization', async (id) => makeAuthorization({ id }));
    const popup = new FakePopup();
    const { open, urls } = fakeOpen(popup);
    const el = await mountAuthorize(fake, { open, pollMs: 60_000 });
    (await continueButton(el)).click();
    await settle(el);
    expect(fake.callsOf('getBatteryAuthorization')).to.have.length(0);
    popup.closed = true;

    await until(() => text(el).includes('The window closed before you answered'));
    expect(fake.callsOf('getBatteryAuthorization')).to.have.length(1);
    expect(text(el)).to.contain('Nothing was connected');
    (await continueButton(el, 'Try again with Tesla')).click();
    expect(made).to.have.length(1);
    expect(urls).to.deep.equal([made[0]!.authorization_url, made[0]!.authorization_url]);
  });

  it('at top level, a blocked popup goes to the maker page and back (return_url)', async () => {
    const fake = new FakeApi();
    const made = creating(fake);
    const went: string[] = [];
    const { open } = fakeOpen(null);
    const el = await mountAuthorize(fake, { open, topLevel: true, navigate: (url) => went.push(url) });
    (await continueButton(el)).click();

    await until(() => went.length === 1);
    expect(fake.callsOf('createBatteryAuthorization')[1]!.body).to.deep.equal({ maker: 'tesla', return_url: 'https://flow.example/' });
    expect(went).to.deep.equal([made[1]!.authorization_url]);
    expect(text(el)).to.contain("Taking you to Tesla's page");
  });

  it('at top level, a way back the service refuses (422 return_url) asks to allow pop-ups, in words, not its English refusal again and again', async () => {
    const fake = new FakeApi().on('createBatteryAuthorization', async (req) => {
      if (req.return_url) throw apiError(422, 'unprocessable', [{ field: 'return_url', code: 'range', message: "return_url must be on the flow's origin" }]);
      return makeAuthorization({ maker: req.maker });
    });
    const went: string[] = [];
    const { open, urls } = fakeOpen(null);
    const el = await mountAuthorize(fake, { open, topLevel: true, navigate: (url) => went.push(url) });
    (await continueButton(el)).click();
    await until(() => fake.callsOf('createBatteryAuthorization').length === 2);
    await until(() => text(el).includes('Your browser blocked the window'));
    await settle(el);
    expect(text(el)).to.contain('Allow pop-ups for this page');
    expect(text(el)).not.to.contain('The service could not accept this');
    expect(text(el)).not.to.contain('return_url');
    expect(went).to.deep.equal([]);
    expect(el.shadowRoot!.activeElement?.textContent).to.equal('Your browser blocked the window');
    // Pop-ups allowed now: the same button opens the maker's page in a window.
    button(el, 'Try again with Tesla').click();
    expect(urls).to.have.length(2);
  });

  it('in a frame, a blocked popup asks to allow pop-ups (the maker page cannot be framed)', async () => {
    const fake = new FakeApi();
    creating(fake);
    const went: string[] = [];
    const { open, urls } = fakeOpen(null);
    const el = await mountAuthorize(fake, { open, topLevel: false, navigate: (url) => went.push(url) });
    (await continueButton(el)).click();
    await settle(el);
    expect(text(el)).to.contain('Your browser blocked the window');
    expect(text(el)).to.contain('Allow pop-ups for this page');
    expect(went).to.deep.equal([]);
    expect(fake.callsOf('createBatteryAuthorization')).to.have.length(1);
    button(el, 'Try again with Tesla').click();
    expect(urls).to.have.length(2);
  });

  it("reads the outcome at once when the maker page says so, from the maker page's origin and window only", async () => {
    const fake = new FakeApi();
    creating(fake);
    fake.on('getBatteryAuthorization', async (id) => makeAuthorization({ id, status: 'approved', device_id: 'd1' }));
    // A real window to be the message's source: the popup.
    const frame = document.createElement('iframe');
    document.body.append(frame);
    const popup = frame.contentWindow!;
    const { open } = fakeOpen(popup);
    const el = await mountAuthorize(fake, { open, pollMs: 60_000 });
    (await continueButton(el)).click();
    await settle(el);
    const data = { type: 'service-flow-battery-authorization', authorization: AUTH_ID, status: 'approved' };
    window.dispatchEvent(new MessageEvent('message', { data, origin: 'https://evil.example', source: popup }));
    window.dispatchEvent(new MessageEvent('message', { data, origin: MAKER_ORIGIN, source: window }));
    window.dispatchEvent(new MessageEvent('message', { data: { ...data, authorization: SECOND }, origin: MAKER_ORIGIN, source: popup }));
    await settle(el);
    expect(fake.callsOf('getBatteryAuthorization')).to.have.length(0);

    const done = oneEvent(el, 'sf-step-complete');
    window.dispatchEvent(new MessageEvent('message', { data, origin: MAKER_ORIGIN, source: popup }));
    expect((await done).detail.data).to.deep.equal({ device: 'd1' });
    frame.remove();
  });

  it("keeps the authorization whose maker's page is open in the tab's session, and forgets it when another maker is chosen", async () => {
    sessionStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'flow_abc', locale: null }));
    const fake = new FakeApi();
    creating(fake);
    fake.on('getBatteryAuthorization', async (id) => makeAuthorization({ id }));
    const el = await mountAuthorize(fake, { open: fakeOpen(new FakePopup()).open, pollMs: 60_000 });
    expect(pendingAuthorization(), 'nothing open yet').to.equal(undefined);
    (await continueButton(el)).click();
    await settle(el);
    expect(pendingAuthorization()).to.equal(AUTH_ID);
    button(el, 'Choose another maker').click();
    expect(pendingAuthorization()).to.equal(undefined);
    sessionStorage.clear();
  });

  it("after a reload while the maker's page was open: the same authorization is offered again (none created), and its answer there is heard", async () => {
    const fake = new FakeApi().on('listBatteryMakers', async () => MAKERS);
    creating(fake);
    let status: BatteryAuthorization['status'] = 'pending';
    fake.on('getBatteryAuthorization', async (id) => makeAuthorization({ id, status, device_id: status === 'approved' ? 'd7' : null }));
    const el = await mountAuthorize(fake, { open: fakeOpen(new FakePopup()).open, returned: AUTH_ID, reloaded: true, maker: null });
    await continueButton(el);
    expect(text(el), 'no "came back before answering": the page was reloaded').not.to.contain('You came back');
    expect(fake.callsOf('createBatteryAuthorization')).to.have.length(0);
    // The maker's window opened before the reload is still open; the customer allows there, and it tells this page.
    status = 'approved';
    const done = oneEvent(el, 'sf-step-complete');
    const data = { type: 'service-flow-battery-authorization', authorization: AUTH_ID, status: 'approved' };
    window.dispatchEvent(new MessageEvent('message', { data: { ...data, authorization: SECOND }, origin: MAKER_ORIGIN }));
    window.dispatchEvent(new MessageEvent('message', { data, origin: 'https://evil.example' }));
    window.dispatchEvent(new MessageEvent('message', { data, origin: MAKER_ORIGIN }));
    expect((await done).detail.data).to.deep.equal({ device: 'd7' });
    expect(fake.callsOf('createBatteryAuthorization')).to.have.length(0);
  });

  it('after a reload, closing the flow looks at the authorization offered again: allowed meanwhile is connected, not left', async () => {
    const fake = new FakeApi().on('listBatteryMakers', async () => MAKERS);
    let status: BatteryAuthorization['status'] = 'pending';
    fake.on('getBatteryAuthorization', async (id) => makeAuthorization({ id, status, device_id: status === 'approved' ? 'd7' : null }));
    const el = await mountAuthorize(fake, { open: fakeOpen(new FakePopup()).open, returned: AUTH_ID, reloaded: true, maker: null });
    await continueButton(el);
    status = 'approved';
    const completes: Event[] = [];
    el.addEventListener('sf-step-complete', (e) => completes.push(e));
    const waits: Array<Promise<unknown>> = [];
    el.getRootNode().dispatchEvent(new CustomEvent('sf-leaving', { detail: waits }));
    await Promise.all(waits);
    expect(`completions when the close goes on: ${completes.length}`).to.equal('completions when the close goes on: 1');
  });

  it('back from the maker page: reads the returned authorization, names the maker, and goes on when allowed', async () => {
    const fake = new FakeApi()
      .on('getBatteryAuthorization', async (id) => makeAuthorization({ id, status: 'approved', device_id: 'd9', return_url: 'https://flow.example/' }))
      .on('listBatteryMakers', async () => MAKERS);
    const done = new Promise<CustomEvent>((resolve) => document.body.addEventListener('sf-step-complete', (e) => resolve(e as CustomEvent), { once: true }));
    await mountAuthorize(fake, { open: fakeOpen(null).open, returned: AUTH_ID, maker: null });
    expect((await done).detail.data).to.deep.equal({ device: 'd9' });
    expect(fake.callsOf('getBatteryAuthorization')[0]!.args[0]).to.equal(AUTH_ID);
  });

  it('back from the maker page (a redirect, no window) without an answer: says the customer came back before answering, in words about no window', async () => {
    const fake = new FakeApi().on('getBatteryAuthorization', async (id) => makeAuthorization({ id, return_url: 'https://flow.example/' })).on('listBatteryMakers', async () => MAKERS);
    creating(fake);
    const el = await mountAuthorize(fake, { open: fakeOpen(null).open, returned: AUTH_ID, maker: null, topLevel: true });
    await until(() => el.shadowRoot!.querySelector('.alert h2') !== null && el.shadowRoot!.querySelector('.actions .btn.primary') !== null);
    const title = el.shadowRoot!.querySelector('.alert h2')!.textContent!.trim();
    expect(title).to.equal('You came back before answering');
    expect(text(el)).not.to.contain('window closed');
    expect(text(el)).to.contain("Nothing was connected. Open Tesla's page again and choose Allow to connect your battery.");
    await until(() => deepFocus() === el.shadowRoot!.querySelector('.alert h2'));
    await expect(el).to.be.accessible();
  });

  it('back from the maker page after Deny: the refusal with the maker named, and a new popup authorization', async () => {
    const fake = new FakeApi().on('getBatteryAuthorization', async (id) => makeAuthorization({ id, status: 'denied', reason: 'access_denied' })).on('listBatteryMakers', async () => MAKERS);
    creating(fake);
    const el = await mountAuthorize(fake, { open: fakeOpen(new FakePopup()).open, returned: AUTH_ID, maker: null, topLevel: true });
    await until(() => text(el).includes('No battery was connected'));
    expect(text(el)).to.contain('Allow access at Tesla');
    await continueButton(el, 'Try again with Tesla');
    expect(fake.callsOf('createBatteryAuthorization')[0]!.body).to.deep.equal({ maker: 'tesla' });
  });

  it('a lost answer to the creation offers "Try again" with the same Idempotency-Key', async () => {
    let fail = true;
    const fake = new FakeApi().on('createBatteryAuthorization', async () => {
      if (fail) throw new TypeError('Failed to fetch');
      return makeAuthorization();
    });
    const el = await mountAuthorize(fake, { open: fakeOpen(new FakePopup()).open });
    await until(() => text(el).includes('We could not reach the service'));
    await expect(el).to.be.accessible();
    fail = false;
    button(el, 'Try again').click();
    await continueButton(el);
    const keys = fake.callsOf('createBatteryAuthorization').map((c) => c.idempotencyKey);
    expect(keys).to.have.length(2);
    expect(keys[0]).to.equal(keys[1]);
  });

  it('a refused creation: its "Try again" leaves focus on the heading once the request is there again, not on the page', async () => {
    let refuse = true;
    const fake = new FakeApi().on('createBatteryAuthorization', async () => {
      if (refuse) throw apiError(409, 'conflict');
      return makeAuthorization();
    });
    const el = await mountAuthorize(fake, { open: fakeOpen(new FakePopup()).open });
    await until(() => text(el).includes('The service could not accept this'));
    refuse = false;
    const again = button(el, 'Try again');
    again.focus();
    again.click();
    await continueButton(el);
    await settle(el);
    expect(document.activeElement === document.body, 'focus lost to the page').to.equal(false);
    expect(el.shadowRoot!.activeElement?.id).to.equal('step-heading');
  });

  it('says what it waits for in a status region that was on the page before (a region inserted with its text is not read)', async () => {
    const fake = new FakeApi();
    creating(fake);
    const el = await mountAuthorize(fake, { open: fakeOpen(new FakePopup()).open });
    const region = el.shadowRoot!.querySelector('[role="status"]');
    expect(region !== null, 'the region is there before anything is said').to.equal(true);
    (await continueButton(el)).click();
    await until(() => text(el).includes("Waiting for your answer on Tesla's page"));
    expect(el.shadowRoot!.querySelector('[role="status"]') === region, 'the same region').to.equal(true);
    expect(text(region!)).to.contain("Waiting for your answer on Tesla's page");
    expect(button(el, "Show Tesla's window").getAttribute('aria-describedby')).to.equal('waiting');
  });

  it('hands a 401 to the root', async () => {
    const fake = new FakeApi().on('createBatteryAuthorization', async () => Promise.reject(apiError(401, 'token_expired')));
    const errored = new Promise((resolve) => document.body.addEventListener('sf-api-error', resolve, { once: true }));
    await mountAuthorize(fake, { open: fakeOpen(null).open });
    await errored;
  });

  it('"Try again" after a lost answer to the page-to-page authorization asks for the same one (its key kept)', async () => {
    let lose = true;
    const fake = new FakeApi().on('createBatteryAuthorization', async (req) => {
      if (req.return_url && lose) throw apiError(0, 'network');
      return makeAuthorization({ id: req.return_url ? SECOND : AUTH_ID, maker: req.maker, return_url: req.return_url ?? null });
    });
    const went: string[] = [];
    const el = await mountAuthorize(fake, { open: fakeOpen(null).open, topLevel: true, navigate: (url) => went.push(url) });
    (await continueButton(el)).click();
    await until(() => text(el).includes('Try again'));
    lose = false;
    button(el, 'Try again').click();
    await until(() => went.length === 1);
    const keys = fake.callsOf('createBatteryAuthorization').filter((c) => (c.args[0] as { return_url?: string }).return_url).map((c) => c.idempotencyKey);
    expect(keys).to.have.length(2);
    expect(keys[1]).to.equal(keys[0]);
  });

  it('"Continue" on a request that expired while the customer was away opens a blank window in the click and points it at a new one', async () => {
    // The service's authorization lives 15 minutes; here the first one ends 300 ms after it is made (the customer
    // went to find their Tesla password and came back later). The sandbox's page for an expired request closes itself
    // at once, and the step would then say "Tesla's page waited too long for an answer" although the customer just clicked.
    const made: BatteryAuthorization[] = [];
    const fake = new FakeApi().on('createBatteryAuthorization', async (req) => {
      const first = made.length === 0;
      const auth = makeAuthorization({
        id: first ? AUTH_ID : SECOND,
        maker: req.maker,
        expires_at: new Date(Date.now() + (first ? 300 : 15 * 60_000)).toISOString(),
      });
      made.push(auth);
      return auth;
    });
    fake.on('getBatteryAuthorization', async (id): Promise<BatteryAuthorization> => {
      const auth = made.find((a) => a.id === id)!;
      const over = Date.parse(auth.expires_at) <= Date.now();
      return { ...auth, status: over ? 'expired' : 'pending', reason: over ? 'expired' : null };
    });
    const popup = new FakePopup();
    const { open, urls } = fakeOpen(popup);
    const el = await mountAuthorize(fake, { open });
    await continueButton(el);
    await new Promise((r) => setTimeout(r, 450));
    await settle(el);
    button(el, 'Continue to Tesla').click();
    // In the click (a window opened after an await would be blocked): a blank one, not the expired page.
    expect(urls).to.deep.equal(['about:blank']);
    await until(() => text(el).includes("Waiting for your answer on Tesla's page"));
    expect(popup.location).to.equal(made[1]!.authorization_url);
    // A new authorization is a new action: a new Idempotency-Key, not a replay of the expired one.
    const keys = fake.callsOf('createBatteryAuthorization').map((c) => c.idempotencyKey);
    expect(keys).to.have.length(2);
    expect(keys[1]).not.to.equal(keys[0]);
    await settle(el);
    expect(text(el)).not.to.contain('The request timed out');
  });

  it('a blank window (the request had expired) closed before the new one came: that one is offered, not opened', async () => {
    const made: BatteryAuthorization[] = [];
    const fake = new FakeApi().on('createBatteryAuthorization', async (req) => {
      const first = made.length === 0;
      const auth = makeAuthorization({ id: first ? AUTH_ID : SECOND, maker: req.maker, ...(first ? { expires_at: new Date(Date.now() + 30_000).toISOString() } : {}) });
      made.push(auth);
      return auth;
    });
    const popup = new FakePopup();
    const { open, urls } = fakeOpen(popup);
    const el = await mountAuthorize(fake, { open });
    // 30 s left is within the margin: not opened.
    (await continueButton(el)).click();
    popup.closed = true;
    await until(() => text(el).includes('The window closed before you answered'));
    expect(popup.location).to.equal('');
    button(el, 'Try again with Tesla').click();
    expect(urls).to.deep.equal(['about:blank', made[1]!.authorization_url]);
  });

  it('back from the maker page when the makers list cannot be read: "your battery maker", never a blank where the name goes', async () => {
    const fake = new FakeApi()
      .on('getBatteryAuthorization', async (id) => makeAuthorization({ id, status: 'denied', reason: 'access_denied', return_url: 'https://flow.example/' }))
      .on('listBatteryMakers', async () => Promise.reject(new TypeError('Failed to fetch')))
      .on('createBatteryAuthorization', async (req) => makeAuthorization({ id: SECOND, maker: req.maker }));
    const el = await mountAuthorize(fake, { open: fakeOpen(new FakePopup()).open, returned: AUTH_ID, maker: null, topLevel: true });
    await until(() => text(el).includes('No battery was connected'));
    await until(() => el.shadowRoot!.querySelector('.actions .btn.primary') !== null);
    const shown = text(el);
    expect(shown).not.to.match(/ 's page/);
    expect(shown).to.contain("You chose not to allow access on your battery maker's page");
    const primary = el.shadowRoot!.querySelector<HTMLButtonElement>('.actions .btn.primary')!;
    const visible = [...primary.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent).join('').replace(/\s+/g, ' ').trim();
    expect(visible).to.equal('Try again with your battery maker');
    expect(primary.disabled).to.equal(false);
  });

  it('a blocked window with the maker unknown says so in words that do not start with a blank', async () => {
    const fake = new FakeApi()
      .on('getBatteryAuthorization', async (id) => makeAuthorization({ id, status: 'expired', reason: 'expired' }))
      .on('listBatteryMakers', async () => Promise.reject(new TypeError('Failed to fetch')));
    creating(fake);
    const el = await mountAuthorize(fake, { open: fakeOpen(null).open, returned: AUTH_ID, maker: null, topLevel: false });
    await until(() => text(el).includes('The request timed out'));
    expect(text(el)).to.contain("Your battery maker's page waited too long for an answer.");
    (await continueButton(el, 'Try again with your battery maker')).click();
    await until(() => text(el).includes('Your browser blocked the window'));
    expect(text(el)).to.contain("Your battery maker's page must open in a new window.");
  });

  it('while the maker page is open, "Choose another maker" stops waiting, closes that window and goes back (a phone cannot bring it forward)', async () => {
    // On a phone (the hosted page opened from an SMS) window.open gives a new tab: "Show Tesla's window" does nothing
    // there (window.focus on another tab), and a customer who picked the wrong maker or lost the tab would be stuck
    // until the request expires 15 minutes later.
    const fake = new FakeApi();
    creating(fake);
    fake.on('getBatteryAuthorization', async (id) => makeAuthorization({ id }));
    const popup = new FakePopup();
    const el = await mountAuthorize(fake, { open: fakeOpen(popup).open, topLevel: true, pollMs: 40 });
    (await continueButton(el)).click();
    await until(() => text(el).includes("Waiting for your answer on Tesla's page"));
    await until(() => fake.callsOf('getBatteryAuthorization').length >= 1);
    const back = oneEvent(el, 'sf-step-back');
    button(el, 'Choose another maker').click();
    await back;
    expect(popup.closed).to.equal(true);
    const polls = fake.callsOf('getBatteryAuthorization').length;
    await new Promise((r) => setTimeout(r, 200));
    expect(fake.callsOf('getBatteryAuthorization')).to.have.length(polls);
  });

  // The battery notices (blocked window, denied, closed, expired) get focus on their <h2> as they appear
  // (battery-authorize.ts: _renderNotice, focusHeading('.alert h2')): an alert too would say the title twice. The
  // heading is described by the notice's sentence, so focus reads both.
  it('the "Your browser blocked the window" notice is not both an alert and focused (said twice)', async () => {
    const account = makeAccount({ status: 'active', status_reason: 'active' } as never);
    const fake = new FakeApi().on('createBatteryAuthorization', async (req) => makeAuthorization({ maker: req.maker }));
    const open: OpenWindow = () => null;
    const el = await mount<SfStepBatteryAuthorize>(
      fake.api,
      html`<sf-step-battery-authorize
        .account=${account}
        .draft=${{}}
        .maker=${{ id: 'tesla', name: 'Tesla' }}
        .returned=${null}
        .openWindow=${open}
        .topLevel=${false}
        .navigate=${() => undefined}
        .pageUrl=${() => 'https://flow.example/'}
        .pollMs=${40}
      ></sf-step-battery-authorize>`,
    );
    await until(() => text(el).includes('Continue to Tesla') && el.shadowRoot!.querySelector('.actions .btn.primary') !== null);
    button(el, 'Continue to Tesla').click();
    await until(() => text(el).includes('Your browser blocked the window'));
    await settle(el);
    await settle(el);
    const notice = el.shadowRoot!.querySelector('.alert')!;
    const focused = deepFocus();
    const focusedInside = focused !== null && notice.contains(focused);
    expect(focusedInside && isLive(notice), 'the notice is role="alert" and focus moved into it: its title is said twice').to.equal(false);
    const described = el.shadowRoot!.getElementById(focused!.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent, 'the focused heading is described by the notice\'s sentence').to.contain('Allow pop-ups for this page');
  });
});
