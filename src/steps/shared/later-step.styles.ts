import { css } from 'lit';
import { stepStyles } from './step.styles.js';

/**
 * What the views after the address form add to the step styles: check boxes and radio rows, fieldsets, cards,
 * summary lists and the warning alert. Kept out of step.styles.ts, which the first screen loads, so these rules
 * arrive with the views that use them (the `later` chunk, vite.config.ts). Every size is in rem so 200% zoom and a
 * 320 px screen reflow instead of clipping; every control is at least the 44 px target.
 */
const laterExtras = css`
  /* A status region kept on the page between its sentences (a region inserted with its sentence is not reliably read): nothing to see while empty. */
  [role='status']:empty {
    margin: 0;
  }
  /* The check mark above a last screen's heading (done, card updated): decorative, the heading says it. */
  .badge {
    width: 3rem;
    height: 3rem;
    border-radius: 50%;
    display: grid;
    place-items: center;
    font-size: 1.5rem;
    font-weight: 700;
    color: var(--_on-primary);
    background: var(--_success);
    margin-bottom: var(--_space);
  }
  input[type='checkbox'],
  input[type='radio'] {
    width: 1.5rem;
    height: 1.5rem;
    margin: 0.625rem;
    flex: none;
    accent-color: var(--_primary);
  }
  .check {
    display: flex;
    align-items: flex-start;
    gap: 0.25rem;
    min-height: var(--_target);
  }
  .check > label {
    padding-top: 0.625rem;
    font-weight: 400;
  }
  fieldset {
    border: 0;
    padding: 0;
    margin: 0 0 var(--_space);
    min-width: 0;
  }
  legend {
    font-weight: 600;
    padding: 0;
    margin-bottom: 0.25rem;
  }
  .card {
    border: 1px solid var(--_divider);
    border-radius: var(--_radius);
    padding: var(--_space);
    background: var(--_surface);
  }
  /* A box's padding is its only space at the bottom: not its last paragraph's, list's or value's margin too. */
  .card > :last-child {
    margin-bottom: 0;
  }
  .alert.warning {
    border-color: var(--_warning);
    background: var(--_warning-bg);
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
  }
  @media (forced-colors: active) {
    .card {
      border-color: CanvasText;
    }
  }
`;

/** The step styles of every view after the address form. */
export const laterStepStyles = [...stepStyles, laterExtras];
