import { expect, fixture, html } from '@open-wc/testing';
import { renderProgressBar } from '../../src/ui/progress.js';

describe('the progress bar', () => {
  it('says "Step 2 of 6" and marks the current step', async () => {
    const el = await fixture<HTMLElement>(
      html`<div>${renderProgressBar(2, 6, ['Address', 'Plan', 'Details', 'Credit', 'Payment', 'Review'])}</div>`,
    );
    expect(el.querySelector('.text')!.textContent).to.contain('Step 2 of 6').and.contain('Plan');
    const items = el.querySelectorAll('li');
    expect(items).to.have.length(6);
    expect(items[1]!.getAttribute('aria-current')).to.equal('step');
    expect(items[0]!.textContent).to.contain('completed');
    expect(el.querySelectorAll('[aria-current]')).to.have.length(1);
    await expect(el).to.be.accessible();
  });
});
