import { LitElement, css, html } from 'lit';
import { customElement } from 'lit/decorators.js';
import { localized, msg } from '@lit/localize';
import { base } from '../../styles/shared.js';
import { tokens } from '../../styles/tokens.js';
import '../../ui/skeleton.js';

/**
 * The shape of a step (progress, heading, two fields, a button) while the session, the account or a step's code
 * loads, so the layout does not jump when the step arrives. Announced once as "Loading".
 *
 * @summary Loading skeleton of a step.
 */
@customElement('sf-loading-screen')
@localized()
export class SfLoadingScreen extends LitElement {
  static override styles = [tokens, base, css`.bar { margin-bottom: 1.5rem; }`];

  override render() {
    return html`<div aria-busy="true">
      <p class="sr-only" role="status">${msg('Loading…', { id: 'loading.label' })}</p>
      <sf-skeleton class="bar" width="35%"></sf-skeleton>
      <sf-skeleton variant="heading"></sf-skeleton>
      <sf-skeleton width="90%"></sf-skeleton>
      <sf-skeleton width="70%"></sf-skeleton>
      <sf-skeleton variant="field"></sf-skeleton>
      <sf-skeleton variant="field"></sf-skeleton>
      <sf-skeleton variant="button"></sf-skeleton>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sf-loading-screen': SfLoadingScreen;
  }
}
