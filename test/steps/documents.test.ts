import { expect, html, oneEvent } from '@open-wc/testing';
import '../../src/steps/documents/documents.js';
import type { SfStepDocuments } from '../../src/steps/documents/documents.js';
import type { Document, Location } from '../../src/api/types.js';
import { FakeApi, apiError, button, deferred, key, makeAccount, makeLocation, mount, q, qMaybe, settle, text, until } from './harness.js';
import { setLocale, useScope } from '../../src/i18n/localization.js';
import { liveRegionOf, renderedLiveRegions, textNode } from './live-regions.js';

const location = makeLocation({ status: 'active', plan_name: 'Longhorn Lock 36', start_date: '2028-01-05', end_date: '2031-01-04' });
const queuedLocation = {
  ...location,
  queued_contract: { ...location.contract, uuid: 'q1', plan_name: 'Lone Star Saver 6', status: 'queued' as const, start_date: '2031-01-05', end_date: '2031-07-04' },
};
const active = makeAccount({ status: 'active', status_reason: 'active', location_uuid: location.uuid } as never, { is_enrollment_finalized: true });

/** The plan each status's documents belong to: the contract's, the renewal's, and one before them. */
const PLAN_OF = { active: 'Longhorn Lock 36', queued: 'Lone Star Saver 6', historical: 'Pecos Fixed 24' } as const;

function doc(type: Document['type'], status: Document['status'], effective_date: string, n = 1): Document {
  return {
    uuid: `00000000-0000-4000-8000-00000000000${n}`,
    type,
    title: type.toUpperCase(),
    plan_name: PLAN_OF[status],
    language: 'en',
    version: '2028.01-1',
    status,
    effective_date,
    url: `https://sandbox.example/documents/${type}-${n}.pdf`,
  };
}
const ACTIVE = [doc('efl', 'active', '2028-01-05', 1), doc('tos', 'active', '2028-01-05', 2), doc('yrac', 'active', '2028-01-05', 3)];
const QUEUED = [doc('efl', 'queued', '2031-01-05', 4), doc('tos', 'queued', '2031-01-05', 5), doc('yrac', 'queued', '2031-01-05', 6)];
const HISTORICAL = [doc('efl', 'historical', '2025-01-05', 7)];

function fake(loc: Location = queuedLocation) {
  return new FakeApi()
    .on('getLocation', async () => loc)
    .on('listDocuments', async () => ({ data: ACTIVE }))
    .on('listAllDocuments', async () => ({ data: [...ACTIVE, ...QUEUED, ...HISTORICAL] }));
}

const links = (el: Element, panel: string) =>
  [...q(el, `#panel-${panel}`).querySelectorAll('sf-document-list')].flatMap((list) => [...list.shadowRoot!.querySelectorAll('a')]);

