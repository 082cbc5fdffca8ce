/**
 * A Spanish first screen shares the network with nothing it does not show: the strings after the first screen's
 * (src/i18n/locales/later/es.ts) are fetched once the first view is shown, when the browser is idle (the root's
 * prefetch), not with the localization runtime. A page of its own: nothing else has loaded the runtime yet.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { SfFlow } from '../../src/flow/flow.js';
import '../../src/flow/flow.js';
import { setLocale } from '../../src/i18n/localization.js';
import { makeAccount, makeSession } from './fixtures.js';
import { fakeApi, fakeHost, waitForView } from './harness.js';

const fetched = (part: string) => performance.getEntriesByType('resource').some((e) => new URL(e.name).pathname.endsWith(part));

describe('the Spanish strings after the first screen’s', () => {
  const idle: Array<() => void> = [];
  const requestIdle = window.requestIdleCallback;
  before(() => {
    // The browser stays busy until the test says otherwise.
    window.requestIdleCallback = (run: IdleRequestCallback) => idle.push(() => run({ didTimeout: false, timeRemaining: () => 50 })) as number;
  });
  after(async () => {
    window.requestIdleCallback = requestIdle;
    sessionStorage.clear();
    await setLocale('en');
  });

  it('are fetched after the first view, when the browser is idle, not with the runtime', async () => {
    const el = await fixture<SfFlow>(
      html`<sf-flow .api=${fakeApi({ getAccount: async () => makeAccount(), getFlow: async () => makeSession() })} .hostWindow=${fakeHost()} locale="es"></sf-flow>`,
    );
    const step = await waitForView(el, 'sf-step-address');
    const heading = () => step.shadowRoot!.querySelector('#step-heading')!.textContent!.trim();
    await waitUntil(() => heading() === '¿Dónde necesita electricidad?', 'not in Spanish', { timeout: 3000 });
    // Give a fetch started with the runtime the time to show up.
    await new Promise((r) => setTimeout(r, 300));
    expect(fetched('/i18n/runtime.ts'), 'the runtime').to.equal(true);
    expect(fetched('/i18n/locales/later/es.ts'), 'the later strings, before the browser was idle').to.equal(false);
    expect(idle.length, 'the prefetch waits for idle time').to.be.greaterThan(0);
    idle.splice(0).forEach((run) => run());
    await waitUntil(() => fetched('/i18n/locales/later/es.ts'), 'the later strings were not fetched when idle', { timeout: 3000 });
  });
});
