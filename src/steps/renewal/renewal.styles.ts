import { css } from 'lit';

/** The renewal steps' own styles: the current plan's card and the standing under it. */
export const renewalStyles = css`
  .card {
    margin-bottom: var(--_space);
  }
  .card h2 {
    font-size: 1.125rem;
    margin-bottom: 0.5rem;
  }
  /* Short labels and values: side by side even at 320 px; a label takes at most two fifths of the row. */
  .card dl.summary {
    grid-template-columns: fit-content(40%) minmax(0, 1fr);
    column-gap: 1rem;
  }
  .card dl.summary dd {
    margin: 0 0 0.25rem;
  }
`;
