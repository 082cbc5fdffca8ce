import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import type { SfAlert } from '../../src/ui/alert.js';
import type { SfButton } from '../../src/ui/button.js';
import type { SfDialog } from '../../src/ui/dialog.js';
import type { SfProgress } from '../../src/ui/progress.js';
import type { SfSkeleton } from '../../src/ui/skeleton.js';
import '../../src/ui/alert.js';
import '../../src/ui/button.js';
import '../../src/ui/dialog.js';
import '../../src/ui/progress.js';
import '../../src/ui/skeleton.js';

const inner = (el: Element, selector: string) => el.shadowRoot!.querySelector(selector) as HTMLElement;

describe('sf-button', () => {
  it('is an accessible native button at least 44 px tall', async () => {
    const el = await fixture<SfButton>(html`<sf-button>Continue</sf-button>`);
    await expect(el).to.be.accessible();
    expect(inner(el, 'button').getBoundingClientRect().height).to.be.at.least(44);
  });

  it('stays focusable but inert while loading, and says it is busy', async () => {
    let clicks = 0;
    const el = await fixture<SfButton>(html`<sf-button loading @click=${() => (clicks += 1)}>Pay</sf-button>`);
    const button = inner(el, 'button');
    expect(button.getAttribute('aria-busy')).to.equal('true');
    expect(button.getAttribute('aria-disabled')).to.equal('true');
    expect(button.hasAttribute('disabled')).to.equal(false);
    button.click();
    expect(clicks).to.equal(0);
    el.loading = false;
    await el.updateComplete;
    button.click();
    expect(clicks).to.equal(1);
    await expect(el).to.be.accessible();
  });

  it('submits the form it is in with type="submit"', async () => {
    const form = await fixture<HTMLFormElement>(html`<form @submit=${(e: Event) => e.preventDefault()}><sf-button type="submit">Send</sf-button></form>`);
    const submitted = oneEvent(form, 'submit');
    inner(form.querySelector('sf-button')!, 'button').click();
    expect((await submitted).type).to.equal('submit');
  });
});

describe('sf-alert', () => {
  it('uses role=alert for errors and role=status otherwise', async () => {
    const error = await fixture<SfAlert>(html`<sf-alert variant="error" heading="Card declined"><p>Try another card.</p></sf-alert>`);
    expect(inner(error, '[role]').getAttribute('role')).to.equal('alert');
    await expect(error).to.be.accessible();
    const info = await fixture<SfAlert>(html`<sf-alert variant="success">Saved.</sf-alert>`);
    expect(inner(info, '[role]').getAttribute('role')).to.equal('status');
    await expect(info).to.be.accessible();
  });
});

describe('sf-dialog', () => {
  it('opens modal with focus on its heading, closes on Esc and returns focus', async () => {
    const wrapper = await fixture<HTMLDivElement>(html`<div>
      <button id="trigger">Details</button>
      <sf-dialog heading="Plan details"><p>Fixed rate for 12 months.</p><button slot="footer">OK</button></sf-dialog>
    </div>`);
    const trigger = wrapper.querySelector<HTMLButtonElement>('#trigger')!;
    const dialog = wrapper.querySelector<SfDialog>('sf-dialog')!;
    trigger.focus();
    dialog.open = true;
    await dialog.updateComplete;
    const native = inner(dialog, 'dialog') as HTMLDialogElement;
    expect(native.open).to.equal(true);
    expect(native.matches(':modal')).to.equal(true);
    expect(dialog.shadowRoot!.activeElement?.id).to.equal('title');
    await expect(dialog).to.be.accessible();

    const closed = oneEvent(dialog, 'sf-dialog-close');
    native.dispatchEvent(new Event('cancel', { cancelable: true }));
    expect((await closed).detail).to.deep.equal({ reason: 'dismiss' });
    await dialog.updateComplete;
    expect(native.open).to.equal(false);
    expect(document.activeElement).to.equal(trigger);
  });

  it('has a labelled close button', async () => {
    const dialog = await fixture<SfDialog>(html`<sf-dialog heading="Terms" open>Text</sf-dialog>`);
    const close = inner(dialog, 'header button');
    expect(close.getAttribute('aria-label')).to.equal('Close');
    close.click();
    await dialog.updateComplete;
    expect(dialog.open).to.equal(false);
  });
});

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

describe('sf-skeleton', () => {
  it('is hidden from assistive technology', async () => {
    const el = await fixture<SfSkeleton>(html`<sf-skeleton variant="field"></sf-skeleton>`);
    expect(el.getAttribute('aria-hidden')).to.equal('true');
    expect(inner(el, '.bone').getBoundingClientRect().height).to.equal(44);
  });
});
