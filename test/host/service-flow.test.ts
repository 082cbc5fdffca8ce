import { expect } from '@open-wc/testing';
import { emulateMedia, setViewport } from '@web/test-runner-commands';
import { ServiceFlow } from '../../src/host/index.js';
import type { ServiceFlowHandle, ServiceFlowOptions } from '../../src/host/index.js';
import type { FlowMessage } from '../../src/bridge/messages.js';

/** The flow on another origin than the test page (127.0.0.1 vs localhost: the same test server). */
const FLOW_ORIGIN = `${location.protocol}//${location.hostname === '127.0.0.1' ? 'localhost' : '127.0.0.1'}:${location.port}`;
const LINK = `${FLOW_ORIGIN}/test/host/no-such-flow?token=t`;

const ready: FlowMessage = { type: 'service-flow-ready', version: 1, scope: 'enrollment' };
const closeMsg: FlowMessage = { type: 'service-flow-close', version: 1, scope: 'enrollment', reason: 'completed', account_status: 'pending' };

/** Every 'message' listener on the window, added and not removed. */
const live = new Set<unknown>();
const add = window.addEventListener.bind(window);
const remove = window.removeEventListener.bind(window);
window.addEventListener = ((type: string, listener: EventListenerOrEventListenerObject, options?: AddEventListenerOptions) => {
  if (type === 'message') live.add(listener);
  add(type, listener, options);
}) as typeof window.addEventListener;
window.removeEventListener = ((type: string, listener: EventListenerOrEventListenerObject, options?: EventListenerOptions) => {
  if (type === 'message') live.delete(listener);
  remove(type, listener, options);
}) as typeof window.removeEventListener;

interface Calls {
  ready: FlowMessage[];
  events: FlowMessage[];
  closes: Array<FlowMessage | undefined>;
}

let opener: HTMLButtonElement;
let handle: ServiceFlowHandle | undefined;

function open(extra: Partial<ServiceFlowOptions> = {}): Calls {
  const calls: Calls = { ready: [], events: [], closes: [] };
  handle = ServiceFlow.open({
    loginLink: LINK,
    onReady: (m) => calls.ready.push(m),
    onEvent: (m) => calls.events.push(m),
    onClose: (m) => calls.closes.push(m),
    ...extra,
  });
  return calls;
}

const dialog = () => document.querySelector<HTMLDialogElement>('dialog[data-service-flow]');
const iframe = () => dialog()?.querySelector('iframe') ?? null;
/** Whether the SDK's own close button is drawn (computed: a page rule for buttons must not bring it back). */
const drawn = (button: HTMLElement | null | undefined) => Boolean(button) && getComputedStyle(button!).display !== 'none' && button!.getBoundingClientRect().height > 0;

/** A message as the browser delivers it: `origin` and `source` are what the SDK must check. */
function deliver(data: unknown, { origin = FLOW_ORIGIN, source = iframe()?.contentWindow ?? null }: { origin?: string; source?: Window | null } = {}): void {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
}

