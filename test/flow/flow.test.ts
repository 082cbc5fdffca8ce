import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { ApiError } from '../../src/api/errors.js';
import type { Account } from '../../src/api/types.js';
import { ApiErrorEvent, ExitRequestEvent, StepBackEvent, StepCompleteEvent } from '../../src/contract/events.js';
import { PlansViewedEvent } from '../../src/contract/exit-events.js';
import type { SfFlow } from '../../src/flow/flow.js';
import type { AnyScope } from '../../src/flow/scope.js';
import { enrollment } from '../../src/scopes/enrollment/enrollment.js';
import { ADDRESS, makeAccount, makeSession } from './fixtures.js';
import { StubStep, closeMessages, current, deepFocus, fakeApi, fakeHost, mountFlow, waitForView } from './harness.js';
import { msg } from '@lit/localize';
import { resetMouse, sendMouse } from '@web/test-runner-commands';
import { LocalizedElement, setLocale } from '../../src/i18n/localization.js';
import type { PaymentMethod } from '../../src/api/types.js';
import type { BridgeWindow } from '../../src/bridge/channels.js';
import type { FlowMessage } from '../../src/bridge/messages.js';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const clickClose = (el: HTMLElement) => el.shadowRoot!.querySelector<HTMLButtonElement>('header button[aria-label="Close"]')!.click();
/** The host element whose shadow root holds the focused element ('' when focus is on the page itself). */
const focusedIn = () => ((deepFocus()?.getRootNode() as ShadowRoot | Document) instanceof ShadowRoot ? (deepFocus()!.getRootNode() as ShadowRoot).host.localName : '');

/**
 * The plans seen, then completed without an account (the root re-reads it, held until `release`), and Close pressed
 * meanwhile: the exit question is on screen over a step still saving.
 */
async function askWhileSaving(): Promise<{ el: SfFlow; release: () => void }> {
  let reads = 0;
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const atPlans = makeAccount({ service_address: ADDRESS });
  const accepted = makeAccount({ service_address: ADDRESS }, { has_accepted_plan: true });
  const api = fakeApi({ getFlow: async () => makeSession(), getAccount: async () => (++reads === 1 ? atPlans : (await gate, accepted)) });
  const { el } = await mountFlow({ api });
  const plans = await waitForView(el, 'sf-step-plans');
  await waitUntil(() => deepFocus()?.id === 'step-heading', 'plans heading focused');
  plans.dispatchEvent(new PlansViewedEvent({ plan_uuids: ['p1'] }));
  plans.dispatchEvent(new StepCompleteEvent({ step: 'plans' }));
  clickClose(el);
  await waitForView(el, 'sf-opt-out');
  return { el, release };
}

const unauthorized = () => new ApiError({ status: 401, code: 'token_expired', message: 'expired' });

/** First in this file: the status screens' code is not loaded yet (nothing before has shown one). */
describe('sf-flow: the first status screen, while its code loads', () => {
  afterEach(() => sessionStorage.clear());

  it('an invalid link never says "We cannot reach the service" (nor offers its Try again) before it says what happened', async () => {
    expect(customElements.get('sf-status-screen'), 'precondition: the status screens\' code not loaded yet').to.equal(undefined);
    const seen: string[] = [];
    const proto = customElements.get('sf-flow')!.prototype as unknown as { updated(): Promise<void> };
    const updated = proto.updated;
    proto.updated = function (this: SfFlow) {
      seen.push(this.shadowRoot!.querySelector('main h1')?.textContent?.trim() ?? '');
      return updated.call(this);
    };
    try {
      const api = fakeApi({ getFlow: async () => Promise.reject(new ApiError({ status: 401, code: 'unauthorized', message: 'no' })), getAccount: async () => makeAccount() });
      const { el } = await mountFlow({ api });
      expect((await waitForView(el, 'sf-status-screen')).getAttribute('kind')).to.equal('invalid');
    } finally {
      proto.updated = updated;
    }
    expect(seen.filter((heading) => heading !== ''), 'the headings shown before "This link does not work"').to.deep.equal([]);
  });
});

