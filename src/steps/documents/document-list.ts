import { css, html, nothing, type PropertyDeclarations } from 'lit';
import { msg, str } from '@lit/localize';
import type { Document, DocumentType } from '../../api/types.js';
import { LocalizedElement, getLocale } from '../../i18n/localization.js';
import { formatDate } from '../../ui/format.js';
import { pdfHref } from '../../ui/pdf.js';
import { laterStepStyles } from '../shared/later-step.styles.js';

/** A document's kind in words (call from render: msg()). */
export function documentKind(type: DocumentType): string {
  switch (type) {
    case 'efl': return msg('Electricity Facts Label', { id: 'docs.kind.efl' });
    case 'tos': return msg('Terms of Service', { id: 'docs.kind.tos' });
    case 'yrac': return msg('Your Rights as a Customer', { id: 'docs.kind.yrac' });
    case 'loa': return msg('Letter of Authorization', { id: 'docs.kind.loa' });
    case 'invoice': return msg('Invoice', { id: 'docs.kind.invoice' });
  }
}

/**
 * @summary A list of plan documents, each a PDF link (opening in a new tab, which its text says) with its kind in
 * words, the plan it belongs to, version, status in words and effective date (a queued one: the day it takes effect). Used by the
 * documents scope and by the renewal's last screen for the new plan's documents.
 */
export class SfDocumentList extends LocalizedElement {
  static override properties: PropertyDeclarations = {
    documents: { attribute: false },
    label: {},
  };

  static override styles = [
    ...laterStepStyles,
    css`
      ul {
        list-style: none;
        margin: 0 0 var(--_space);
        padding: 0;
        display: grid;
        gap: 0.75rem;
      }
      a {
        display: inline-block;
        min-height: var(--_target);
        padding: 0.5rem 0;
        font-weight: 600;
      }
      /* Short labels and values: side by side even at 320 px, so each document stays short; a label takes at most
         two fifths of the row, so that a long value (Spanish) still has room. */
      dl.summary {
        margin: 0;
        grid-template-columns: fit-content(40%) minmax(0, 1fr);
        column-gap: 0.75rem;
      }
      dl.summary dd {
        margin: 0 0 0.25rem;
      }
      .status {
        font-weight: 600;
      }
    `,
  ];

  documents: readonly Document[] = [];
  /** The list's accessible name. */
  label = '';

  override render() {
    const locale = getLocale();
    if (this.documents.length === 0) return html`<p>${msg('There are no documents here.', { id: 'docs.empty' })}</p>`;
    const newTab = msg('(PDF, opens in a new tab)', { id: 'plans.docs.new_tab' });
    return html`<ul aria-label=${this.label || nothing}>
      ${this.documents.map((d) => {
        // The plan it belongs to, past plans' too (an invoice has none).
        const plan = d.plan_name;
        const date = formatDate(d.effective_date, locale);
        return html`<li class="card">
          <a href=${pdfHref(d.url, locale)} target="_blank" rel="noopener noreferrer">${documentKind(d.type)} <span class="muted">${newTab}</span></a>
          <dl class="summary">
            <dt>${msg('Status', { id: 'docs.status' })}</dt>
            <dd class="status">${this._status(d, date)}</dd>
            ${plan ? html`<dt>${msg('Plan', { id: 'docs.plan' })}</dt><dd>${plan}</dd>` : nothing}
            <dt>${msg('Version', { id: 'docs.version' })}</dt>
            <dd>${d.version}</dd>
            <dt>${msg('Effective date', { id: 'docs.effective' })}</dt>
            <dd>${date}</dd>
          </dl>
        </li>`;
      })}
    </ul>`;
  }

  private _status(d: Document, date: string): string {
    switch (d.status) {
      case 'active': return msg('Active: in effect now', { id: 'docs.status.active' });
      case 'queued': return msg(str`Queued: takes effect on ${date}`, { id: 'docs.status.queued' });
      case 'historical': return msg('Historical: no longer in effect', { id: 'docs.status.historical' });
    }
  }
}

customElements.define('sf-document-list', SfDocumentList);

declare global {
  interface HTMLElementTagNameMap {
    'sf-document-list': SfDocumentList;
  }
}