describe('sf-step-documents', () => {
  it('lists the active documents as PDF links with kind, plan, version, status and date, in the flow language', async () => {
    const api = fake();
    const el = await mount<SfStepDocuments>(api.api, html`<sf-step-documents .account=${active} .draft=${{}}></sf-step-documents>`);
    await until(() => qMaybe(el, '#panel-active', 'sf-document-list') !== null && links(el, 'active').length === 3);
    expect(api.callsOf('listDocuments')[0]!.args[0]).to.equal(location.uuid);
    expect(api.callsOf('listAllDocuments')).to.have.length(0);
    const shown = text(q(el, '#panel-active'));
    for (const kind of ['Electricity Facts Label', 'Terms of Service', 'Your Rights as a Customer']) expect(shown).to.contain(kind);
    expect(shown).to.contain('Longhorn Lock 36');
    expect(shown).to.contain('2028.01-1');
    expect(shown).to.contain('Active: in effect now');
    expect(shown).to.contain('January 5, 2028');
    expect(shown).to.contain('(PDF, opens in a new tab)');
    const a = links(el, 'active')[0]!;
    expect(a.target).to.equal('_blank');
    expect(a.rel).to.contain('noopener');
    expect(a.href).to.equal('https://sandbox.example/documents/efl-1.pdf?locale=en');
    expect(text(el)).not.to.contain('Queued');
    await expect(el).to.be.accessible();
  });

  it('shows queued and historical documents only on the all-documents tab, chosen with the keyboard', async () => {
    const api = fake();
    const el = await mount<SfStepDocuments>(api.api, html`<sf-step-documents .account=${active} .draft=${{}}></sf-step-documents>`);
    await until(() => links(el, 'active').length === 3);
    const tabActive = q<HTMLButtonElement>(el, '#tab-active');
    const tabAll = q<HTMLButtonElement>(el, '#tab-all');
    expect(tabActive.getAttribute('aria-selected')).to.equal('true');
    expect(tabAll.getAttribute('tabindex')).to.equal('-1');
    tabActive.focus();
    key(tabActive, 'ArrowRight');
    await until(() => qMaybe(el, '#panel-all', 'sf-document-list') !== null);
    expect(tabAll.getAttribute('aria-selected')).to.equal('true');
    expect(el.shadowRoot!.activeElement).to.equal(tabAll);
    expect(q(el, '#panel-active').hidden).to.equal(true);
    const all = text(q(el, '#panel-all'));
    expect(all).to.contain('Queued: takes effect on January 5, 2031');
    expect(all).to.contain('Lone Star Saver 6');
    expect(all).to.contain('Historical: no longer in effect');
    // A past plan's documents say which plan they were, as the service names it.
    expect(text(q(el, '#panel-all', 'sf-document-list:last-of-type'))).to.contain('Pecos Fixed 24');
    expect(links(el, 'all')).to.have.length(7);
    expect([...q(el, '#panel-all').querySelectorAll('h3')].map((h) => h.textContent!.trim())).to.deep.equal(['In effect now', 'Upcoming: your next plan', 'Past plans']);
    await expect(el).to.be.accessible();
    key(tabAll, 'Home');
    await settle(el);
    expect(tabActive.getAttribute('aria-selected')).to.equal('true');
  });

  it('asks for the PDF in Spanish when the flow is in Spanish', async () => {
    const { pdfHref } = await import('../../src/ui/pdf.js');
    expect(pdfHref('https://s.example/documents/a.pdf', 'es')).to.equal('https://s.example/documents/a.pdf?locale=es');
    expect(pdfHref('https://s.example/documents/a.pdf?locale=en', 'es')).to.equal('https://s.example/documents/a.pdf?locale=es');
    // A signed link (a Letter of Authorization, an invoice) keeps its signature beside the language.
    expect(pdfHref('https://s.example/documents/a.pdf?expires=1800000000&signature=ab_c-9', 'es')).to.equal(
      'https://s.example/documents/a.pdf?expires=1800000000&signature=ab_c-9&locale=es',
    );
  });

  it('says where the account stands, and Done completes', async () => {
    const el = await mount<SfStepDocuments>(fake().api, html`<sf-step-documents .account=${active} .draft=${{}}></sf-step-documents>`);
    await until(() => links(el, 'active').length === 3);
    expect(qMaybe(el, 'sf-account-status')).not.to.equal(null);
    const done = oneEvent(el, 'sf-step-complete');
    button(el, 'Done').click();
    expect((await done).detail.step).to.equal('documents');
  });

  it('a service that ended (cancelled) has no document in effect: said without promising one ("yet")', async () => {
    const ended = makeAccount({ status: 'cancelled', status_reason: 'cancelled_post_start', location_uuid: location.uuid } as never, { is_enrollment_finalized: true });
    const api = fake(location).on('listDocuments', async () => ({ data: [] }));
    const el = await mount<SfStepDocuments>(api.api, html`<sf-step-documents .account=${ended} .draft=${{}}></sf-step-documents>`);
    await until(() => text(q(el, '#panel-active')).includes('There are no documents here.'));
    expect(text(el)).not.to.contain('yet');
  });

  it('explains that there are no documents before a plan is accepted, and closes', async () => {
    const api = new FakeApi();
    const el = await mount<SfStepDocuments>(api.api, html`<sf-step-documents .account=${makeAccount()} .draft=${{}}></sf-step-documents>`);
    expect(text(el)).to.contain('You have no plan documents yet');
    expect(api.calls).to.have.length(0);
    await expect(el).to.be.accessible();
    const exit = oneEvent(el, 'sf-exit-request');
    button(el, 'Close').click();
    await exit;
  });

  it('offers Try again after a server error, and hands 401 to the root', async () => {
    let fail = true;
    const api = new FakeApi()
      .on('getLocation', async () => location)
      .on('listDocuments', async () => {
        if (fail) throw apiError(503, 'unavailable');
        return { data: ACTIVE };
      });
    const el = await mount<SfStepDocuments>(api.api, html`<sf-step-documents .account=${active} .draft=${{}}></sf-step-documents>`);
    await until(() => text(el).includes('Something went wrong on our side'));
    fail = false;
    button(el, 'Try again').click();
    await until(() => qMaybe(el, '#panel-active', 'sf-document-list') !== null && links(el, 'active').length === 3);
    expect(text(el)).not.to.contain('Something went wrong');

    const denied = new FakeApi().on('getLocation', async () => location).on('listDocuments', async () => {
      throw apiError(401, 'token_expired');
    });
    const gone = await mount<SfStepDocuments>(denied.api, html`<div></div>`);
    const event = oneEvent(gone.parentElement!, 'sf-api-error');
    const step = document.createElement('sf-step-documents');
    step.account = active;
    gone.replaceWith(step);
    expect((await event).detail.error.status).to.equal(401);
  });

  it('a failed load of the current documents stays said after the all-documents tab has loaded', async () => {
    const api = new FakeApi()
      .on('getLocation', async () => location)
      .on('listDocuments', async () => {
        throw apiError(503, 'unavailable');
      })
      .on('listAllDocuments', async () => ({ data: [...ACTIVE, ...HISTORICAL] }));
    const el = await mount<SfStepDocuments>(api.api, html`<sf-step-documents .account=${active} .draft=${{}}></sf-step-documents>`);
    await until(() => text(el).includes('Something went wrong on our side'));
    q<HTMLButtonElement>(el, '#tab-all').click();
    await until(() => qMaybe(el, '#panel-all', 'sf-document-list') !== null);
    q<HTMLButtonElement>(el, '#tab-active').click();
    await settle(el);
    // The current documents never loaded: still said, with the way to try again.
    expect(text(el)).to.contain('Something went wrong on our side');
    expect(text(el)).to.contain('Try again');
  });

  it('a failure loading all documents goes on the Current tab, and is said again back on All documents until a retry loads them', async () => {
    let fail = true;
    const api = fake().on('listAllDocuments', async () => {
      if (fail) throw apiError(503, 'unavailable');
      return { data: [...ACTIVE, ...HISTORICAL] };
    });
    const el = await mount<SfStepDocuments>(api.api, html`<sf-step-documents .account=${active} .draft=${{}}></sf-step-documents>`);
    await until(() => links(el, 'active').length === 3);
    q<HTMLButtonElement>(el, '#tab-all').click();
    await until(() => text(el).includes('Something went wrong on our side'));
    q<HTMLButtonElement>(el, '#tab-active').click();
    await settle(el);
    expect(text(el), 'the current documents loaded: nothing failed on this tab').not.to.contain('Something went wrong');
    expect(links(el, 'active')).to.have.length(3);
    q<HTMLButtonElement>(el, '#tab-all').click();
    await settle(el);
    expect(text(el), 'back on the tab that failed').to.contain('Something went wrong on our side');
    fail = false;
    button(el, 'Try again').click();
    await until(() => qMaybe(el, '#panel-all', 'sf-document-list') !== null);
    expect(text(el)).not.to.contain('Something went wrong');
  });

  for (const call of ['getLocation', 'listDocuments', 'listAllDocuments'] as const)
    it(`a 404 of the location (${call}): the service details are gone, said in the customer's words (English and Spanish) with Close, never the service's English`, async () => {
      const api = fake().on(call, async () => {
        throw apiError(404, 'not_found');
      });
      const el = await mount<SfStepDocuments>(api.api, html`<sf-step-documents .account=${active} .draft=${{}}></sf-step-documents>`);
      if (call === 'listAllDocuments') {
        await until(() => links(el, 'active').length === 3);
        q<HTMLButtonElement>(el, '#tab-all').click();
      }
      await until(() => text(el).includes('We could not find the details of your electricity service.'));
      expect(text(el)).to.contain('contact customer service');
      expect(text(el)).not.to.contain('The service could not accept this');
      expect(text(el)).not.to.contain('Try again');
      try {
        await useScope('documents');
        await setLocale('es');
        await el.updateComplete;
        expect(text(el)).to.contain('No pudimos encontrar los datos de su servicio de electricidad.');
      } finally {
        await setLocale('en');
      }
      await expect(el).to.be.accessible();
      const exit = oneEvent(el, 'sf-exit-request');
      button(el, 'Close').click();
      await exit;
    });

  // 4.1.3: a status region inserted with its sentence is not reliably read; opening "All documents" says "Loading your
  // documents…" in the region that was already on the page, as the renewal plans' "none" is (renewal.test.ts).
  it('says "Loading your documents…" for the all-documents tab in a live region already on the page', async () => {
    const all = deferred<{ data: Document[] }>();
    const api = fake().on('listAllDocuments', () => all.promise);
    const el = await mount<SfStepDocuments>(api.api, html`<sf-step-documents .account=${active} .draft=${{}}></sf-step-documents>`);
    await until(() => links(el, 'active').length === 3);
    const before = renderedLiveRegions(el.shadowRoot!);
    button(el, 'All documents').click();
    await until(() => text(el).includes('Loading your documents'));
    const region = liveRegionOf(textNode(el.shadowRoot!, 'Loading your documents')!.parentElement!);
    expect(region !== null && before.has(region), '"Loading your documents…" came in a status region inserted with it').to.equal(true);
    all.resolve({ data: [...ACTIVE, ...HISTORICAL] });
    await until(() => links(el, 'all').length === 4);
    expect(text(region!)).to.equal('');
  });
});