describe('sf-flow', () => {
  afterEach(() => sessionStorage.clear());

  it('shows a step skeleton while the session loads, then the first step', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const api = fakeApi({
      getFlow: async () => (await gate, makeSession()),
      getAccount: async () => makeAccount(),
    });
    const { el } = await mountFlow({ api });
    expect(current(el)?.classList.contains('loading')).to.equal(true);
    await expect(el).to.be.accessible();
    release();
    await waitForView(el, 'sf-step-address');
  });

  it('renders the step with progress, focuses its heading, announces it and tells the host', async () => {
    const account = makeAccount();
    const session = makeSession();
    const { el, host } = await mountFlow({ account, session });
    const step = (await waitForView(el, 'sf-step-address')) as HTMLElement & Record<string, unknown>;
    await waitUntil(() => host.messages.some((m) => m.type === 'service-flow-ready'));
    expect(step.account).to.equal(account);
    expect(step.draft).to.deep.equal({});
    expect(deepFocus()?.id).to.equal('step-heading');
    expect(el.shadowRoot!.querySelector('.progress')!.textContent).to.contain('Step 1 of 6');
    // The position only: the title is read with the focused heading, and once is enough.
    expect(el.shadowRoot!.querySelector('div.sr-only[role="status"]')!.textContent!.trim()).to.equal('Step 1 of 6');
    const messages = host.messages.filter((m) => m.type !== 'service-flow-resize');
    expect(messages.map((m) => m.type)).to.deep.equal(['service-flow-step', 'service-flow-ready']);
    expect(messages[0]).to.deep.equal({ type: 'service-flow-step', step: 'address', version: 1, scope: 'enrollment' });
    expect(new Set(host.origins)).to.deep.equal(new Set(['https://partner.example']));
    await waitUntil(() => host.messages.some((m) => m.type === 'service-flow-resize'), 'no resize message');
    const resize = host.messages.find((m) => m.type === 'service-flow-resize') as { height: number };
    expect(resize.height).to.be.greaterThan(0);
    await expect(el).to.be.accessible();
  });

  it('resumes at the first unfinished step from the account', async () => {
    const account = makeAccount({ service_address: ADDRESS }, { has_accepted_plan: true, is_identity_verified: true });
    const { el } = await mountFlow({ account });
    await waitForView(el, 'sf-step-credit');
  });

  it('moves on after sf-step-complete and keeps drafts and entries on Back', async () => {
    const { el } = await mountFlow();
    const address = await waitForView(el, 'sf-step-address');
    const input = address.shadowRoot!.querySelector('input')!;
    input.value = '1200 Main';
    input.dispatchEvent(new Event('input'));
    address.dispatchEvent(new StepCompleteEvent({ step: 'address', data: { address: ADDRESS } }));
    const plans = (await waitForView(el, 'sf-step-plans')) as HTMLElement & Record<string, unknown>;
    expect(plans.address).to.deep.equal(ADDRESS);
    expect(el.shadowRoot!.querySelector('.progress .text')!.textContent).to.contain('Step 2 of');
    plans.dispatchEvent(new StepBackEvent());
    const again = await waitForView(el, 'sf-step-address');
    expect(again).to.equal(address);
    expect((again as HTMLElement & { draft: { address_1: string } }).draft.address_1).to.equal('1200 Main');
    expect(again.shadowRoot!.querySelector('input')!.value).to.equal('1200 Main');
  });

  it('starts a new step at its top (header, progress, heading), wherever the last one was scrolled to', async () => {
    const { el } = await mountFlow();
    const address = await waitForView(el, 'sf-step-address');
    // A long page (a long plans list, a step that grew): the customer is far down it when the step completes.
    const filler = document.createElement('div');
    filler.style.height = '5000px';
    document.body.append(filler);
    try {
      // Scrolled a little: the next step's heading is still in view there, so focusing it alone would not scroll
      // (the header and the progress above it would stay out of view).
      scrollTo(0, 60);
      expect(scrollY).to.equal(60);
      address.dispatchEvent(new StepCompleteEvent({ step: 'address', data: { address: ADDRESS } }));
      await waitForView(el, 'sf-step-plans');
      await waitUntil(() => deepFocus()?.id === 'step-heading', 'the new heading has focus');
      expect(scrollY, 'the new step is shown from its top (header, progress, heading)').to.equal(0);
    } finally {
      filler.remove();
    }
  });

  it('re-reads the account when a step completes without one', async () => {
    let reads = 0;
    const accepted = makeAccount({ service_address: ADDRESS }, { has_accepted_plan: true });
    const api = fakeApi({
      getFlow: async () => makeSession(),
      getAccount: async () => (++reads === 1 ? makeAccount({ service_address: ADDRESS }) : accepted),
    });
    const { el } = await mountFlow({ api });
    const plans = await waitForView(el, 'sf-step-plans');
    plans.dispatchEvent(new StepCompleteEvent({ step: 'plans' }));
    await waitForView(el, 'sf-step-identity');
    expect(reads).to.equal(2);
  });

  it('closes with "exited" at once when plans were never shown', async () => {
    const { el, host } = await mountFlow();
    const address = await waitForView(el, 'sf-step-address');
    address.dispatchEvent(new ExitRequestEvent());
    const screen = await waitForView(el, 'sf-status-screen');
    await waitUntil(() => closeMessages(host).length > 0, 'no close message');
    expect(closeMessages(host)).to.have.length(1);
    expect(closeMessages(host)[0]).to.include({ reason: 'exited', account_status: 'applying', status_reason: 'plan_not_accepted' });
    expect(screen.getAttribute('kind')).to.equal('closed');
    await waitUntil(() => deepFocus()?.id === 'step-heading');
  });

  it('asks the opt-out question after plans were viewed, and closes on confirmation', async () => {
    const { el, host } = await mountFlow({ account: makeAccount({ service_address: ADDRESS }) });
    const plans = await waitForView(el, 'sf-step-plans');
    plans.dispatchEvent(new PlansViewedEvent({ plan_uuids: ['p1', 'p2'] }));
    el.shadowRoot!.querySelector<HTMLButtonElement>('header button[aria-label="Close"]')!.click();
    const optOut = (await waitForView(el, 'sf-opt-out')) as HTMLElement & { planUuids: string[] };
    expect(optOut.planUuids).to.deep.equal(['p1', 'p2']);
    expect(closeMessages(host)).to.have.length(0);
    optOut.dispatchEvent(new CustomEvent('sf-opt-out-cancelled', { bubbles: true, composed: true }));
    expect(await waitForView(el, 'sf-step-plans')).to.equal(plans);
    plans.dispatchEvent(new ExitRequestEvent());
    const again = await waitForView(el, 'sf-opt-out');
    again.dispatchEvent(new CustomEvent('sf-opt-out-confirmed', { detail: { reason: 'too_expensive' }, bubbles: true, composed: true }));
    await waitForView(el, 'sf-status-screen');
    await waitUntil(() => closeMessages(host).length > 0, 'no close message');
    expect(closeMessages(host).map((m) => m.reason)).to.deep.equal(['exited']);
  });

  it('shows the expired screen and closes with "expired" on a 401 at bootstrap', async () => {
    const api = fakeApi({ getFlow: async () => makeSession(), getAccount: async () => Promise.reject(unauthorized()) });
    const { el, host } = await mountFlow({ api });
    const screen = await waitForView(el, 'sf-status-screen');
    expect(screen.getAttribute('kind')).to.equal('expired');
    expect(screen.shadowRoot!.querySelector('h1')!.textContent).to.contain('This link has expired');
    await waitUntil(() => closeMessages(host).length > 0, 'no close message');
    expect(closeMessages(host).map((m) => m.reason)).to.deep.equal(['expired']);
    await expect(el).to.be.accessible();
  });

  it('says a token the service never issued does not work (not "expired"), and still closes with "expired"', async () => {
    const unknown = () => new ApiError({ status: 401, code: 'unauthorized', message: 'Unknown token' });
    const api = fakeApi({ getFlow: async () => makeSession(), getAccount: async () => Promise.reject(unknown()) });
    const { el, host } = await mountFlow({ api });
    const screen = await waitForView(el, 'sf-status-screen');
    expect(screen.getAttribute('kind')).to.equal('invalid');
    expect(screen.shadowRoot!.querySelector('h1')!.textContent).to.contain('This link does not work');
    await waitUntil(() => closeMessages(host).length > 0, 'no close message');
    expect(closeMessages(host).map((m) => m.reason)).to.deep.equal(['expired']);
    await expect(el).to.be.accessible();
  });

  it('refuses a parent the session does not allow: the framed screen, no account read, nothing posted', async () => {
    const calls: string[] = [];
    const api = fakeApi({
      getFlow: async () => (calls.push('getFlow'), makeSession()),
      getAccount: async () => (calls.push('getAccount'), makeAccount()),
    });
    const { el, host } = await mountFlow({ api, ancestor: 'https://evil.example' });
    const screen = await waitForView(el, 'sf-status-screen');
    expect(screen.getAttribute('kind')).to.equal('framed');
    expect(screen.shadowRoot!.textContent).to.contain('This page cannot be shown here');
    await new Promise((r) => setTimeout(r, 300));
    expect(calls).to.deep.equal(['getFlow']);
    expect(host.messages).to.have.length(0);
    expect(el.shadowRoot!.querySelector('sf-step-address')).to.equal(null);
  });

  it('says it in Spanish when the link asks for Spanish', async () => {
    const api = fakeApi({ getFlow: async () => makeSession() });
    const el = await fixture<SfFlow>(html`<sf-flow .api=${api} .hostWindow=${fakeHost('https://evil.example')} locale="es"></sf-flow>`);
    try {
      const screen = await waitForView(el, 'sf-status-screen');
      await waitUntil(() => screen.shadowRoot!.textContent!.includes('Esta página no se puede mostrar aquí'), 'not in Spanish', { timeout: 3000 });
      expect(screen.getAttribute('kind')).to.equal('framed');
    } finally {
      await setLocale('en');
    }
  });

  it('runs inside an allowed parent and posts every message to that one origin', async () => {
    const session = makeSession({ allowed_parent_origins: ['https://other.example', 'https://partner.example'] });
    const { el, host } = await mountFlow({ session, ancestor: 'https://partner.example' });
    await waitForView(el, 'sf-step-address');
    await waitUntil(() => host.messages.some((m) => m.type === 'service-flow-ready'));
    el.dispatchEvent(new ExitRequestEvent());
    await waitUntil(() => closeMessages(host).length === 1);
    expect(host.origins.length).to.equal(host.messages.length);
    expect(new Set(host.origins)).to.deep.equal(new Set(['https://partner.example']));
  });

  it('never posts to a guessed origin when the session itself is unknown', async () => {
    const api = fakeApi({ getFlow: async () => Promise.reject(unauthorized()), getAccount: async () => Promise.reject(unauthorized()) });
    const { el, host } = await mountFlow({ api });
    expect((await waitForView(el, 'sf-status-screen')).getAttribute('kind')).to.equal('expired');
    expect(host.messages).to.have.length(0);
  });

  it('shows the expired screen on a 401 from a step, and the error screen on a 403', async () => {
    const first = await mountFlow();
    (await waitForView(first.el, 'sf-step-address')).dispatchEvent(new ApiErrorEvent(unauthorized()));
    expect((await waitForView(first.el, 'sf-status-screen')).getAttribute('kind')).to.equal('expired');
    await waitUntil(() => closeMessages(first.host).length > 0, 'no close message');
    expect(closeMessages(first.host).map((m) => m.reason)).to.deep.equal(['expired']);

    const second = await mountFlow();
    const forbidden = new ApiError({ status: 403, code: 'forbidden', message: 'no' });
    (await waitForView(second.el, 'sf-step-address')).dispatchEvent(new ApiErrorEvent(forbidden));
    expect((await waitForView(second.el, 'sf-status-screen')).getAttribute('kind')).to.equal('forbidden');
    await waitUntil(() => closeMessages(second.host).length > 0, 'no close message');
    expect(closeMessages(second.host).map((m) => m.reason)).to.deep.equal(['error']);
  });

  it('offers "Try again" after a network failure at bootstrap, without closing', async () => {
    let calls = 0;
    const api = fakeApi({
      getFlow: async () => makeSession(),
      getAccount: async () => (++calls === 1 ? Promise.reject(ApiError.network()) : makeAccount()),
    });
    const { el, host } = await mountFlow({ api });
    const screen = await waitForView(el, 'sf-status-screen');
    expect(screen.getAttribute('kind')).to.equal('network');
    expect(closeMessages(host)).to.have.length(0);
    screen.shadowRoot!.querySelector<HTMLButtonElement>('.actions button')!.click();
    await waitForView(el, 'sf-step-address');
  });

  it('keeps the language the customer chose on the "cannot reach the service" screen after Try again', async () => {
    try {
      let calls = 0;
      const api = fakeApi({
        getFlow: async () => makeSession(),
        getAccount: async () => (++calls === 1 ? Promise.reject(ApiError.network()) : makeAccount()),
      });
      const { el } = await mountFlow({ api });
      const screen = await waitForView(el, 'sf-status-screen');
      el.shadowRoot!.querySelector<HTMLButtonElement>('header button[lang="es"]')!.click();
      await waitUntil(() => document.documentElement.lang === 'es', 'locale did not switch', { timeout: 3000 });
      screen.shadowRoot!.querySelector<HTMLButtonElement>('.actions button')!.click();
      const address = await waitForView(el, 'sf-step-address');
      await pause(300);
      // The session and the account say English; the customer said Spanish since, and that wins.
      expect(document.documentElement.lang, 'the language the customer chose').to.equal('es');
      expect(address.shadowRoot!.querySelector('#step-heading')!.textContent!.trim()).to.equal('¿Dónde necesita electricidad?');
    } finally {
      await setLocale('en');
    }
  });

  it('keeps the language the customer chose while the session loaded', async () => {
    try {
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      const api = fakeApi({ getFlow: async () => (await gate, makeSession()), getAccount: async () => makeAccount() });
      const { el } = await mountFlow({ api });
      await el.updateComplete;
      await waitUntil(() => el.shadowRoot!.querySelector('header button[lang="es"]'), 'no language switch while loading');
      el.shadowRoot!.querySelector<HTMLButtonElement>('header button[lang="es"]')!.click();
      await waitUntil(() => document.documentElement.lang === 'es', 'locale did not switch', { timeout: 3000 });
      release();
      await waitForView(el, 'sf-step-address');
      await pause(300);
      expect(document.documentElement.lang, 'the language the customer chose').to.equal('es');
    } finally {
      await setLocale('en');
    }
  });

  it('explains an incomplete link when there is no token', async () => {
    const el = await fixture<SfFlow>(html`<sf-flow></sf-flow>`);
    const screen = await waitForView(el, 'sf-status-screen');
    expect(screen.getAttribute('kind')).to.equal('incomplete');
    await expect(el).to.be.accessible();
  });

  it('warns five minutes ahead and expires with the session clock', async () => {
    const session = makeSession({ expires_at: new Date(Date.now() + 400).toISOString() });
    const { el, host } = await mountFlow({ session });
    // A live region says what changes in it: it is on the page, empty, before its sentence. Read at the notice's first
    // render (observed, not polled: a poll on a busy machine could come after the sentence).
    const firstText = new Promise<string>((resolve) => {
      const read = async (notice: Element) => {
        await (notice as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
        resolve(notice.shadowRoot!.querySelector('[role="status"]')?.textContent?.trim() ?? 'no live region');
      };
      const now = el.shadowRoot!.querySelector('sf-expiry-notice');
      if (now) return void read(now);
      const observer = new MutationObserver(() => {
        const notice = el.shadowRoot!.querySelector('sf-expiry-notice');
        if (!notice) return;
        observer.disconnect();
        void read(notice);
      });
      observer.observe(el.shadowRoot!, { childList: true, subtree: true });
    });
    await waitForView(el, 'sf-step-address');
    // The clock starts with the host link, once the first view is on screen.
    await waitUntil(() => host.messages.some((m) => m.type === 'service-flow-session-expiring'), 'no expiring message');
    expect(await firstText).to.equal('');
    const notice = el.shadowRoot!.querySelector('sf-expiry-notice')!;
    await waitUntil(() => notice.shadowRoot!.textContent!.includes('This link expires at'), 'the warning is said');
    const screen = await waitForView(el, 'sf-status-screen');
    expect(screen.getAttribute('kind')).to.equal('expired');
    await waitUntil(() => closeMessages(host).length > 0, 'no close message');
    expect(closeMessages(host).map((m) => m.reason)).to.deep.equal(['expired']);
  });

  it('closes with "completed" from the done step, with the account status', async () => {
    const account: Account = makeAccount(
      { service_address: ADDRESS, status: 'reviewing', status_reason: 'verification_pending' },
      { is_enrollment_finalized: true, has_accepted_plan: true },
    );
    const { el, host } = await mountFlow({ account });
    const done = await waitForView(el, 'sf-step-done');
    expect(el.shadowRoot!.querySelector('.progress')).to.equal(null);
    done.dispatchEvent(new StepCompleteEvent({ step: 'done' }));
    await waitForView(el, 'sf-status-screen');
    await waitUntil(() => closeMessages(host).length > 0, 'no close message');
    expect(closeMessages(host)[0]).to.include({ reason: 'completed', account_status: 'reviewing' });
  });

  it('finalizing on the review step leads to done', async () => {
    const ready = makeAccount({ service_address: ADDRESS }, {
      has_accepted_plan: true, is_identity_verified: true, is_credit_check_submitted: true, has_payment_method: true, can_finalize_enrollment: true,
    });
    const { el } = await mountFlow({ account: ready });
    const review = await waitForView(el, 'sf-step-review');
    const finalized = makeAccount({ ...ready }, { ...ready.enrollment, is_enrollment_finalized: true, can_finalize_enrollment: false });
    review.dispatchEvent(new StepCompleteEvent({ step: 'review', account: finalized }));
    await waitForView(el, 'sf-step-done');
  });

  it('hands the plan accepted in this session to the review and done steps', async () => {
    const plan = { uuid: 'p1', name: 'Simple 12', term_months: 12, energy_rate_cents_per_kwh: '14.2', start_date: '2030-02-01' };
    const accepted = makeAccount({ service_address: ADDRESS }, {
      has_accepted_plan: true, is_identity_verified: true, is_credit_check_submitted: true, has_payment_method: true, can_finalize_enrollment: true,
    });
    const { el } = await mountFlow({ account: makeAccount({ service_address: ADDRESS }) });
    const plans = await waitForView(el, 'sf-step-plans');
    plans.dispatchEvent(new StepCompleteEvent({ step: 'plans', account: accepted, data: { plan } }));
    const review = (await waitForView(el, 'sf-step-review')) as HTMLElement & { acceptedPlan: unknown };
    expect(review.acceptedPlan).to.deep.equal(plan);
    const finalized = makeAccount({ ...accepted }, { ...accepted.enrollment, is_enrollment_finalized: true });
    review.dispatchEvent(new StepCompleteEvent({ step: 'review', account: finalized, data: { finalized: true } }));
    const done = (await waitForView(el, 'sf-step-done')) as HTMLElement & { acceptedPlan: unknown };
    expect(done.acceptedPlan).to.deep.equal(plan);
  });

  it('routes to the missing item the review step names, not to the first unfinished step', async () => {
    const missingCard = makeAccount({ service_address: ADDRESS }, {
      has_accepted_plan: true, is_identity_verified: true, is_credit_check_submitted: true, has_payment_method: true,
    });
    const { el } = await mountFlow({ account: missingCard });
    const review = (await waitForView(el, 'sf-step-review')) as HTMLElement & { acceptedPlan: unknown };
    expect(review.acceptedPlan).to.equal(null);
    review.dispatchEvent(new StepCompleteEvent({ step: 'review', account: missingCard, data: { goTo: 'identity' } }));
    await waitForView(el, 'sf-step-identity');
    expect(el.shadowRoot!.querySelector('.progress .text')!.textContent).to.contain('Step 3 of');
  });

  it('warms the card processor up one step before the card form, and only then', async () => {
    const atCredit = makeAccount({ service_address: ADDRESS }, { has_accepted_plan: true, is_identity_verified: true });
    const { el, cardPrefetches } = await mountFlow({ account: atCredit });
    await waitForView(el, 'sf-step-credit');
    await waitUntil(() => cardPrefetches.length > 0, 'no card prefetch on the credit step', { timeout: 3000 });
    expect(cardPrefetches).to.deep.equal(['pk_test_x']);

    const earlier = await mountFlow();
    await waitForView(earlier.el, 'sf-step-address');
    await new Promise((r) => setTimeout(r, 300));
    expect(earlier.cardPrefetches).to.deep.equal([]);
  });

  it('switches to Spanish from the header', async () => {
    const { el } = await mountFlow();
    await waitForView(el, 'sf-step-address');
    const header = el.shadowRoot!.querySelector('header')!;
    header.querySelector<HTMLButtonElement>('button[lang="es"]')!.click();
    await waitUntil(() => document.documentElement.lang === 'es', 'locale did not switch', { timeout: 3000 });
    await el.updateComplete;
    await waitUntil(() => el.shadowRoot!.querySelector('.progress')!.textContent!.includes('Paso 1 de 6'));
    header.querySelector<HTMLButtonElement>('button[lang="en"]')!.click();
    await waitUntil(() => document.documentElement.lang === 'en');
  });

  it('focuses the exit question asked while a completed step re-reads the account', async () => {
    const { release } = await askWhileSaving();
    await pause(600);
    const where = `${focusedIn()}#${deepFocus()?.id ?? ''}`;
    release();
    expect(where, 'focus is on the question heading').to.equal('sf-opt-out#step-heading');
  });

  it('keeps the exit question on screen until it is answered, even when the re-read account arrives', async () => {
    const { el, release } = await askWhileSaving();
    release();
    await pause(300);
    expect(current(el)?.localName ?? '', 'the question the customer is answering').to.equal('sf-opt-out');
  });

  it('announces the step and tells the host about it after "Stay" when the question came while its code loaded', async () => {
    class SlowStep extends StubStep {}
    const views = enrollment.views as unknown as AnyScope['views'] & Record<string, unknown>;
    const original = views.identity;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    views.identity = {
      tag: 'sf-zz-slow-identity',
      load: () => gate.then(() => customElements.get('sf-zz-slow-identity') ?? customElements.define('sf-zz-slow-identity', SlowStep)),
      render: () => html`<sf-zz-slow-identity></sf-zz-slow-identity>`,
    };
    try {
      const { el, host } = await mountFlow({ account: makeAccount({ service_address: ADDRESS }) });
      const plans = await waitForView(el, 'sf-step-plans');
      await waitUntil(() => host.messages.some((m) => m.type === 'service-flow-step'), 'plans step posted');
      plans.dispatchEvent(new PlansViewedEvent({ plan_uuids: ['p1'] }));
      const accepted = makeAccount({ service_address: ADDRESS }, { has_accepted_plan: true });
      plans.dispatchEvent(new StepCompleteEvent({ step: 'plans', account: accepted }));
      // The identity step's code is still on its way: the customer presses close.
      clickClose(el);
      await pause(50);
      release();
      const optOut = await waitForView(el, 'sf-opt-out');
      optOut.dispatchEvent(new CustomEvent('sf-opt-out-cancelled', { bubbles: true, composed: true }));
      await waitForView(el, 'sf-zz-slow-identity');
      await pause(500);
      const steps = host.messages.filter((m) => m.type === 'service-flow-step').map((m) => (m as { step: string }).step);
      const live = el.shadowRoot!.querySelector('div.sr-only[role="status"]')!.textContent!.trim();
      expect(steps.join(','), 'the host is told the step on screen').to.equal('plans,identity');
      expect(live, 'the live region names the step on screen').to.contain('Step 3 of');
    } finally {
      views.identity = original;
    }
  });

  it('shows a step kept from an earlier visit in the language switched to meanwhile (Back)', async () => {
    try {
      const { el } = await mountFlow();
      const address = await waitForView(el, 'sf-step-address');
      address.dispatchEvent(new StepCompleteEvent({ step: 'address', data: { address: ADDRESS } }));
      const plans = await waitForView(el, 'sf-step-plans');
      el.shadowRoot!.querySelector<HTMLButtonElement>('header button[lang="es"]')!.click();
      await waitUntil(() => document.documentElement.lang === 'es', 'locale did not switch', { timeout: 3000 });
      plans.dispatchEvent(new StepBackEvent());
      const again = await waitForView(el, 'sf-step-address');
      await pause(300);
      const heading = again.shadowRoot!.querySelector('#step-heading')!.textContent!.trim();
      const live = el.shadowRoot!.querySelector('div.sr-only[role="status"]')!.textContent!.trim();
      expect(heading).to.equal('¿Dónde necesita electricidad?');
      expect(live).to.equal('Paso 1 de 6');
    } finally {
      await setLocale('en');
    }
  });
  it('every element inside a kept view, not only the view, renders in the language switched while it was off the page', async () => {
    class Inner extends LocalizedElement {
      override render() {
        return msg('Close', { id: 'common.close' });
      }
    }
    class Outer extends LocalizedElement {
      override render() {
        return html`<sf-test-kept-inner></sf-test-kept-inner>`;
      }
    }
    customElements.define('sf-test-kept-inner', Inner);
    customElements.define('sf-test-kept-outer', Outer);
    const outer = await fixture<Outer>(html`<sf-test-kept-outer></sf-test-kept-outer>`);
    const inner = outer.shadowRoot!.querySelector<Inner>('sf-test-kept-inner')!;
    await inner.updateComplete;
    const parent = outer.parentElement!;
    try {
      outer.remove();
      await setLocale('es');
      parent.append(outer);
      await outer.updateComplete;
      await inner.updateComplete;
      expect(inner.shadowRoot!.textContent!.trim()).to.equal('Cerrar');
    } finally {
      await setLocale('en');
    }
  });
});

