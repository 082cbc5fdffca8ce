/**
 * A scope's own Spanish strings when the session, not the link, asks for Spanish: the scope is known before the
 * localization runtime loads, so the runtime must bring them. A file of its own: a page where nothing loaded the
 * runtime before (test/flow/scope-strings.test.ts loads it).
 */
import { expect, fixture, html } from '@open-wc/testing';
import type { SfFlow } from '../../src/flow/flow.js';
import '../../src/flow/flow.js';
import { makeAccount, makeSession } from './fixtures.js';
import { fakeApi, fakeHost, waitForView } from './harness.js';

const heading = (step: HTMLElement) => step.shadowRoot!.querySelector('#step-heading')!.textContent!.trim();

describe("a scope's own Spanish strings, the session's language", () => {
  it('in Spanish because the session says so (not the link), the scope’s first step renders in Spanish', async () => {
    // No location yet: the documents scope opens on "no plan documents yet", which reads nothing.
    const api = fakeApi({ getAccount: async () => makeAccount(), getFlow: async () => makeSession({ scope: 'documents', locale: 'es' }) });
    const el = await fixture<SfFlow>(html`<sf-flow .api=${api} .hostWindow=${fakeHost()}></sf-flow>`);
    const step = await waitForView(el, 'sf-step-documents');
    expect(heading(step)).to.equal('Todavía no tiene documentos de su plan');
  });
});
