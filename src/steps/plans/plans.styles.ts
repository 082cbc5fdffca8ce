import { css } from 'lit';

export const plansStyles = css`
  .plan-list {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    /* Never wider than the screen: an auto column would take the cards' widest unbreakable line (text spacing). */
    grid-template-columns: minmax(0, 1fr);
    gap: var(--_space);
  }
  :host([selected]) .plan {
    border: 2px solid var(--_primary);
  }
  /* Chosen is a state, not an action: the one filled button is Accept, in the terms below it. */
  [aria-pressed='true']::before {
    content: '✓' / '';
  }
  .headline {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0.25rem 0.5rem;
  }
  .big {
    font-size: 1.75rem;
    font-weight: 700;
    line-height: 1.2;
  }
  .rate {
    margin: 0 0 var(--_space);
    font-weight: 600;
  }
  /* Short values: label and value on one row even at 320 px, so the cards stay short. */
  .plan dl.summary {
    grid-template-columns: minmax(0, 1fr) max-content;
    column-gap: 1rem;
  }
  .plan dl.summary dd {
    margin: 0 0 0.375rem;
    text-align: end;
  }
  table {
    width: 100%;
    border-collapse: collapse;
    margin: 0 0 var(--_space);
  }
  caption {
    text-align: start;
    font-weight: 600;
    padding-bottom: 0.25rem;
  }
  th,
  td {
    text-align: start;
    padding: 0.375rem 0.5rem;
    border-bottom: 1px solid var(--_divider);
  }
  tbody th {
    white-space: nowrap;
  }
  td {
    text-align: end;
    font-variant-numeric: tabular-nums;
  }
  /* The price column's heading, over its figures. */
  th + th {
    text-align: end;
  }
  tr.featured {
    background: var(--_info-bg);
    font-size: 1.0625rem;
  }
  tr.featured th {
    font-weight: 700;
  }
  .docs {
    margin: 0 0 var(--_space);
    padding-inline-start: 1.25rem;
  }
  .docs li {
    min-height: var(--_target);
    display: list-item;
    padding: 0.5rem 0;
  }
  .accept {
    margin-top: 0.5rem;
    border: 2px solid var(--_primary);
  }
  input[type='date'] {
    max-width: 14rem;
  }
`;
