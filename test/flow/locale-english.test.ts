/**
 * Back to English from a Spanish session needs no strings (English is in the code): the switch waits for nothing
 * the network brings, so it works offline too. A page of its own: nothing else has fetched the Spanish strings after
 * the first screen's, nor does a later step in English wait for them.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { SfFlow } from '../../src/flow/flow.js';
import '../../src/flow/flow.js';
import { laterStrings } from '../../src/i18n/localization.js';
import { makeAccount, makeSession } from './fixtures.js';
import { fakeApi, fakeHost, waitForView } from './harness.js';

const fetched = (part: string) => performance.getEntriesByType('resource').some((e) => new URL(e.name).pathname.endsWith(part));

describe('switching a Spanish session to English', () => {
  const requestIdle = window.requestIdleCallback;
  // The root's prefetch of the later strings never runs here: only a switch could fetch them.
  before(() => {
    window.requestIdleCallback = (() => 0) as typeof window.requestIdleCallback;
  });
  after(() => {
    window.requestIdleCallback = requestIdle;
    sessionStorage.clear();
  });

  it('fetches none of the Spanish strings after the first screen’s', async () => {
    const el = await fixture<SfFlow>(
      html`<sf-flow .api=${fakeApi({ getAccount: async () => makeAccount(), getFlow: async () => makeSession() })} .hostWindow=${fakeHost()} locale="es"></sf-flow>`,
    );
    const step = await waitForView(el, 'sf-step-address');
    const heading = () => step.shadowRoot!.querySelector('#step-heading')!.textContent!.trim();
    await waitUntil(() => heading() === '¿Dónde necesita electricidad?', 'not in Spanish', { timeout: 3000 });
    el.shadowRoot!.querySelector<HTMLButtonElement>('header button[lang="en"]')!.click();
    await waitUntil(() => heading() === 'Where do you need electricity?', 'not back in English', { timeout: 3000 });
    expect(document.documentElement.lang).to.equal('en');
    await new Promise((r) => setTimeout(r, 300));
    expect(fetched('/i18n/locales/later/es.ts'), 'the later Spanish strings').to.equal(false);
    // A step after this one waits for the later strings: in English, for none.
    await laterStrings();
    await new Promise((r) => setTimeout(r, 300));
    expect(fetched('/i18n/locales/later/es.ts'), 'the later Spanish strings, for a later step in English').to.equal(false);
  });
});