describe('ServiceFlow.open (host SDK)', () => {
  beforeEach(async () => {
    await setViewport({ width: 1024, height: 768 });
    opener = document.createElement('button');
    opener.textContent = 'Enroll';
    document.body.append(opener);
    opener.focus();
  });
  afterEach(() => {
    handle?.destroy();
    handle = undefined;
    opener.remove();
  });

  it('opens a labelled modal dialog with the payment permission, focus in the flow and the page scroll locked', () => {
    const before = live.size;
    open({ title: 'Electricity enrollment', testIds: { dialog: 'm', frame: 'f' } });
    const d = dialog()!;
    expect(d.matches(':modal'), 'in the top layer').to.equal(true);
    expect(d.getAttribute('aria-modal')).to.equal('true');
    expect(d.getAttribute('aria-label')).to.equal('Electricity enrollment');
    expect(d.dataset.testid).to.equal('m');
    const f = iframe()!;
    // Named: the iframe has no src attribute, so a bare `payment` would mean this page's origin.
    expect(f.getAttribute('allow')).to.equal(`payment ${FLOW_ORIGIN}`);
    expect(f.title).to.equal('Electricity enrollment');
    expect(f.hasAttribute('src'), 'the login link (its token) is not left in the page: navigated to, not an attribute').to.equal(false);
    expect(f.dataset.testid).to.equal('f');
    expect(document.activeElement).to.equal(f);
    expect(document.documentElement.style.overflow).to.equal('hidden');
    expect([...d.querySelectorAll('button')].filter(drawn), 'no close button of its own: the flow draws one').to.have.length(0);
    expect(live.size).to.equal(before + 1);
    expect(d.hasAttribute('lang'), 'in the page\'s language unless told').to.equal(false);
  });

  it('marks its names with the flow\'s language when it is not the page\'s (`lang`)', () => {
    open({ title: 'Facturas de la electricidad', closeLabel: 'Cerrar', lang: 'es' });
    // The iframe and the fallback close button inherit it (WCAG 3.1.2, language of parts).
    expect(dialog()!.lang).to.equal('es');
    expect(iframe()!.closest('[lang]')).to.equal(dialog());
  });

  it('a centred dialog on a desktop that follows the flow height; full screen on a phone', async () => {
    open();
    const box = () => dialog()!.getBoundingClientRect();
    expect(box().width).to.equal(480);
    expect(Math.round(box().left + box().width / 2)).to.equal(512);
    deliver({ type: 'service-flow-resize', version: 1, scope: 'enrollment', height: 500 });
    expect(box().height).to.equal(500);
    deliver({ type: 'service-flow-resize', version: 1, scope: 'enrollment', height: 5000 });
    expect(box().height, 'never taller than the screen').to.equal(768 - 32);
    deliver({ type: 'service-flow-resize', version: 1, scope: 'enrollment', height: 40 });
    expect(box().height, 'a sensible least height').to.equal(320);
    await setViewport({ width: 375, height: 812 });
    await new Promise((r) => requestAnimationFrame(r));
    expect([box().left, box().top, box().width, box().height]).to.deep.equal([0, 0, 375, 812]);
  });

  it('greets the flow with service-flow-init, to the flow origin only, when its page loads', async () => {
    const echoes: Array<{ echo: unknown; from: string }> = [];
    const listen = (event: MessageEvent) => {
      if (event.origin === FLOW_ORIGIN && (event.data as { echo?: unknown })?.echo) echoes.push(event.data as { echo: unknown; from: string });
    };
    add('message', listen);
    try {
      open({ loginLink: `${FLOW_ORIGIN}/test/host/echo.html?token=t` });
      for (let i = 0; i < 100 && echoes.length === 0; i += 1) await new Promise((r) => setTimeout(r, 20));
      expect(echoes).to.have.length.greaterThan(0);
      expect(echoes[0]!.echo).to.deep.equal({ type: 'service-flow-init', version: 1 });
      // The browser attests where it came from: this page, which the flow then writes to, and only to.
      expect(echoes[0]!.from).to.equal(location.origin);
    } finally {
      remove('message', listen);
    }
  });

  it('takes messages from the flow origin and its iframe only, and only flow messages', () => {
    const calls = open();
    deliver(ready, { origin: location.origin });
    deliver(ready, { source: window });
    deliver(closeMsg, { origin: 'https://evil.example' });
    deliver(closeMsg, { source: window });
    deliver({ type: 'service-flow-close' }); // no version
    deliver('service-flow-close');
    expect(calls.events).to.deep.equal([]);
    expect(dialog()).not.to.equal(null);
    deliver(ready);
    expect(calls.ready).to.deep.equal([ready]);
    expect(calls.events).to.deep.equal([ready]);
  });

  it('on service-flow-close: removes everything, restores focus and scroll, calls onClose once with the message', () => {
    document.documentElement.style.overflow = 'clip';
    const before = live.size;
    const calls = open();
    deliver(ready);
    deliver(closeMsg);
    expect(dialog()).to.equal(null);
    expect(document.querySelector('iframe')).to.equal(null);
    expect(live.size).to.equal(before);
    expect(document.activeElement).to.equal(opener);
    expect(document.documentElement.style.overflow).to.equal('clip');
    document.documentElement.style.overflow = '';
    expect(calls.closes).to.deep.equal([closeMsg]);
    expect(calls.events).to.deep.equal([ready, closeMsg]);
    handle!.close();
    expect(calls.closes, 'once').to.have.length(1);
  });

  it('refuses a second open while one is open; opens again after', () => {
    open();
    expect(() => open()).to.throw(/already open/);
    expect(document.querySelectorAll('dialog[data-service-flow]')).to.have.length(1);
    handle!.destroy();
    open();
    expect(dialog()).not.to.equal(null);
  });

  it('a page that replaced its body (Turbo, htmx) while a flow was open can open one again, its scroll unlocked', () => {
    const before = live.size;
    const calls = open();
    dialog()!.remove();
    open();
    expect(dialog(), 'the new flow is open').not.to.equal(null);
    expect(calls.closes, 'the page is not told of a close it made').to.deep.equal([]);
    expect(live.size, 'the first flow no longer listens').to.equal(before + 1);
    handle!.destroy();
    expect(document.documentElement.style.overflow, 'scroll unlocked').to.equal('');
  });

  it('destroy() removes everything and calls nothing afterwards', () => {
    const before = live.size;
    const calls = open();
    const frame = iframe()!;
    handle!.destroy();
    expect(dialog()).to.equal(null);
    expect(live.size).to.equal(before);
    expect(document.documentElement.style.overflow).to.equal('');
    window.dispatchEvent(new MessageEvent('message', { data: closeMsg, origin: FLOW_ORIGIN, source: frame.contentWindow }));
    handle!.close();
    expect(calls).to.deep.equal({ ready: [], events: [], closes: [] });
  });

  it('close() removes everything and calls onClose once without a message', () => {
    const calls = open();
    handle!.close();
    handle!.close();
    expect(dialog()).to.equal(null);
    expect(calls.closes).to.deep.equal([undefined]);
  });

  it('Escape on the page closes a flow that never became ready, not one that is', () => {
    let calls = open();
    dialog()!.dispatchEvent(new Event('cancel', { cancelable: true }));
    expect(dialog()).to.equal(null);
    expect(calls.closes).to.deep.equal([undefined]);
    calls = open();
    deliver(ready);
    const cancel = new Event('cancel', { cancelable: true });
    dialog()!.dispatchEvent(cancel);
    expect(cancel.defaultPrevented).to.equal(true);
    expect(dialog()).not.to.equal(null);
    expect(calls.closes).to.deep.equal([]);
    // A cancel the page cannot refuse: the dialog will close, so the SDK closes it for good.
    dialog()!.dispatchEvent(new Event('cancel', { cancelable: false }));
    expect(dialog()).to.equal(null);
    expect(document.documentElement.style.overflow).to.equal('');
    expect(calls.closes).to.deep.equal([undefined]);
  });

  it('a flow that is not ready in time gets a close button above it, gone once it is ready', async () => {
    let calls = open({ readyTimeout: 20, closeLabel: 'Cerrar' });
    const button = () => dialog()?.querySelector('button') ?? null;
    expect(drawn(button())).to.equal(false);
    await new Promise((r) => setTimeout(r, 60));
    expect(drawn(button())).to.equal(true);
    expect(button()!.textContent).to.equal('Cerrar');
    expect(button()!.getBoundingClientRect().bottom).to.be.at.most(iframe()!.getBoundingClientRect().top);
    // A target a finger can hit (WCAG 2.2 target size), whatever the page's own button styles.
    expect(button()!.getBoundingClientRect().height).to.be.at.least(44);
    expect(button()!.getBoundingClientRect().width).to.be.at.least(44);
    deliver(ready);
    expect(drawn(button()), 'ready: the flow draws its own close button').to.equal(false);
    handle!.destroy();
    calls = open({ readyTimeout: 20 });
    await new Promise((r) => setTimeout(r, 60));
    button()!.click();
    expect(dialog()).to.equal(null);
    expect(calls.closes).to.deep.equal([undefined]);
  });

  it('its close button stays out of sight while the flow runs, whatever the page says about buttons', () => {
    // An ordinary partner stylesheet rule, which beats the hidden attribute's display:none.
    const style = document.createElement('style');
    style.textContent = 'button { display: inline-block; }';
    document.head.append(style);
    try {
      open();
      expect(drawn(dialog()!.querySelector('button')), 'no SDK button over a running flow').to.equal(false);
    } finally {
      style.remove();
    }
  });

  describe('a flow page that loads and then says nothing (a link already invalid: the flow cannot tell a page it does not know yet)', () => {
    const loaded = () => new Promise((r) => iframe()!.addEventListener('load', r, { once: true }));
    const button = () => dialog()?.querySelector('button') ?? null;

    it('gets the close button 4 s after its load, not at readyTimeout', async () => {
      const calls = open();
      await loaded();
      await new Promise((r) => setTimeout(r, 3500));
      expect(drawn(button()), 'not before the flow had its time').to.equal(false);
      await new Promise((r) => setTimeout(r, 800));
      expect(drawn(button()), 'well before the default 10 s').to.equal(true);
      button()!.click();
      expect(dialog()).to.equal(null);
      expect(calls.closes).to.deep.equal([undefined]);
    });

    it('a flow that was ready, reloaded into a page that says nothing (its link expired meanwhile), gets it too', async () => {
      open();
      await loaded();
      deliver(ready);
      const again = loaded();
      iframe()!.contentWindow!.location.replace(LINK);
      await again;
      await new Promise((r) => setTimeout(r, 4300));
      expect(drawn(button())).to.equal(true);
    });

    it('a flow that spoke (its session known) does not get it then; nor one opened with readyTimeout: Infinity', async () => {
      open();
      await loaded();
      deliver({ type: 'service-flow-resize', version: 1, scope: 'enrollment', height: 600 });
      await new Promise((r) => setTimeout(r, 4300));
      expect(drawn(button())).to.equal(false);
      handle!.destroy();
      open({ readyTimeout: Infinity });
      await loaded();
      await new Promise((r) => setTimeout(r, 4300));
      expect(drawn(button())).to.equal(false);
    });
  });

  it('readyTimeout: Infinity never shows its close button (a timer would have fired at once)', async () => {
    open({ readyTimeout: Infinity });
    await new Promise((r) => setTimeout(r, 50));
    expect(drawn(dialog()!.querySelector('button'))).to.equal(false);
  });

  it('refuses a login link that is not http(s): a javascript: link would run as the page', async () => {
    const w = window as unknown as { sdkLinkRan?: boolean };
    w.sdkLinkRan = false;
    let threw = false;
    try {
      open({ loginLink: 'javascript:parent.sdkLinkRan=true' });
    } catch {
      threw = true;
    }
    await new Promise((r) => setTimeout(r, 100));
    expect(w.sdkLinkRan, 'the link did not run in the page').to.equal(false);
    expect(threw, 'open() throws').to.equal(true);
    expect(dialog()).to.equal(null);
  });

  it('gives the payment permission to the flow (navigated to, with no src attribute)', async () => {
    // A stand-in flow page that tells its parent whether it holds the permission.
    const probe = `${FLOW_ORIGIN}/test/host/payment-probe.html?token=t`;
    const said = new Promise<unknown>((resolve) => {
      const listen = (event: MessageEvent) => {
        const data = event.data as { payment?: unknown } | null;
        if (event.origin !== FLOW_ORIGIN || event.source !== iframe()?.contentWindow || data?.payment === undefined) return;
        window.removeEventListener('message', listen);
        resolve(data.payment);
      };
      window.addEventListener('message', listen);
    });
    open({ loginLink: probe });
    expect(await said).to.equal(true);
  });

  it('keeps an edge in forced colors (high contrast), where the dimming shadow is not drawn', async () => {
    await emulateMedia({ forcedColors: 'active' });
    try {
      open();
      const cs = getComputedStyle(dialog()!);
      const edge = cs.boxShadow !== 'none' || parseFloat(cs.borderTopWidth) > 0 || (cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) > 0);
      expect(edge).to.equal(true);
    } finally {
      await emulateMedia({ forcedColors: 'none' });
    }
  });

  it('a page may destroy the flow from onEvent: nothing is called after', () => {
    const calls = open({ onEvent: () => handle!.destroy() });
    deliver(ready);
    expect(dialog()).to.equal(null);
    expect(calls.ready).to.deep.equal([]);
  });

  it('a page whose onEvent throws still gets the dialog removed and onClose on service-flow-close', () => {
    const before = new Set(live);
    const calls = open({
      onEvent: (m) => {
        if (m.type === 'service-flow-close') throw new Error("the page's own bug");
      },
    });
    // The SDK's listener, called directly: the page's exception comes back here (a real dispatch reports it as
    // uncaught, which the runner would count as this test's failure).
    const listener = [...live].find((l) => !before.has(l)) as (event: MessageEvent) => void;
    const source = iframe()!.contentWindow;
    listener(new MessageEvent('message', { data: ready, origin: FLOW_ORIGIN, source }));
    expect(() => listener(new MessageEvent('message', { data: closeMsg, origin: FLOW_ORIGIN, source }))).to.throw(/own bug/);
    expect(dialog() === null, 'the dialog is gone').to.equal(true);
    expect(document.documentElement.style.overflow, 'the page scrolls again').to.equal('');
    expect(calls.ready).to.have.length(1);
    expect(calls.closes).to.deep.equal([closeMsg]);
  });

  it('a resize without a usable height is ignored: the dialog keeps its size, also after a phone layout and back', async () => {
    open();
    const box = () => dialog()!.getBoundingClientRect();
    deliver({ type: 'service-flow-resize', version: 1, scope: 'enrollment', height: 500 });
    expect(box().height).to.equal(500);
    deliver({ type: 'service-flow-resize', version: 1, scope: 'enrollment' });
    deliver({ type: 'service-flow-resize', version: 1, scope: 'enrollment', height: Infinity });
    expect(box().height).to.equal(500);
    await setViewport({ width: 375, height: 812 });
    await new Promise((r) => requestAnimationFrame(r));
    await setViewport({ width: 1024, height: 768 });
    await new Promise((r) => requestAnimationFrame(r));
    expect(box().height, 'the last good height').to.equal(500);
  });
  it('throws on a missing login link (the page\'s backend failed: undefined, null) or a relative one, framing nothing', () => {
    for (const missing of [undefined, null, '/login?token=t']) {
      expect(() => ServiceFlow.open({ loginLink: missing as unknown as string }), String(missing)).to.throw('absolute http(s) URL');
      expect(dialog(), String(missing)).to.equal(null);
    }
  });

  it('a dialog closed by anything but the SDK (the page\'s dialog.close()) ends the flow: onClose, scroll back, open() works again', async () => {
    const before = live.size;
    const calls = open();
    dialog()!.close();
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.closes, 'the page is told the flow is gone').to.deep.equal([undefined]);
    expect(document.documentElement.style.overflow, 'the page scrolls again').to.equal('');
    expect(live.size, 'the SDK no longer listens').to.equal(before);
    expect(() => open(), 'a closed flow is not "already open" forever').not.to.throw();
  });

  it('a body replaced while the flow is open (Turbo, htmx: Back) ends it at once: scroll back, no listener, onClose', async () => {
    const before = live.size;
    const calls = open();
    const old = document.body;
    const replacement = document.createElement('body');
    old.replaceWith(replacement);
    try {
      await new Promise((r) => setTimeout(r, 50));
      expect(document.documentElement.style.overflow, 'the new page scrolls').to.equal('');
      expect(live.size, 'no message listener left').to.equal(before);
      expect(calls.closes).to.have.length(1);
    } finally {
      replacement.replaceWith(old);
    }
  });

  it('keeps its centred 480 px desktop dialog under a CSS framework\'s dialog rule (Pico CSS: min-width/min-height 100%)', () => {
    const style = document.createElement('style');
    style.textContent =
      'dialog { display: flex; position: fixed; top: 0; right: 0; bottom: 0; left: 0; align-items: center; justify-content: center; width: inherit; min-width: 100%; height: inherit; min-height: 100%; padding: 0; border: 0; }';
    document.head.append(style);
    try {
      open();
      const box = dialog()!.getBoundingClientRect();
      expect(box.width, 'the desktop width').to.equal(480);
      expect(box.height, 'within the window less 2 rem').to.be.at.most(768 - 32);
      expect(Math.round(box.left), 'centred').to.equal((1024 - 480) / 2);
    } finally {
      style.remove();
    }
  });

  it('gives focus back to an opener the page disabled while the flow was open and enabled again in onClose', () => {
    open({ onClose: () => (opener.disabled = false) });
    opener.disabled = true;
    handle!.close();
    expect(document.activeElement === opener, `focus on the opener, not on <${document.activeElement?.tagName.toLowerCase()}>`).to.equal(true);
  });

  it('leaves focus where the page\'s onClose put it', () => {
    const status = document.createElement('p');
    status.tabIndex = -1;
    document.body.append(status);
    try {
      open({ onClose: () => status.focus() });
      handle!.close();
      expect(document.activeElement === status).to.equal(true);
    } finally {
      status.remove();
    }
  });

  it('gives focus back to an opener inside a web component (its shadow root), disabled while open and enabled in onClose', () => {
    // A design system's button: a custom element whose <button> lives in its shadow root (no delegatesFocus).
    const widget = document.createElement('div');
    const inner = document.createElement('button');
    inner.textContent = 'Get electricity';
    widget.attachShadow({ mode: 'open' }).append(inner);
    document.body.append(widget);
    try {
      inner.focus();
      open({ onClose: () => (inner.disabled = false) });
      inner.disabled = true;
      handle!.close();
      expect(widget.shadowRoot!.activeElement === inner, `focus on the opener, not on <${document.activeElement?.tagName.toLowerCase()}>`).to.equal(true);
    } finally {
      widget.remove();
    }
  });

  it('an empty title or closeLabel (a missing translation) falls back to the defaults: the dialog, the iframe and the button keep a name', async () => {
    open({ title: '', closeLabel: '', readyTimeout: 0 });
    await new Promise((r) => setTimeout(r, 20));
    expect(dialog()!.getAttribute('aria-label')).to.equal('Electricity service');
    expect(iframe()!.title).to.equal('Electricity service');
    expect(dialog()!.querySelector('button')!.textContent).to.equal('Close');
  });

  /** The waits of the timers the SDK set while `opening` ran. */
  const timersWhile = (opening: () => void): Array<number | undefined> => {
    const timers: Array<number | undefined> = [];
    const original = window.setTimeout;
    window.setTimeout = ((fn: TimerHandler, ms?: number) => {
      timers.push(ms);
      return original(fn, ms);
    }) as typeof window.setTimeout;
    try {
      opening();
    } finally {
      window.setTimeout = original;
    }
    return timers;
  };

  it('a readyTimeout of NaN (Number() of a missing setting) keeps the default wait: the only way out is not lost', () => {
    expect(timersWhile(() => open({ readyTimeout: NaN })), 'a timer of the default 10 s').to.deep.equal([10_000]);
  });

  it('a readyTimeout that is not a number (null, an empty string, false from a page\'s config) keeps the default wait, and one past what a timer holds waits the longest a timer holds, not for ever', () => {
    const timers = timersWhile(() => {
      for (const readyTimeout of [null, '', false, 3e9]) {
        open({ readyTimeout: readyTimeout as unknown as number });
        handle!.destroy();
      }
    });
    expect(timers).to.deep.equal([10_000, 10_000, 10_000, 2 ** 31 - 1]);
  });

  it('a negative readyTimeout keeps the default wait: its close button is not drawn over a flow that is loading', async () => {
    open({ readyTimeout: -1 });
    await new Promise((r) => setTimeout(r, 30));
    expect(drawn(dialog()!.querySelector('button'))).to.equal(false);
  });
});

