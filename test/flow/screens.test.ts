import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import type { SfFlowHeader } from '../../src/flow/header.js';
import type { SfStatusScreen, StatusKind } from '../../src/flow/screens/status-screen.js';
import '../../src/flow/header.js';
import '../../src/flow/screens/loading-screen.js';
import '../../src/flow/screens/status-screen.js';

describe('flow screens', () => {
  for (const kind of ['expired', 'incomplete', 'forbidden', 'error', 'network', 'unsupported', 'closed'] as StatusKind[]) {
    it(`${kind}: a focusable h1, text, and no axe violations`, async () => {
      const el = await fixture<SfStatusScreen>(html`<sf-status-screen .kind=${kind}></sf-status-screen>`);
      const heading = el.shadowRoot!.querySelector('h1#step-heading')!;
      expect(heading.getAttribute('tabindex')).to.equal('-1');
      expect(heading.textContent!.trim()).to.not.equal('');
      expect(el.shadowRoot!.querySelector('p')!.textContent!.trim()).to.not.equal('');
      expect(Boolean(el.shadowRoot!.querySelector('.actions button'))).to.equal(kind === 'error' || kind === 'network');
      await expect(el).to.be.accessible();
    });
  }

  it('tells an expired user what to do and that nothing is lost', async () => {
    const el = await fixture<SfStatusScreen>(html`<sf-status-screen kind="expired"></sf-status-screen>`);
    const text = el.shadowRoot!.textContent!;
    expect(text).to.contain('This link has expired').and.contain('new link').and.contain('Nothing you already saved is lost');
  });

  it('says the window can be closed once the flow is over', async () => {
    for (const reason of ['completed', 'exited', 'error'] as const) {
      const el = await fixture<SfStatusScreen>(html`<sf-status-screen kind="closed" .reason=${reason}></sf-status-screen>`);
      expect(el.shadowRoot!.textContent).to.contain('You can close this window.');
    }
  });

  it('fires sf-retry from "Try again"', async () => {
    const el = await fixture<SfStatusScreen>(html`<sf-status-screen kind="network"></sf-status-screen>`);
    const retry = oneEvent(el, 'sf-retry');
    el.shadowRoot!.querySelector<HTMLButtonElement>('.actions button')!.click();
    expect((await retry).type).to.equal('sf-retry');
  });

  it('loading skeleton: busy, announced once, accessible', async () => {
    const el = await fixture(html`<sf-loading-screen></sf-loading-screen>`);
    expect(el.shadowRoot!.querySelector('[aria-busy="true"]')).to.not.equal(null);
    expect(el.shadowRoot!.querySelector('[role="status"]')!.textContent).to.contain('Loading');
    await expect(el).to.be.accessible();
  });

  it('header: brand, language switch and a named close button', async () => {
    const el = await fixture<SfFlowHeader>(html`<sf-flow-header brand="Acme Bank"></sf-flow-header>`);
    await expect(el).to.be.accessible();
    const lang = el.shadowRoot!.querySelector<HTMLButtonElement>('button[lang="es"]')!;
    expect(lang.textContent!.trim()).to.equal('Español');
    const change = oneEvent(el, 'sf-locale-change');
    lang.click();
    expect((await change).detail).to.deep.equal({ locale: 'es' });
    const exit = oneEvent(el, 'sf-exit-request');
    el.shadowRoot!.querySelector<HTMLButtonElement>('button[aria-label="Close"]')!.click();
    expect((await exit).composed).to.equal(true);
    el.closable = false;
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('button[aria-label="Close"]')).to.equal(null);
  });
});
