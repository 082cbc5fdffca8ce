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
  .card p:last-child {
    margin-bottom: 0;
  }
`;
