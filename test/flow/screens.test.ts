import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { renderHeader } from '../../src/flow/header.js';
import { renderLoading } from '../../src/flow/screens/loading-screen.js';
import type { SfStatusScreen, StatusKind } from '../../src/flow/screens/status-screen.js';
import '../../src/flow/screens/status-screen.js';
import '../../src/flow/screens/expiry-notice.js';
import type { SfExpiryNotice } from '../../src/flow/screens/expiry-notice.js';
import { setLocale } from '../../src/i18n/localization.js';

describe('flow screens', () => {
  for (const kind of ['expired', 'incomplete', 'forbidden', 'error', 'network', 'unsupported', 'framed', 'closed'] as StatusKind[]) {
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

  it('says when the link expires in the customer\'s words: US Spanish is 12-hour, as every other time and date', async () => {
    const at = new Date(2026, 10, 27, 15, 45).toISOString(); // 3:45 in the afternoon, in this browser's zone
    const el = await fixture<SfExpiryNotice>(html`<sf-expiry-notice .expiresAt=${at}></sf-expiry-notice>`);
    const said = () => el.shadowRoot!.querySelector('[role="status"]')!.textContent!.replace(/\s+/g, ' ').trim();
    await waitUntil(() => said() !== '', 'the notice says nothing');
    expect(said()).to.match(/^This link expires at 3:45 PM\. /);
    try {
      await setLocale('es');
      await el.updateComplete;
      expect(said()).to.match(/^Este enlace vence pronto \(3:45 p\.\s?m\.\)\. /);
    } finally {
      await setLocale('en');
    }
  });

  it('tells an expired user what to do and that nothing is lost', async () => {
    const el = await fixture<SfStatusScreen>(html`<sf-status-screen kind="expired"></sf-status-screen>`);
    const text = el.shadowRoot!.textContent!;
    expect(text).to.contain('This link has expired').and.contain('new link').and.contain('Nothing you already saved is lost');
  });

  it('offline: says to try again, not to get a new link (the link still works, and Try again is the way on)', async () => {
    const el = await fixture<SfStatusScreen>(html`<sf-status-screen kind="network"></sf-status-screen>`);
    const text = el.shadowRoot!.textContent!.replace(/\s+/g, ' ');
    expect(text).to.contain('try again').and.contain('Nothing you already saved is lost');
    expect(text).to.not.contain('new link');
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
    const el = await fixture(html`<div>${renderLoading()}</div>`);
    expect(el.querySelector('[aria-busy="true"]')).to.not.equal(null);
    expect(el.querySelectorAll('[role="status"]')).to.have.length(1);
    expect(el.querySelector('[role="status"]')!.textContent).to.contain('Loading');
    expect(el.querySelector('.bone')!.closest('[aria-hidden="true"]')).to.not.equal(null);
    await expect(el).to.be.accessible();
  });

  it('header: brand, language switch and a named close button', async () => {
    const calls: string[] = [];
    const header = (closable: boolean) =>
      renderHeader({ brand: 'Acme Bank', locale: 'en', closable, onLocale: (l) => calls.push(l), onClose: () => calls.push('close') });
    const el = await fixture<HTMLElement>(html`<div>${header(true)}</div>`);
    await expect(el).to.be.accessible();
    expect(el.querySelector('.brand')!.textContent).to.equal('Acme Bank');
    const lang = el.querySelector<HTMLButtonElement>('button[lang="es"]')!;
    expect(lang.textContent!.trim()).to.equal('Español');
    lang.click();
    el.querySelector<HTMLButtonElement>('button[aria-label="Close"]')!.click();
    expect(calls).to.deep.equal(['es', 'close']);
    const closed = await fixture<HTMLElement>(html`<div>${header(false)}</div>`);
    expect(closed.querySelectorAll('button[aria-label="Close"]').length).to.equal(0);
  });
});
