import { expect, fixture, html } from '@open-wc/testing';
import type { SfProgress } from '../../src/ui/progress.js';
import '../../src/ui/progress.js';

const inner = (el: Element, selector: string) => el.shadowRoot!.querySelector(selector) as HTMLElement;

describe('sf-progress', () => {
  it('says "Step 2 of 6" and marks the current step', async () => {
    const el = await fixture<SfProgress>(
      html`<sf-progress .current=${2} .total=${6} .labels=${['Address', 'Plan', 'Details', 'Credit', 'Payment', 'Review']}></sf-progress>`,
    );
    expect(inner(el, '.text').textContent).to.contain('Step 2 of 6').and.contain('Plan');
    const items = el.shadowRoot!.querySelectorAll('li');
    expect(items).to.have.length(6);
    expect(items[1]!.getAttribute('aria-current')).to.equal('step');
    expect(items[0]!.textContent).to.contain('completed');
    expect(el.shadowRoot!.querySelectorAll('[aria-current]')).to.have.length(1);
    await expect(el).to.be.accessible();
  });
});
