import { css, html, nothing, svg, type TemplateResult, type PropertyDeclarations } from 'lit';
import { msg } from '@lit/localize';
import { sharedStyles } from '../../styles/shared.js';
import type { CloseReason } from '../../bridge/messages.js';
import { LocalizedElement } from '../../i18n/localization.js';

/**
 * - `expired`: the link's hour is over (or the service says the token expired).
 * - `invalid`: the service does not know the token (a mistyped or stale link: it may also have expired).
 * - `incomplete`: the address has no token (a truncated link).
 * - `forbidden`: the token is valid but not for this (403).
 * - `error` / `network`: something failed that may work on a second try (retry button).
 * - `unsupported`: a scope this version of the flow does not show.
 * - `closed`: the flow is over (`reason` says how); nothing left to do here.
 */
const ICONS = {
  clock: svg`<circle cx="12" cy="12" r="9"/><path d="M12 7v5l3 2"/>`,
  check: svg`<path d="M5 12.5l4.5 4.5L19 7.5"/>`,
  alert: svg`<path d="M12 6.5v7M12 17v.5"/>`,
  help: svg`<path d="M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 1-1 1.7v.5M12 17v.5"/>`,
};
type Icon = keyof typeof ICONS;

/** "Try again" on the `error` and `network` screens; composed, so that it reaches the root. */
export class RetryEvent extends Event {
  constructor() {
    super('sf-retry', { bubbles: true, composed: true });
  }
}

export type StatusKind = 'expired' | 'invalid' | 'incomplete' | 'forbidden' | 'error' | 'network' | 'unsupported' | 'framed' | 'closed';

/**
 * The full-screen states that are not steps: what happened and what the user can do next, never a blank page.
 * Its heading is `#step-heading`, focused by the root like a step's.
 *
 * @summary Expired, error and closed screens.
 * @fires sf-retry - The user pressed "Try again" (`error` and `network` only).
 */
export class SfStatusScreen extends LocalizedElement {
  static override properties: PropertyDeclarations = {
    kind: { reflect: true },
    reason: {},
  };

  static override styles = [
    ...sharedStyles,
    css`
      :host { padding-top: 0.5rem; }
      .icon { width: 3rem; height: 3rem; border-radius: 50%; display: grid; place-items: center; margin-bottom: 1rem;
        background: var(--_surface-muted); color: var(--_primary); }
      .icon svg { width: 1.75rem; height: 1.75rem; fill: none; stroke: currentColor; stroke-width: 2; stroke-linecap: round; stroke-linejoin: round; }
      .icon.ok { background: var(--_success-bg); color: var(--_success); }
    `,
  ];

  kind: StatusKind = 'error';
  /** For `closed`: why the flow ended. */
  reason: CloseReason = 'exited';

  override render() {
    const [heading, body, icon] = this._content();
    const retry = this.kind === 'error' || this.kind === 'network';
    return html`<div class="icon ${icon === 'check' ? 'ok' : ''}" aria-hidden="true"><svg viewBox="0 0 24 24">${ICONS[icon]}</svg></div>
      <h1 id="step-heading" tabindex="-1">${heading}</h1>
      ${body}
      ${retry
        ? html`<div class="actions"><button class="btn primary" type="button" @click=${this._retry}>
            ${msg('Try again', { id: 'common.try-again' })}
          </button></div>`
        : nothing}`;
  }

  private _content(): [string, TemplateResult, Icon] {
    const saved = html`<p>${msg('Nothing you already saved is lost: with a new link you continue where you left off.', { id: 'status.saved' })}</p>`;
    // In a frame (a partner's modal, a WebView) the window is the app's: it has the way out, not this page.
    const closeWindow = html`<p>${window.top === window
      ? msg('You can close this window.', { id: 'status.close-window' })
      : msg('You can close this page from the app or website around it.', { id: 'status.close-frame' })}</p>`;
    switch (this.kind) {
      case 'expired':
        return [
          msg('This link has expired', { id: 'status.expired.heading' }),
          html`<p>${msg('For your security, these links work for one hour, and end once you finish or leave. Go back to the app or website that sent you here and open this page again from there to get a new link.', { id: 'status.expired.body' })}</p>${saved}`,
          'clock',
        ];
      case 'invalid':
        return [
          msg('This link does not work', { id: 'status.invalid.heading' }),
          html`<p>${msg('It may have expired or been copied incompletely. Go back to the app or website that sent you here and open this page again from there to get a new link.', { id: 'status.invalid.body' })}</p>${saved}`,
          'help',
        ];
      case 'incomplete':
        return [
          msg('This link is incomplete', { id: 'status.incomplete.heading' }),
          html`<p>${msg('Part of the link is missing. Open it again from the app, email or text message that sent it to you, or ask there for a new link.', { id: 'status.incomplete.body' })}</p>`,
          'help',
        ];
      case 'forbidden':
        return [
          msg('This link cannot be used here', { id: 'status.forbidden.heading' }),
          html`<p>${msg('This link does not give access to this part of your account. Go back to the app or website that sent you here and ask for a new link.', { id: 'status.forbidden.body' })}</p>`,
          'alert',
        ];
      case 'network':
        return [
          msg('We cannot reach the service', { id: 'status.network.heading' }),
          // The link still works: Try again, not a new link, is the way on.
          html`<p>${msg('Check your internet connection, then try again.', { id: 'status.network.body' })}</p>
            <p>${msg('Nothing you already saved is lost.', { id: 'status.network.saved' })}</p>`,
          'alert',
        ];
      case 'unsupported':
        return [
          msg('This page is not available yet', { id: 'status.unsupported.heading' }),
          html`<p>${msg('This link opens a part of your account that this page cannot show yet. Go back to the app or website that sent you here.', { id: 'status.unsupported.body' })}</p>`,
          'alert',
        ];
      case 'framed':
        return [
          msg('This page cannot be shown here', { id: 'status.framed.heading' }),
          html`<p>${msg('For your security, this page opens only inside the apps and websites it was set up for, and the one showing it is not one of them. Contact the company that sent you, or open the link again from their own app or website.', { id: 'status.framed.body' })}</p>`,
          'alert',
        ];
      case 'closed':
        return this._closed(closeWindow);
      default:
        return [
          msg('Something went wrong', { id: 'status.error.heading' }),
          html`<p>${msg('We could not complete this. Your information is safe. Please try again in a moment.', { id: 'status.error.body' })}</p>`,
          'alert',
        ];
    }
  }

  private _closed(closeWindow: TemplateResult): [string, TemplateResult, Icon] {
    switch (this.reason) {
      case 'completed':
        return [msg('You are all set', { id: 'status.closed.completed.heading' }), closeWindow, 'check'];
      case 'exited':
        return [
          msg('You have left this page', { id: 'status.closed.exited.heading' }),
          html`<p>${msg('What you already saved is kept. To continue later, open it again from the app or website that sent you here.', { id: 'status.closed.exited.body' })}</p>${closeWindow}`,
          'check',
        ];
      default:
        return [msg('This page is closed', { id: 'status.closed.heading' }), closeWindow, 'check'];
    }
  }

  private _retry() {
    this.dispatchEvent(new RetryEvent());
  }
}

customElements.define('sf-status-screen', SfStatusScreen);

declare global {
  interface HTMLElementTagNameMap {
    'sf-status-screen': SfStatusScreen;
  }
  interface HTMLElementEventMap {
    'sf-retry': RetryEvent;
  }
}