/** A session that answers when `release` is called (a slow phone network). */
function slowSession(session = makeSession()) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const api = fakeApi({ getFlow: async () => (await gate, session), getAccount: async () => makeAccount() });
  return { api, release };
}

/** A native WebView (React Native): no parent frame, the app's bridge object injected. */
function nativeHost(): BridgeWindow & { messages: FlowMessage[] } {
  const host = {
    messages: [] as FlowMessage[],
    location: { replace: () => undefined },
    parent: null as unknown,
    ReactNativeWebView: { postMessage: (json: string) => host.messages.push(JSON.parse(json) as FlowMessage) },
  };
  host.parent = host; // top level: a window is its own parent
  return host as unknown as BridgeWindow & { messages: FlowMessage[] };
}

describe('sf-flow: Close pressed while the session loads', () => {
  afterEach(() => sessionStorage.clear());

  it('a WebView app hears service-flow-close at once, and nothing after it once the session is known (no clock, no resize)', async () => {
    // Less than five minutes left: a session clock that ran would warn at once.
    const { api, release } = slowSession(makeSession({ expires_at: new Date(Date.now() + 120_000).toISOString() }));
    const host = nativeHost();
    const el = await fixture<SfFlow>(html`<sf-flow .api=${api} .hostWindow=${host} .prefetchCard=${() => undefined}></sf-flow>`);
    await waitUntil(() => current(el)?.classList.contains('loading'), 'loading skeleton');
    clickClose(el);
    await waitUntil(() => host.messages.some((m) => m.type === 'service-flow-close'), 'no close message');
    release();
    await waitForView(el, 'sf-status-screen');
    await pause(800);
    expect(host.messages.map((m) => m.type)).to.deep.equal(['service-flow-close']);
    expect(host.messages[0]).to.include({ reason: 'exited' });
  });

  it('a parent page is told the flow closed once the session is known (at its own origin), instead of never', async () => {
    const { api, release } = slowSession();
    const { el, host } = await mountFlow({ api, ancestor: 'https://partner.example' });
    await waitUntil(() => current(el)?.classList.contains('loading'), 'loading skeleton');
    clickClose(el);
    release();
    await waitForView(el, 'sf-status-screen');
    // The closed screen has no Close of its own (the header hides it): the host must remove the flow.
    await pause(800);
    expect(host.messages.map((m) => m.type), 'one close, and nothing after it').to.deep.equal(['service-flow-close']);
    expect(host.messages[0]).to.include({ reason: 'exited' });
    expect(host.origins).to.deep.equal(['https://partner.example']);
  });

  it('a hosted page still sends the customer back to the return URL once the session is known', async () => {
    const { api, release } = slowSession(makeSession({ behavior: 'hosted', return_url: 'https://partner.example/back' }));
    const redirects: string[] = [];
    // A browser tab at top level: no parent frame, no native bridge.
    const top = { location: { replace: (url: string) => redirects.push(url) }, parent: null as unknown };
    top.parent = top;
    const el = await fixture<SfFlow>(html`<sf-flow .api=${api} .hostWindow=${top} .prefetchCard=${() => undefined}></sf-flow>`);
    await waitUntil(() => current(el)?.classList.contains('loading'), 'loading skeleton');
    clickClose(el);
    release();
    await waitForView(el, 'sf-status-screen');
    await pause(800);
    expect(redirects).to.have.length(1);
    expect(redirects[0]).to.match(/^https:\/\/partner\.example\/back\?reason=exited&locale=en$/);
  });
});

