import { css } from 'lit';
import { sharedStyles } from '../../styles/shared.js';

/**
 * What the step views add to the shared styles (tokens, base, buttons, fields, layout): alerts, radio rows, the
 * summary lists. Every size is in rem so 200% zoom and a 320 px screen reflow instead of clipping; every control is
 * at least the 44 px target.
 */
const stepExtras = css`
  .lead {
    color: var(--_muted);
  }
  form > .actions,
  .actions {
    flex-wrap: wrap;
  }
  .alert {
    border-radius: var(--_radius);
    padding: 0.75rem 1rem;
    margin: 0 0 var(--_space);
    border: 1px solid var(--_primary);
    border-inline-start-width: 6px;
    background: var(--_info-bg);
  }
  .alert p:last-child {
    margin-bottom: 0;
  }
  .alert .btn {
    margin-top: 0.5rem;
  }
  .alert.error {
    border-color: var(--_error);
    background: var(--_error-bg);
  }
  .alert.success {
    border-color: var(--_success);
    background: var(--_success-bg);
  }
  .alert.warning {
    border-color: var(--_warning);
    background: var(--_warning-bg);
  }
  .error:empty {
    display: none;
  }
  .error:empty::before {
    content: none;
  }
  .choice {
    display: flex;
    align-items: flex-start;
    gap: 0.25rem;
    min-height: var(--_target);
    font-weight: 400;
    cursor: pointer;
  }
  .choice > span {
    padding-top: 0.625rem;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  dl.summary {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: 0.125rem;
    margin: 0 0 var(--_space);
  }
  dl.summary dt {
    font-weight: 600;
  }
  dl.summary dd {
    margin: 0 0 0.5rem;
    overflow-wrap: anywhere;
  }
  @media (min-width: 480px) {
    dl.summary {
      grid-template-columns: minmax(8rem, max-content) minmax(0, 1fr);
      column-gap: 1rem;
    }
    dl.summary dd {
      margin: 0 0 0.5rem;
    }
  }
  @media (forced-colors: active) {
    .alert,
    .card {
      border-color: CanvasText;
    }
  }
`;

export const stepStyles = [...sharedStyles, stepExtras];