/** The code of the fence after `<!-- snippet: name -->` in docs/integration.md (as e2e/guide-snippets.spec.ts reads it). */
async function snippet(name: string): Promise<string> {
  const guide = await (await fetch('/docs/integration.md')).text();
  const marker = `<!-- snippet: ${name} -->`;
  const at = guide.indexOf(marker);
  if (at < 0) throw new Error(`no snippet ${name}`);
  return /^\s*```[a-z]*\n([\s\S]*?)\n```/.exec(guide.slice(at + marker.length))![1]!;
}

describe("the guide's raw iframe snippet, without the SDK (docs/integration.md)", () => {
  it('a second openFlow() while one is open (a double click on the button) puts no second flow in the dialog', async () => {
    document.body.insertAdjacentHTML(
      'beforeend',
      '<button id="enroll" type="button">Get electricity</button><dialog id="flow-dialog" aria-label="Electricity enrollment"></dialog>',
    );
    const d = document.getElementById('flow-dialog') as HTMLDialogElement;
    try {
      // The snippet as written; its click handler awaits the partner's route, so two quick clicks call openFlow twice.
      const openFlow = new Function(`${await snippet('iframe-js')}\nreturn openFlow;`)() as (link: string) => void;
      openFlow(LINK);
      openFlow(LINK);
      expect(d.querySelectorAll('iframe'), 'one flow (one login link, one session) in the dialog').to.have.length(1);
    } finally {
      d.close();
      d.remove();
      document.getElementById('enroll')?.remove();
      document.documentElement.style.overflow = '';
    }
  });
});