describe('sf-flow: page titles (2.4.2)', () => {
  afterEach(() => sessionStorage.clear());

  /** The heading of the status screen on view, once rendered. */
  async function statusHeading(el: SfFlow): Promise<string> {
    const screen = await waitForView(el, 'sf-status-screen');
    await waitUntil(() => screen.shadowRoot?.querySelector('h1') !== null);
    return screen.shadowRoot!.querySelector('h1')!.textContent!.trim();
  }

  // Not only the partner's name (pageTitle, src/flow/chrome.ts): "You have left this page · Acme Bank" says what the
  // page is, as every step's "Plan · Acme Bank" does.
  it('a status screen is titled by what it says, not only the partner\'s name', async () => {
    const api = fakeApi({ getFlow: async () => makeSession(), getAccount: async () => makeAccount() });
    const { el } = await mountFlow({ api });
    await waitForView(el, 'sf-step-address');
    await waitUntil(() => document.title.includes('Acme Bank'), `title: ${document.title}`);
    clickClose(el);
    const heading = await statusHeading(el);
    expect(heading).to.equal('You have left this page');
    await waitUntil(() => document.title === `${heading} · Acme Bank`, `the title of the closed screen: ${document.title}`);
  });

  it('the "cannot reach the service" screen is titled by it (no scope known: not "Electricity enrollment" either)', async () => {
    const api = fakeApi({ getFlow: async () => Promise.reject(new TypeError('Failed to fetch')), getAccount: async () => makeAccount() });
    const { el } = await mountFlow({ api });
    const heading = await statusHeading(el);
    await pause(50);
    expect(document.title, `the title of the "${heading}" screen`).to.equal(heading);
  });

  it('the exit question is titled by its heading', async () => {
    const { el } = await mountFlow({ account: makeAccount({ service_address: ADDRESS }) });
    const plans = await waitForView(el, 'sf-step-plans');
    plans.dispatchEvent(new PlansViewedEvent({ plan_uuids: ['p1'] }));
    clickClose(el);
    const question = await waitForView(el, 'sf-opt-out');
    const heading = question.shadowRoot!.querySelector('#step-heading')!.textContent!;
    await waitUntil(() => document.title === `${heading} · Acme Bank`, `the title of the question: ${document.title}`);
  });
});

