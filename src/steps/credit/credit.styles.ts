import { css } from 'lit';

export const creditStyles = css`
  .ssn-row {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    align-items: stretch;
  }
  .field .ssn-row input {
    flex: 1 1 10rem;
    width: auto;
    min-width: 0;
    max-width: 18rem;
    letter-spacing: 0.08em;
    font-variant-numeric: tabular-nums;
  }
  .terms {
    border-inline-start: 4px solid var(--_divider);
    padding-inline-start: 0.75rem;
    margin-bottom: var(--_space);
  }
  .terms h2 {
    font-size: 1rem;
  }
`;
