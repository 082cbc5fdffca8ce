import { expect, html, oneEvent } from '@open-wc/testing';
import { sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import '../../src/steps/address/address.js';
import '../../src/steps/address/address-lookup.js';
import type { SfStepAddress } from '../../src/steps/address/address.js';
import type { StepCompleteEvent } from '../../src/contract/events.js';
import type { AddressSearchResult } from '../../src/api/types.js';
import {
  ADDRESS_RESULT,
  FakeApi,
  apiError,
  button,
  deferred,
  key,
  makeAccount,
  meter,
  mount,
  pendingUntilAborted,
  q,
  qMaybe,
  settle,
  text,
  type,
  until,
} from './harness.js';

const PRELIMINARY = { address_1: '1200 Main St', address_2: null, city: 'Houston', state: 'TX', postal_code: '77002' };

async function mountAddress(fake: FakeApi, account = makeAccount(), draft: Record<string, unknown> = {}) {
  return mount<SfStepAddress>(fake.api, html`<sf-step-address .account=${account} .draft=${draft}></sf-step-address>`);
}

/** A search of 1200 Main St, 77002 that finds two meters: the step and its meter choice, on screen. */
async function searchTwoMeters() {
  const meters = [meter(1, 2), meter(2, 2)];
  const fake = new FakeApi().on('fullAddressSearch', async () => meters);
  const el = await mountAddress(fake);
  type(q(el, '#street'), '1200 Main St');
  type(q(el, '#zip'), '77002');
  button(el, 'Find my address').click();
  await until(() => qMaybe(el, 'sf-address-choice') !== null);
  const choice = q(el, 'sf-address-choice');
  await settle(choice);
  return { el, choice, meters, fake };
}

/** A meter found by its ESI ID, elsewhere than the type-ahead's suggestions. */
const BY_ESI: AddressSearchResult = {
  ...ADDRESS_RESULT,
  address_1: '3005 Routh St',
  city: 'Dallas',
  postal_code: '75201',
  esi_id: '10443722030050010',
  utility: { name: 'oncor', display_name: 'Oncor Electric Delivery' },
};

/** "Search another way" from the empty form, once the views' code has loaded and focus is on their heading. */
async function openLookup(el: SfStepAddress) {
  button(el, 'Search another way').click();
  await until(() => qMaybe(el, 'sf-address-lookup', 'sf-esi-search', '#esi') !== null);
  const lookup = q(el, 'sf-address-lookup');
  await until(() => lookup.shadowRoot!.activeElement === q(lookup, 'h2'), 'focus on the heading');
  return lookup;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The lookup open with an ESI ID search sent that has not answered yet (a slow network); the type-ahead finds `suggestions`. */
async function slowEsiSearch(suggestions: AddressSearchResult[]) {
  const esiAnswer = deferred<AddressSearchResult>();
  const fake = new FakeApi().on('esiIdSearch', () => esiAnswer.promise).on('addressSearch', async () => suggestions);
  const el = await mountAddress(fake);
  const lookup = await openLookup(el);
  const esi = q(lookup, 'sf-esi-search');
  type(q<HTMLInputElement>(esi, '#esi'), '10443722030050010');
  button(esi, 'Find by ESI ID').click();
  await until(() => fake.callsOf('esiIdSearch').length === 1);
  return { el, lookup, esiAnswer };
}

/** A large apartment building: ten suggestions, the most a type-ahead search returns. */
const TEN_UNITS = Array.from({ length: 10 }, (_, i) => ({ ...ADDRESS_RESULT, address_2: `Apt ${101 + i}`, esi_id: `10089010000000000001${10 + i}` }));

describe('sf-step-address', () => {
  it('goes straight to the confirmation on an exact match of the preliminary address', async () => {
    const fake = new FakeApi().on('fullAddressSearch', async () => [ADDRESS_RESULT]);
    const el = await mountAddress(fake, makeAccount({ preliminary_address: PRELIMINARY } as never));
    await until(() => qMaybe(el, 'sf-address-confirm') !== null);
    const confirm = q(el, 'sf-address-confirm');
    await settle(confirm);
    expect(fake.callsOf('fullAddressSearch')[0]!.args[0]).to.deep.equal({ address_1: '1200 Main St', postal_code: '77002' });
    const shown = text(confirm);
    expect(shown).to.contain('1200 Main St');
    expect(shown).to.contain(ADDRESS_RESULT.esi_id);
    expect(shown).to.contain('CenterPoint Energy');

    const done = oneEvent(el, 'sf-step-complete') as Promise<StepCompleteEvent>;
    button(confirm, 'This is my address').click();
    const event = await done;
    expect(event.detail.step).to.equal('address');
    expect(event.detail.data?.address).to.deep.equal(ADDRESS_RESULT);
    expect(fake.callsOf('requestPlans')).to.have.length(0);
    await expect(el).to.be.accessible();
  });

  it('lets the customer change a matched address', async () => {
    const fake = new FakeApi().on('fullAddressSearch', async () => [ADDRESS_RESULT]);
    const el = await mountAddress(fake, makeAccount({ preliminary_address: PRELIMINARY } as never));
    await until(() => qMaybe(el, 'sf-address-confirm') !== null);
    await settle(q(el, 'sf-address-confirm'));
    button(q(el, 'sf-address-confirm'), 'Change address').click();
    await settle(el);
    expect(q<HTMLInputElement>(el, '#street').value).to.equal('1200 Main St');
    expect(q<HTMLInputElement>(el, '#zip').value).to.equal('77002');
  });

  it('offers a radio choice of meters when several match', async () => {
    const { el, choice, meters } = await searchTwoMeters();
    const radios = choice.shadowRoot!.querySelectorAll<HTMLInputElement>('input[type="radio"]');
    expect(radios).to.have.length(2);
    expect(text(choice)).to.contain(meters[1]!.esi_id);
    expect(text(choice)).to.contain('Meter 2 of 2');
    await expect(el).to.be.accessible();

    // Continue without a choice: an error next to the group.
    button(choice, 'Continue').click();
    await settle(choice);
    expect(text(q(choice, '#choice-error'))).to.contain('Choose the meter');

    radios[1]!.click();
    button(choice, 'Continue').click();
    await until(() => qMaybe(el, 'sf-address-confirm') !== null);
    await settle(q(el, 'sf-address-confirm'));
    expect(text(q(el, 'sf-address-confirm'))).to.contain(meters[1]!.esi_id);
  });

  it('says the meter descriptions, the service\'s English words, as English (lang="en"), in the choice and the confirmation', async () => {
    const { el, choice } = await searchTwoMeters();
    /** The language of the innermost element holding the description (none inside the view: the page's). */
    const langOf = (view: Element, words: string) => {
      const holder = [...view.shadowRoot!.querySelectorAll('*')].reverse().find((e) => e.textContent?.includes(words));
      return holder?.closest('[lang]')?.getAttribute('lang') ?? null;
    };
    expect(langOf(choice, 'Meter 2 of 2')).to.equal('en');
    choice.shadowRoot!.querySelectorAll<HTMLInputElement>('input[type="radio"]')[1]!.click();
    button(choice, 'Continue').click();
    await until(() => qMaybe(el, 'sf-address-confirm') !== null);
    const confirm = q(el, 'sf-address-confirm');
    await settle(confirm);
    expect(langOf(confirm, 'Meter 2 of 2')).to.equal('en');
    // Only the service's words: the step's own labels follow the page's language.
    expect(langOf(confirm, 'Service address')).to.equal(null);
  });

  it('the confirmation of a meter chosen among several leads back to that choice ("Choose another meter"), whose "Change address" leads to the form', async () => {
    const { el, meters, fake, ...found } = await searchTwoMeters();
    let choice = found.choice;
    choice.shadowRoot!.querySelectorAll<HTMLInputElement>('input[type="radio"]')[1]!.click();
    button(choice, 'Continue').click();
    await until(() => qMaybe(el, 'sf-address-confirm') !== null);
    const confirm = q(el, 'sf-address-confirm');
    await settle(confirm);
    // The wrong meter of the right address: back to the meters, not to the address form (and no new search).
    expect(text(confirm)).not.to.contain('Change address');
    button(confirm, 'Choose another meter').click();
    await until(() => qMaybe(el, 'sf-address-choice') !== null, 'the meters again');
    choice = q(el, 'sf-address-choice');
    await until(() => choice.shadowRoot!.activeElement === q(choice, 'h2'), 'focus on the choice heading');
    expect(fake.callsOf('fullAddressSearch')).to.have.length(1);
    choice.shadowRoot!.querySelectorAll<HTMLInputElement>('input[type="radio"]')[0]!.click();
    button(choice, 'Continue').click();
    await until(() => qMaybe(el, 'sf-address-confirm') !== null);
    await settle(q(el, 'sf-address-confirm'));
    expect(text(q(el, 'sf-address-confirm'))).to.contain(meters[0]!.esi_id);
    const done = oneEvent(el, 'sf-step-complete') as Promise<StepCompleteEvent>;
    button(q(el, 'sf-address-confirm'), 'This is my address').click();
    expect((await done).detail.data?.address).to.deep.equal(meters[0]);

    // The address itself wrong: the choice's "Change address" is the form, with what was typed.
    button(q(el, 'sf-address-confirm'), 'Choose another meter').click();
    await until(() => qMaybe(el, 'sf-address-choice') !== null);
    await settle(q(el, 'sf-address-choice'));
    button(q(el, 'sf-address-choice'), 'Change address').click();
    await until(() => qMaybe(el, '#street') !== null);
    expect(q<HTMLInputElement>(el, '#street').value).to.equal('1200 Main St');
  });

  it('puts its main button where every step does: last on a phone (drawn in the order Tab reaches it), on the right on a wide screen', async () => {
    const meters = [meter(1, 2), meter(2, 2)];
    const fake = new FakeApi().on('fullAddressSearch', async () => meters);
    const el = await mountAddress(fake);
    /** The main button against the other one of the view's actions, on a phone and on a wide screen. */
    const expectMainFirstInSight = async (view: HTMLElement, main: string, other: string) => {
      for (const [width, height] of [[375, 800], [1024, 800]] as const) {
        await setViewport({ width, height });
        await settle(view);
        const a = button(view, main).getBoundingClientRect();
        const b = button(view, other).getBoundingClientRect();
        if (width < 480) expect(a.top, `${main} below ${other}`).to.be.above(b.top);
        else expect(a.left, `${main} right of ${other}`).to.be.above(b.left);
      }
    };
    await expectMainFirstInSight(el, 'Find my address', 'Search another way');
    type(q(el, '#street'), '1200 Main St');
    type(q(el, '#zip'), '77002');
    button(el, 'Find my address').click();
    await until(() => qMaybe(el, 'sf-address-choice') !== null);
    const choice = q(el, 'sf-address-choice');
    await expectMainFirstInSight(choice, 'Continue', 'Change address');
    choice.shadowRoot!.querySelector<HTMLInputElement>('input[type="radio"]')!.click();
    button(choice, 'Continue').click();
    await until(() => qMaybe(el, 'sf-address-confirm') !== null);
    await expectMainFirstInSight(q(el, 'sf-address-confirm'), 'This is my address', 'Choose another meter');
  });

  it('validates the form in words before searching', async () => {
    const fake = new FakeApi();
    const el = await mountAddress(fake);
    type(q(el, '#zip'), '7700');
    button(el, 'Find my address').click();
    await settle(el);
    const street = q<HTMLInputElement>(el, '#street');
    expect(street.getAttribute('aria-invalid')).to.equal('true');
    expect(street.getAttribute('aria-describedby')).to.equal('street-error');
    expect(text(q(el, '#street-error'))).to.contain('Enter your street address');
    expect(text(q(el, '#zip-error'))).to.contain('5-digit ZIP code');
    expect(el.shadowRoot!.activeElement).to.equal(street);
    expect(fake.calls).to.have.length(0);
    await expect(el).to.be.accessible();
  });

  it('takes no more of an address line than the service does (200 characters), so a long paste is not "enter your street"', async () => {
    const fake = new FakeApi();
    const el = await mountAddress(fake);
    const typeLong = async (input: HTMLInputElement) => {
      input.focus();
      await sendKeys({ type: 'x'.repeat(205) });
      expect(input.value, input.id).to.have.length(200);
    };
    await typeLong(q<HTMLInputElement>(el, '#street'));
    await typeLong(q<HTMLInputElement>(el, '#unit'));
    button(el, 'Search another way').click();
    await until(() => qMaybe(el, 'sf-address-lookup', '#q') !== null);
    await typeLong(q<HTMLInputElement>(q(el, 'sf-address-lookup'), '#q'));
  });

  it('falls back to ESI ID search when nothing matches', async () => {
    const byEsi: AddressSearchResult = { ...ADDRESS_RESULT, esi_id: '10443720001234567' };
    const fake = new FakeApi()
      .on('fullAddressSearch', async () => [])
      .on('addressSearch', async () => [])
      .on('esiIdSearch', async (esi) => {
        if (esi === '10443720001234567') return byEsi;
        throw apiError(404, 'not_found');
      });
    const el = await mountAddress(fake);
    type(q(el, '#street'), '12 Nowhere Rd');
    type(q(el, '#zip'), '77002');
    button(el, 'Find my address').click();
    await until(() => qMaybe(el, 'sf-address-lookup', 'sf-esi-search', '#esi') !== null);
    const lookup = q(el, 'sf-address-lookup');
    expect(text(lookup)).to.contain('could not find that exact address');
    const esiSearch = q(lookup, 'sf-esi-search');
    // What an ESI ID is, said where it is asked for (not only on the confirmation after it), and where to find one.
    expect(text(esiSearch)).to.contain("The ESI ID (Electric Service Identifier) is your meter's number");
    expect(text(esiSearch)).to.contain('on an electricity bill for the address');

    // Too short: a sentence a consumer understands, tied to the field.
    const input = q<HTMLInputElement>(esiSearch, '#esi');
    type(input, '1044 3720');
    button(esiSearch, 'Find by ESI ID').click();
    await settle(esiSearch);
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    expect(text(q(esiSearch, '#esi-error'))).to.contain('17 or 22 digits and you entered 8');

    type(input, '20443720001234567');
    button(esiSearch, 'Find by ESI ID').click();
    await settle(esiSearch);
    expect(text(q(esiSearch, '#esi-error'))).to.contain('start with 10');

    // Unknown ESI ID (404).
    type(input, '10443720009999999');
    button(esiSearch, 'Find by ESI ID').click();
    await until(() => text(q(esiSearch, '#esi-error')).includes('could not find a meter'));

    type(input, '1044 3720 0012 34567');
    button(esiSearch, 'Find by ESI ID').click();
    await until(() => qMaybe(el, 'sf-address-confirm') !== null);
    await settle(q(el, 'sf-address-confirm'));
    expect(text(q(el, 'sf-address-confirm'))).to.contain('10443720001234567');
    expect(fake.callsOf('esiIdSearch').at(-1)!.args[0]).to.equal('10443720001234567');
    await expect(el).to.be.accessible();
  });

  it('type-ahead debounces, cancels stale requests and supports the keyboard', async () => {
    const results = [meter(1, 2), meter(2, 2)];
    const fake = new FakeApi().on('addressSearch', (query, _zip, signal) =>
      query === '1200 Main' ? Promise.resolve(results) : pendingUntilAborted(signal),
    );
    const el = await mountAddress(fake);
    button(el, 'Search another way').click();
    await until(() => qMaybe(el, 'sf-address-lookup', '#q') !== null);
    const lookup = q(el, 'sf-address-lookup');
    const input = q<HTMLInputElement>(lookup, '#q');

    type(input, '12');
    await new Promise((r) => setTimeout(r, 350));
    expect(fake.callsOf('addressSearch')).to.have.length(0); // under 3 characters

    type(input, '1200');
    type(input, '1200 M'); // within 300 ms: the first never leaves
    await new Promise((r) => setTimeout(r, 350));
    expect(fake.callsOf('addressSearch').map((c) => c.args[0])).to.deep.equal(['1200 M']);
    const stale = fake.callsOf('addressSearch')[0]!.signal!;
    expect(stale.aborted).to.equal(false);

    type(input, '1200 Main'); // typing again cancels the request in flight at once
    expect(stale.aborted).to.equal(true);
    await until(() => input.getAttribute('aria-expanded') === 'true');
    expect(fake.callsOf('addressSearch')).to.have.length(2);

    const options = lookup.shadowRoot!.querySelectorAll('[role="option"]');
    expect(options).to.have.length(2);
    key(input, 'ArrowDown');
    await settle(lookup);
    expect(input.getAttribute('aria-activedescendant')).to.equal('q-opt-0');
    key(input, 'ArrowDown');
    await settle(lookup);
    expect(input.getAttribute('aria-activedescendant')).to.equal('q-opt-1');
    expect(options[1]!.getAttribute('aria-selected')).to.equal('true');
    await expect(el).to.be.accessible();

    key(input, 'Escape');
    await settle(lookup);
    expect(input.getAttribute('aria-expanded')).to.equal('false');
    key(input, 'ArrowDown');
    await settle(lookup);
    key(input, 'Enter');
    await until(() => qMaybe(el, 'sf-address-confirm') !== null);
    await settle(q(el, 'sf-address-confirm'));
    expect(text(q(el, 'sf-address-confirm'))).to.contain(results[0]!.esi_id);
  });

  it('the type-ahead\'s Try again after a lost answer shows the suggestions, focus back in the field (not on the page)', async () => {
    let fail = true;
    const fake = new FakeApi().on('addressSearch', async () => {
      if (fail) throw apiError(0, 'network');
      return [meter(1, 2), meter(2, 2)];
    });
    const el = await mountAddress(fake);
    const lookup = await openLookup(el);
    const input = q<HTMLInputElement>(lookup, '#q');
    input.focus();
    type(input, '1200 Main');
    await until(() => text(lookup).includes('Try again'));
    fail = false;
    const retry = button(lookup, 'Try again');
    retry.focus(); // as a press or a key gives it focus
    retry.click();
    await until(() => fake.callsOf('addressSearch').length === 2 && lookup.shadowRoot!.querySelectorAll('[role="option"]').length === 2);
    await settle(lookup);
    expect(`focus in the field: ${String(lookup.shadowRoot!.activeElement === input)}; suggestions open: ${input.getAttribute('aria-expanded')}`).to.equal(
      'focus in the field: true; suggestions open: true',
    );
  });

  it('a real press below the open suggestions is not lost to the list closing', async () => {
    const fake = new FakeApi().on('addressSearch', () => Promise.resolve([meter(1, 3), meter(2, 3), meter(3, 3)]));
    const el = await mountAddress(fake);
    button(el, 'Search another way').click();
    await until(() => qMaybe(el, 'sf-address-lookup', '#q') !== null);
    const lookup = q(el, 'sf-address-lookup');
    const input = q<HTMLInputElement>(lookup, '#q');
    type(input, '1200 Main');
    await until(() => input.getAttribute('aria-expanded') === 'true');
    const back = button(lookup, 'Back to the address form');
    // All of it in view with the page at its top, so nothing scrolls when the list closes.
    await setViewport({ width: 800, height: 1200 });
    window.scrollTo(0, 0);
    const box = back.getBoundingClientRect();
    // Leaving the field closes the list above the button: were it to close as the press starts, the button would
    // move up from under the pointer before the release.
    try {
      await sendMouse({ type: 'click', position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)] });
      await until(() => qMaybe(el, '#street') !== null, 'the click went back to the address form');
    } finally {
      await setViewport({ width: 800, height: 600 });
    }
  });

  it('widens the type-ahead beyond a ZIP code that finds nothing', async () => {
    const fake = new FakeApi().on('addressSearch', async (_query, zip) => (zip ? [] : [meter(1, 1)]));
    const el = await mountAddress(fake, makeAccount(), { address_1: '', postal_code: '77005' });
    button(el, 'Search another way').click();
    await until(() => qMaybe(el, 'sf-address-lookup', '#q') !== null);
    const lookup = q(el, 'sf-address-lookup');
    type(q<HTMLInputElement>(lookup, '#q'), '1200 Smi');
    await until(() => lookup.shadowRoot!.querySelectorAll('[role="option"]').length === 1);
    expect(fake.callsOf('addressSearch').map((c) => c.args[1])).to.deep.equal(['77005', undefined]);
  });

  it('offers Try again after a network failure and repeats the search', async () => {
    let fail = true;
    const fake = new FakeApi().on('fullAddressSearch', async () => {
      if (fail) throw apiError(0, 'network');
      return [ADDRESS_RESULT];
    });
    const el = await mountAddress(fake);
    type(q(el, '#street'), '1200 Main St');
    type(q(el, '#zip'), '77002');
    button(el, 'Find my address').click();
    await until(() => el.shadowRoot!.querySelector('[role="alert"]') !== null);
    expect(text(q(el, '[role="alert"]'))).to.contain('could not reach the service');
    fail = false;
    button(el, 'Try again').click();
    await until(() => qMaybe(el, 'sf-address-confirm') !== null);
    expect(fake.callsOf('fullAddressSearch')).to.have.length(2);
  });

  it('hands 401 to the root', async () => {
    const fake = new FakeApi().on('fullAddressSearch', async () => {
      throw apiError(401, 'token_expired');
    });
    const el = await mountAddress(fake);
    type(q(el, '#street'), '1200 Main St');
    type(q(el, '#zip'), '77002');
    const event = oneEvent(el, 'sf-api-error');
    button(el, 'Find my address').click();
    expect((await event).detail.error.status).to.equal(401);
  });

  it('keeps entries in the draft and returns to the confirmation from it', async () => {
    const draft: Record<string, unknown> = {};
    const fake = new FakeApi();
    const el = await mountAddress(fake, makeAccount(), draft);
    type(q(el, '#street'), '1200 Main St');
    expect(draft.address_1).to.equal('1200 Main St');

    const again = await mountAddress(fake, makeAccount(), { selected: ADDRESS_RESULT });
    await until(() => qMaybe(again, 'sf-address-confirm') !== null);
  });

  it('a search left for "Search another way" does not take over the type-ahead when it answers', async () => {
    const answer = deferred<AddressSearchResult[]>();
    const fake = new FakeApi().on('fullAddressSearch', () => answer.promise).on('addressSearch', async () => []);
    const el = await mountAddress(fake);
    type(q(el, '#street'), '1200 Main St');
    type(q(el, '#zip'), '77002');
    button(el, 'Find my address').click();
    await settle(el);
    button(el, 'Search another way').click();
    await until(() => qMaybe(el, 'sf-address-lookup', '#q') !== null);
    answer.resolve([ADDRESS_RESULT]);
    await new Promise((r) => setTimeout(r, 100));
    await settle(el);
    // (Booleans: a failing assertion on an element would have the runner serialise it.)
    expect(qMaybe(el, 'sf-address-confirm') === null, 'the search left behind took over').to.equal(true);
    expect(qMaybe(el, 'sf-address-lookup') !== null, 'the type-ahead stays').to.equal(true);
  });

  it('after a failed search, focus is on "Try again", and stays there when trying again fails again', async () => {
    const fake = new FakeApi().on('fullAddressSearch', async () => {
      throw apiError(0, 'network');
    });
    const el = await mountAddress(fake);
    type(q(el, '#street'), '1200 Main St');
    type(q(el, '#zip'), '77002');
    const find = button(el, 'Find my address');
    find.focus();
    find.click();
    await until(() => text(el).includes('Try again'));
    await settle(el);
    expect(el.shadowRoot!.activeElement === button(el, 'Try again'), 'focus on Try again').to.equal(true);
    // "Try again" is taken away while the search runs (the alert goes): focus comes back to it when it fails again.
    button(el, 'Try again').click();
    await until(() => fake.callsOf('fullAddressSearch').length === 2 && text(el).includes('Try again'));
    await settle(el);
    expect(el.shadowRoot!.activeElement === button(el, 'Try again'), 'focus on Try again again').to.equal(true);
  });

  it('a search still running when the customer corrects the address does not take over with the old address', async () => {
    const answer = deferred<AddressSearchResult[]>();
    const fake = new FakeApi().on('fullAddressSearch', () => answer.promise);
    // The partner's suggestion is searched at once; the customer sees it is wrong and types their own.
    const el = await mountAddress(fake, makeAccount({ preliminary_address: PRELIMINARY } as never));
    await until(() => fake.callsOf('fullAddressSearch').length === 1);
    type(q<HTMLInputElement>(el, '#street'), '1400 Elm St');
    answer.resolve([ADDRESS_RESULT]);
    await new Promise((r) => setTimeout(r, 150));
    await settle(el);
    expect(qMaybe(el, 'sf-address-confirm') === null, 'the old address took over as "Is this your address?"').to.equal(true);
    expect(qMaybe(el, '#street') !== null, 'the form the customer is typing in stays').to.equal(true);
  });

  it('a ZIP code pasted with a space or an invisible mark around it, as ZIP+4, or typed in full-width digits, searches with its five digits', async () => {
    for (const pasted of [' 77002', '77002-1234 ', '\u200e77002\u200f', '７７００２', '\u2067７７００２－１２３４\u2069']) {
      const fake = new FakeApi().on('fullAddressSearch', async () => [ADDRESS_RESULT]);
      const el = await mountAddress(fake);
      type(q(el, '#street'), '1200 Main St');
      const zip = q<HTMLInputElement>(el, '#zip');
      zip.focus();
      // A paste goes through the browser's editing (and its maxlength, were there one) before the step sees it.
      document.execCommand('insertText', false, pasted);
      button(el, 'Find my address').click();
      await until(() => fake.callsOf('fullAddressSearch').length === 1, `searched after pasting "${pasted}"`);
      expect((fake.callsOf('fullAddressSearch')[0]!.args[0] as { postal_code: string }).postal_code).to.equal('77002');
    }
  });

  it('an ESI ID search answering after the customer picked a suggestion does not replace the address they are confirming', async () => {
    const suggestion = meter(1, 1);
    const { el, lookup, esiAnswer } = await slowEsiSearch([suggestion]);

    // Meanwhile the customer finds the address with the type-ahead and chooses it with the keyboard.
    const input = q<HTMLInputElement>(lookup, '#q');
    type(input, '1200 Main');
    await until(() => input.getAttribute('aria-expanded') === 'true');
    key(input, 'ArrowDown');
    await settle(lookup);
    key(input, 'Enter');
    await until(() => qMaybe(el, 'sf-address-confirm') !== null);
    await settle(q(el, 'sf-address-confirm'));
    expect(text(q(el, 'sf-address-confirm'))).to.contain(suggestion.esi_id);

    // The old ESI ID search answers now, while the customer reads "Is this your address?".
    esiAnswer.resolve(BY_ESI);
    await pause(100);
    await settle(el);
    await settle(q(el, 'sf-address-confirm'));
    const shown = text(q(el, 'sf-address-confirm'));
    expect(shown.includes(BY_ESI.esi_id), 'a search the customer left behind swapped the meter under "This is my address"').to.equal(false);
    expect(shown).to.contain(suggestion.esi_id);
  });

  it('an ESI ID search answering after the customer went back to the address form does not take the form away', async () => {
    const { el, lookup, esiAnswer } = await slowEsiSearch([]);

    button(lookup, 'Back to the address form').click();
    await until(() => qMaybe(el, '#street') !== null);
    type(q<HTMLInputElement>(el, '#street'), '2415 Rice Blvd');

    esiAnswer.resolve(BY_ESI);
    await pause(100);
    await settle(el);
    expect(qMaybe(el, 'sf-address-confirm') === null, 'the abandoned ESI ID search took over as "Is this your address?"').to.equal(true);
    expect(qMaybe(el, '#street') !== null, 'the form the customer is typing in stays').to.equal(true);
  });

  it('clearing the type-ahead field does not announce "No addresses match"', async () => {
    const fake = new FakeApi().on('addressSearch', async () => [meter(1, 2), meter(2, 2)]);
    const el = await mountAddress(fake);
    const lookup = await openLookup(el);
    const input = q<HTMLInputElement>(lookup, '#q');
    const status = () => text(q(lookup, '.combo [role="status"]'));

    type(input, '1200 Main');
    await until(() => input.getAttribute('aria-expanded') === 'true');
    expect(status()).to.contain('2 addresses found');

    // The customer erases what they typed to start over: nothing was searched for, nothing failed to match.
    type(input, '12');
    await pause(350);
    await settle(lookup);
    expect(status().includes('No addresses match'), `said "${status()}" for a field shorter than a search`).to.equal(false);

    // The same after Escape twice (close, then clear the field).
    type(input, '1200 Main');
    await until(() => input.getAttribute('aria-expanded') === 'true');
    key(input, 'Escape');
    await settle(lookup);
    key(input, 'Escape');
    await settle(lookup);
    expect(input.value).to.equal('');
    expect(status().includes('No addresses match'), `said "${status()}" for an empty field`).to.equal(false);
  });

  it('typing a space after a word keeps the suggestions for the same search open (a phone has no arrow keys to reopen them)', async () => {
    const fake = new FakeApi().on('addressSearch', async () => [meter(1, 2), meter(2, 2)]);
    const el = await mountAddress(fake);
    const lookup = await openLookup(el);
    const input = q<HTMLInputElement>(lookup, '#q');
    type(input, '1200 Main');
    await until(() => input.getAttribute('aria-expanded') === 'true');

    // The customer goes on to type the next word: first a space. The search is the same (trimmed), so no new request.
    type(input, '1200 Main ');
    await pause(400);
    await settle(lookup);
    expect(fake.callsOf('addressSearch')).to.have.length(1);
    expect(input.getAttribute('aria-expanded'), 'the suggestions closed and never came back').to.equal('true');
    expect(q(lookup, '#q-list').hidden).to.equal(false);
  });

  it('the search another way starts from the apartment number the customer typed, not from the building alone', async () => {
    // A large building: the service answers at most 10 suggestions, so the unit must be in the query to find it.
    const fake = new FakeApi().on('fullAddressSearch', async () => []).on('addressSearch', async () => []);
    const el = await mountAddress(fake);
    type(q(el, '#street'), '1801 N Lamar St');
    type(q(el, '#unit'), '512');
    type(q(el, '#zip'), '75201');
    button(el, 'Find my address').click();
    await until(() => fake.callsOf('addressSearch').length >= 1);
    const lookup = q(el, 'sf-address-lookup');
    const first = fake.callsOf('addressSearch')[0]!.args[0] as string;
    expect(first, 'the type-ahead query dropped the unit').to.contain('512');
    expect(q<HTMLInputElement>(lookup, '#q').value).to.contain('512');
  });

  /** A keyboard user's ESI ID search: the number typed, Tab to the button, press it. The search form and its button. */
  async function searchEsiId(fake: FakeApi) {
    const lookup = await openLookup(await mountAddress(fake));
    const esi = q(lookup, 'sf-esi-search');
    type(q<HTMLInputElement>(esi, '#esi'), '10443722030050010');
    const find = button(esi, 'Find by ESI ID');
    find.focus();
    find.click();
    return { esi, find };
  }

  it('after an ESI ID search fails on the network, keyboard focus is not dropped to the page (it is on "Try again")', async () => {
    const fake = new FakeApi().on('esiIdSearch', async () => {
      throw apiError(0, 'network');
    });
    const { esi } = await searchEsiId(fake);
    await until(() => text(esi).includes('Try again'));
    await pause(50);
    await settle(esi);
    expect(document.activeElement === document.body, 'focus fell to the page: the next Tab starts from the top').to.equal(false);
    expect(esi.shadowRoot!.activeElement === button(esi, 'Try again'), 'focus on Try again').to.equal(true);
  });

  it('an ESI ID search on its way: its button keeps focus and says it is busy; Enter held in the field sends no second search', async () => {
    const gate = deferred<void>();
    const fake = new FakeApi().on('esiIdSearch', async () => {
      await gate.promise;
      throw apiError(0, 'network');
    });
    const { esi, find } = await searchEsiId(fake);
    await until(() => fake.callsOf('esiIdSearch').length === 1);
    await settle(esi);
    expect(find.getAttribute('aria-disabled')).to.equal('true');
    expect(esi.shadowRoot!.activeElement === find, 'focus on the button pressed').to.equal(true);
    // Enter held in the field: the form's implicit submission, once per key repeat.
    const form = esi.shadowRoot!.querySelector('form')!;
    for (let i = 0; i < 5; i++) form.requestSubmit();
    await settle(esi);
    expect(fake.callsOf('esiIdSearch')).to.have.length(1);
    gate.resolve();
    await until(() => text(esi).includes('Try again'));
  });

  it('the address search on its way: "Find my address" is disabled, so Enter held in a field sends no second search', async () => {
    const gate = deferred<void>();
    const fake = new FakeApi().on('fullAddressSearch', async () => {
      await gate.promise;
      return [];
    }).on('addressSearch', async () => []);
    const el = await mountAddress(fake);
    type(q<HTMLInputElement>(el, '#street'), '3005 Routh St');
    type(q<HTMLInputElement>(el, '#zip'), '75201');
    const form = el.shadowRoot!.querySelector('form')!;
    form.requestSubmit();
    await until(() => fake.callsOf('fullAddressSearch').length === 1);
    await settle(el);
    // Implicit submission (Enter in a field) needs an enabled default button; requestSubmit() here as the key would.
    const find = button(el, /Searching|Find my address/);
    expect(find.disabled, 'the default button is disabled while searching').to.equal(true);
    gate.resolve();
  });

  /** The form searched for `street` in `zip` and found nothing: the search another way, saying so. */
  async function noMatchFor(street: string, zip: string) {
    const fake = new FakeApi().on('fullAddressSearch', async () => []).on('addressSearch', async () => []);
    const el = await mountAddress(fake);
    type(q(el, '#street'), street);
    type(q(el, '#zip'), zip);
    button(el, 'Find my address').click();
    await until(() => qMaybe(el, 'sf-address-lookup', '#q') !== null);
    const lookup = q(el, 'sf-address-lookup');
    await settle(lookup);
    return { el, lookup };
  }

  it('a ZIP code outside Texas, or where a utility whose customers cannot choose delivers, is said in words (the utility is not in the market), not only "we could not find that exact address"', async () => {
    const outside = await noMatchFor('350 5th Ave', '10118');
    expect(text(outside.lookup)).to.contain('ZIP code 10118 is not in Texas');
    const austin = await noMatchFor('301 W 2nd St', '78701');
    expect(text(austin.lookup)).to.contain('Austin Energy, whose customers cannot choose their provider');
    await expect(austin.el).to.be.accessible();
    const houston = await noMatchFor('12 Nowhere Rd', '77002');
    expect(text(houston.lookup)).not.to.contain('cannot choose');
    expect(text(houston.lookup)).not.to.contain('not in Texas');
  });

  it('a PO box that finds no meter is told that a PO box has none, and asked for the street address', async () => {
    for (const street of ['PO Box 4411', 'P.O. Box 12', 'post office box 7']) {
      const { lookup } = await noMatchFor(street, '77002');
      expect(text(lookup), street).to.contain('A PO box has no electricity meter');
    }
    const { lookup } = await noMatchFor('1200 Boxwood Dr', '77002');
    expect(text(lookup)).not.to.contain('PO box');
  });

  it('arrowing through the type-ahead on a short screen keeps the field in view below the header (WCAG 2.4.11)', async () => {
    const fake = new FakeApi().on('addressSearch', async () => TEN_UNITS);
    const el = await mountAddress(fake);
    const lookup = await openLookup(el);
    const input = q<HTMLInputElement>(lookup, '#q');
    // A phone held sideways (or a laptop at 200%): the flow's sticky header takes its top 56 px.
    await setViewport({ width: 568, height: 320 });
    try {
      type(input, '1200 Main');
      await until(() => input.getAttribute('aria-expanded') === 'true');
      if (input.getBoundingClientRect().top < 56) window.scrollBy(0, input.getBoundingClientRect().top - 60);
      for (let i = 0; i < 10; i++) {
        key(input, 'ArrowDown');
        await settle(lookup);
        await new Promise((r) => requestAnimationFrame(r));
        const box = input.getBoundingClientRect();
        expect(input.getAttribute('aria-activedescendant')).to.equal(`q-opt-${i}`);
        expect(box.top, `the field below the header after ${i + 1} ArrowDown`).to.be.at.least(56);
        expect(box.bottom, `the field on screen after ${i + 1} ArrowDown`).to.be.at.most(320);
      }
    } finally {
      await setViewport({ width: 800, height: 600 });
    }
  });

  it('type-ahead suggestions at the service\'s most (10) say that there may be more and how to narrow them (a large apartment building)', async () => {
    const fake = new FakeApi().on('addressSearch', async () => TEN_UNITS);
    const el = await mountAddress(fake);
    const lookup = await openLookup(el);
    const input = q<HTMLInputElement>(lookup, '#q');
    type(input, '1200 Main');
    await until(() => input.getAttribute('aria-expanded') === 'true');
    await settle(lookup);
    const status = text(q(lookup, '[role="status"]'));
    expect(status).to.contain('10 addresses shown, the most a search returns');
    expect(status).to.contain('apartment number');
  });

  it('a type-ahead field cleared after a lost answer drops its "Try again", which would send a search for nothing', async () => {
    const fake = new FakeApi().on('addressSearch', async () => {
      throw apiError(0, 'network');
    });
    const el = await mountAddress(fake);
    const lookup = await openLookup(el);
    const input = q<HTMLInputElement>(lookup, '#q');
    type(input, '1200 Main');
    await until(() => text(lookup).includes('Try again'));
    type(input, '12');
    await settle(lookup);
    expect(text(lookup).includes('could not reach the service'), 'the alert stays for a search the field no longer asks for').to.equal(false);
    type(input, '1200 Main');
    await until(() => text(lookup).includes('Try again'));
    key(input, 'Escape'); // closes nothing: clears the field
    await settle(lookup);
    expect(input.value).to.equal('');
    expect(text(lookup).includes('could not reach the service'), 'the alert stays once Escape cleared the field').to.equal(false);
  });
});
