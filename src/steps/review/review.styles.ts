import { css } from 'lit';

export const reviewStyles = css`
  .missing {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 0.75rem;
  }
  .missing p {
    margin: 0 0 0.25rem;
  }
  .alert h2 {
    font-size: 1.0625rem;
  }
`;