describe('sf-flow: the partner\'s brand color (1.4.3)', () => {
  afterEach(async () => {
    sessionStorage.clear();
    await resetMouse();
  });

  const CARD: PaymentMethod = { type: 'STRIPE_CARD', card_brand: 'mastercard', card_last4: '4444', card_exp_month: 3, card_exp_year: 2030, card_postal_code: '77002' };
  const rgb = (color: string): [number, number, number] => {
    const m = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)/.exec(color);
    if (!m) throw new Error(`not an rgb() color: ${color}`);
    return [Number(m[1]), Number(m[2]), Number(m[3])];
  };
  const hex = (h: string) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
  const luminance = ([r, g, b]: number[]) => {
    const lin = (v: number) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
  };
  const contrast = (a: string, b: string) => {
    const [hi, lo] = [luminance(rgb(a)), luminance(rgb(b))].sort((x, y) => y - x) as [number, number];
    return (hi + 0.05) / (lo + 0.05);
  };

  // A secondary button draws its label in the brand color, and its background turns --_surface-muted (#f5f7fa,
  // styles/shared.ts `.btn.secondary:hover`) while pointed at: a brand just above 4.5:1 on white (#1a73e8: 4.51) is
  // 4.2:1 there, below AA for the label of every "Back", "Try again", "Keep this card"… pointed at. The check
  // (flow/branding.ts) measures the brand against that surface: such a brand is not used, one that passes keeps it.
  for (const [brand, used] of [['#1a73e8', false], ['#1d68d8', true]] as const) {
    it(`a secondary button's label stays at 4.5:1 while pointed at: brand ${brand} ${used ? 'used' : 'not used (the default instead)'}`, async () => {
      const account = makeAccount({ status: 'active', status_reason: 'active' } as Partial<Account>, { has_payment_method: true });
      const session = makeSession({ scope: 'update-payment-method', branding: { name: 'Acme Bank', primary_color: brand, logo_url: null } });
      const api = fakeApi({ getFlow: async () => session, getAccount: async () => account, getPaymentMethod: async () => CARD });
      const { el } = await mountFlow({ account, session, api });
      const view = await waitForView(el, 'sf-step-card-on-file');
      let keep: HTMLButtonElement | undefined;
      await waitUntil(() => {
        const card = view.shadowRoot!.querySelector('sf-current-card');
        keep = [...(card?.shadowRoot?.querySelectorAll<HTMLButtonElement>('button.btn.secondary') ?? [])].find((b) => b.textContent!.includes('Keep this card'));
        return Boolean(keep);
      }, 'no "Keep this card" button');
      const button = keep!;
      expect(rgb(getComputedStyle(button).color), 'the label color').to.deep.equal(used ? hex(brand) : hex('#0b5cad'));
      const box = button.getBoundingClientRect();
      await sendMouse({ type: 'move', position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)] });
      // The hover's background transition (120 ms).
      await pause(400);
      expect(button.matches(':hover'), 'the pointer is on the button').to.equal(true);
      const style = getComputedStyle(button);
      const ratio = contrast(style.color, style.backgroundColor);
      expect(ratio, `label ${style.color} on ${style.backgroundColor} while pointed at: ${ratio.toFixed(2)}:1`).to.be.at.least(4.5);
    });
  }
});
