/**
 * The Spanish strings come in parts (src/i18n/runtime.ts): the first screen's with the localization runtime, the rest
 * of the core's once the first view is shown (later-strings.test.ts), and those only another scope's code has
 * with that scope: in Spanish from the link, after a switch from the header, and never for enrollment.
 * One page for this file: the runtime and the strings it added are loaded once, so each test uses another scope.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { Account } from '../../src/api/types.js';
import type { SfFlow } from '../../src/flow/flow.js';
import '../../src/flow/flow.js';
import { msg } from '@lit/localize';
import { laterStrings, setLocale } from '../../src/i18n/localization.js';
import { makeAccount, makeSession } from './fixtures.js';
import { fakeApi, fakeHost, waitForView } from './harness.js';
import { MAKERS } from '../steps/battery-fixtures.js';

const heading = (step: HTMLElement) => step.shadowRoot!.querySelector('#step-heading')!.textContent!.trim();

/** The JavaScript files this page fetched so far, by path. */
const fetched = () => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname);

describe("a scope's own Spanish strings", () => {
  afterEach(async () => {
    sessionStorage.clear();
    await setLocale('en');
  });

  // First: the runtime and the strings after the first screen's are not loaded yet.
  it('the first screen’s strings come with the runtime; the rest once laterStrings() resolves', async () => {
    await setLocale('es', true);
    expect(msg('Where do you need electricity?', { id: 'address.heading' })).to.equal('¿Dónde necesita electricidad?');
    await laterStrings();
    expect(msg('Credit check', { id: 'credit.heading' })).to.equal('Verificación de crédito');
  });

  it('enrollment in Spanish loads no other scope’s strings', async () => {
    const el = await fixture<SfFlow>(
      html`<sf-flow .api=${fakeApi({ getAccount: async () => makeAccount(), getFlow: async () => makeSession() })} .hostWindow=${fakeHost()} locale="es"></sf-flow>`,
    );
    const step = await waitForView(el, 'sf-step-address');
    await waitUntil(() => heading(step) === '¿Dónde necesita electricidad?', 'not in Spanish', { timeout: 3000 });
    const parts = () => fetched().filter((p) => /\/i18n\/locales\/[^/]+\/es\./.test(p));
    // The strings after the first screen's are fetched (after the first view, when idle); no scope's.
    await waitUntil(() => parts().length > 0, 'the later strings were not fetched', { timeout: 3000 });
    expect(parts().map((p) => p.replace(/.*\/locales\//, ''))).to.deep.equal(['later/es.ts']);
  });

  it('switching to Spanish on a scope’s first step brings that scope’s strings too', async () => {
    // Service never started: the update-payment-method scope opens on "no card is needed", which reads nothing.
    const cancelled = makeAccount({ status: 'cancelled', status_reason: 'cancelled_pre_start' } as Partial<Account>, { has_payment_method: true });
    const el = await fixture<SfFlow>(
      html`<sf-flow .api=${fakeApi({ getAccount: async () => cancelled, getFlow: async () => makeSession({ scope: 'update-payment-method' }) })} .hostWindow=${fakeHost()}></sf-flow>`,
    );
    const step = await waitForView(el, 'sf-step-card-not-needed');
    expect(heading(step)).to.equal('No card is needed');
    el.shadowRoot!.querySelector<HTMLButtonElement>('header button[lang="es"]')!.click();
    await waitUntil(() => document.documentElement.lang === 'es', 'locale did not switch', { timeout: 3000 });
    await waitUntil(() => heading(step) === 'No se necesita una tarjeta', `still "${heading(step)}"`, { timeout: 3000 });
  });

  it('in Spanish from the link, the scope’s first step renders in Spanish at once', async () => {
    const api = fakeApi({
      getAccount: async () => makeAccount({ status: 'active', status_reason: 'active' } as Partial<Account>),
      getFlow: async () => makeSession({ scope: 'connect-battery' }),
      listBatteryMakers: async () => MAKERS,
      listBatteryDevices: async () => ({ data: [] }),
    });
    const el = await fixture<SfFlow>(html`<sf-flow .api=${api} .hostWindow=${fakeHost()} locale="es"></sf-flow>`);
    const step = await waitForView(el, 'sf-step-battery-maker');
    expect(heading(step)).to.equal('¿Qué batería tiene?');
    expect(fetched().some((p) => p.endsWith('/i18n/locales/connect-battery/es.ts'))).to.equal(true);
  });
});
