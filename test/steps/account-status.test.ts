import { expect, html } from '@open-wc/testing';
import '../../src/steps/shared/account-status.js';
import { statusWords, type SfAccountStatus } from '../../src/steps/shared/account-status.js';
import { STATUS_PAIRS, type AccountStatus, type StatusReason } from '../../src/api/types.js';
import { setLocale } from '../../src/i18n/localization.js';
import { makeAccount, mount, FakeApi, text } from './harness.js';

const PAIRS = (Object.entries(STATUS_PAIRS) as Array<[AccountStatus, readonly StatusReason[]]>).flatMap(([s, reasons]) => reasons.map((r) => [s, r] as const));

describe('sf-account-status', () => {
  afterEach(() => setLocale('en'));

  it('has words for every status and reason of the service, and a reason changes them where it matters', () => {
    const seen = new Set<string>();
    for (const [status, reason] of PAIRS) {
      const words = statusWords(status, reason);
      expect(words.heading, `${status}/${reason}`).to.be.a('string').and.not.equal('');
      expect(words.body, `${status}/${reason}`).to.be.a('string').and.not.equal('');
      seen.add(words.body);
    }
    // Each needs_attention and cancelled reason reads differently (the customer must know what to do).
    const bodies = (status: AccountStatus) => new Set(STATUS_PAIRS[status].map((r) => statusWords(status, r).body));
    expect(bodies('needs_attention').size).to.equal(STATUS_PAIRS.needs_attention.length);
    expect(bodies('cancelled').size).to.equal(STATUS_PAIRS.cancelled.length);
    expect(bodies('applying').size).to.equal(STATUS_PAIRS.applying.length);
    expect(seen.size).to.be.greaterThan(15);
  });

  it('says the family in the heading, not by colour alone', () => {
    expect(statusWords('active', 'active').heading).to.equal('Your service is active');
    expect(statusWords('needs_attention', 'enrollment_blocked_switch_hold').heading).to.equal('We need your help to continue');
    expect(statusWords('cancelled', 'cancelled_post_start').heading).to.equal('Your service was cancelled');
    expect(statusWords('applying', 'missing_payment_method').body).to.contain('card');
    expect(statusWords('scheduled', 'service_pending', '2030-03-04').body).to.contain('March 4, 2030');
    // Said on the last screen of scopes that have no address field (bills, documents): where to start, not "enter".
    expect(statusWords('created', 'unresolved').body).to.equal('To start it, open the enrollment from the app or website that sent you here.');
  });

  it('renders a labelled region with a second-level heading, accessible, in Spanish too', async () => {
    const account = makeAccount({ status: 'needs_attention', status_reason: 'credit_check_frozen' } as never);
    const el = await mount<SfAccountStatus>(new FakeApi().api, html`<sf-account-status .account=${account}></sf-account-status>`);
    const region = el.shadowRoot!.querySelector('section')!;
    expect(region.getAttribute('aria-labelledby')).to.equal('status-heading');
    expect(el.shadowRoot!.querySelector('h2')!.textContent).to.equal('We need your help to continue');
    expect(region.dataset.tone).to.equal('attention');
    await expect(el).to.be.accessible();
    await setLocale('es');
    await el.updateComplete;
    expect(text(el)).not.to.contain('We need your help');
  });

  it('renders nothing without an account', async () => {
    const el = await mount<SfAccountStatus>(new FakeApi().api, html`<sf-account-status></sf-account-status>`);
    expect(el.shadowRoot!.querySelector('section')).to.equal(null);
  });
});
