/**
 * The documents scope: the location's active documents and all of them (historical and queued included), as PDF
 * links. One view, which also says where the account stands; Done closes the flow `completed`. Without a location
 * (no plan accepted yet) the view explains that and its "Close" exits.
 */
import { html } from 'lit';
import { msg } from '@lit/localize';
import type { ScopeDeclaration } from '../../flow/scope.js';
// The scope's first (and only) step is part of this scope's chunk (vite.config.ts): imported here, not loaded.
import '../../steps/documents/documents.js';
import { documentsCurrent, documentsExit, documentsSteps, type DocumentsProgress, type DocumentsStep } from './router.js';

export const documents: ScopeDeclaration<DocumentsStep, DocumentsProgress> = {
  title: () => msg('Your plan documents', { id: 'docs.title' }),
  label: () => msg('Documents', { id: 'docs.step' }),
  progress: {},
  steps: documentsSteps,
  current: documentsCurrent,
  local: ['documents'],
  complete: () => ({ close: 'completed' }),
  exit: documentsExit,
  views: {
    documents: {
      tag: 'sf-step-documents',
      load: () => Promise.resolve(),
      render: (i) => html`<sf-step-documents .account=${i.account} .draft=${i.draft}></sf-step-documents>`,
    },
  },
};
