import { expect, fixture, html } from '@open-wc/testing';
import { createLightMount } from '../../src/payment/mount.js';

/** A shadow host rendering `inner` inside its shadow root, like <sf-flow> rendering a step. */
class TestShadowHost extends HTMLElement {
  constructor() {
    super();
    this.attachShadow({ mode: 'open' });
  }
}
customElements.define('test-shadow-host', TestShadowHost);

function nest(): { outer: HTMLElement; middle: HTMLElement; step: HTMLElement; target: HTMLSlotElement } {
  const outer = document.createElement('test-shadow-host');
  const middle = document.createElement('test-shadow-host');
  const step = document.createElement('test-shadow-host');
  outer.shadowRoot!.append(middle);
  middle.shadowRoot!.append(step);
  const target = document.createElement('slot');
  target.name = 'payment-element';
  step.shadowRoot!.append(target);
  return { outer, middle, step, target };
}

describe('createLightMount', () => {
  it('puts the node in document light DOM and slots it down through every shadow level', async () => {
    const container = await fixture<HTMLDivElement>(html`<div></div>`);
    const { outer, middle, step, target } = nest();
    container.append(outer);
    const mount = createLightMount(step, 'payment-element');
    expect(mount.node.getRootNode()).to.equal(document);
    expect(mount.node.parentElement).to.equal(outer);
    expect(target.assignedElements({ flatten: true })).to.deep.equal([mount.node]);
    // One forwarding slot per intermediate level.
    expect(step.querySelectorAll(':scope > slot[name="payment-element"]')).to.have.length(1);
    expect(middle.querySelectorAll(':scope > slot[name="payment-element"]')).to.have.length(1);

    mount.release();
    expect(mount.node.isConnected).to.equal(false);
    expect(step.querySelector('slot')).to.equal(null);
    expect(middle.querySelector('slot')).to.equal(null);
  });

  it('reuses a forwarding slot the host template already renders', async () => {
    const container = await fixture<HTMLDivElement>(html`<div></div>`);
    const { outer, middle, step, target } = nest();
    const own = document.createElement('slot');
    own.name = 'payment-element';
    own.slot = 'payment-element';
    step.append(own);
    container.append(outer);
    const mount = createLightMount(step, 'payment-element');
    expect(step.querySelectorAll('slot')).to.have.length(1);
    expect(target.assignedElements({ flatten: true })).to.deep.equal([mount.node]);
    mount.release();
    expect(step.querySelector('slot')).to.equal(own);
    void middle;
  });

  it('appends to the element itself when it is not in a shadow root', async () => {
    const step = await fixture<HTMLElement>(html`<test-shadow-host></test-shadow-host>`);
    const mount = createLightMount(step, 'payment-element');
    expect(mount.node.parentElement).to.equal(step);
    mount.release();
  });
});
