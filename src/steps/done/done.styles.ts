import { css } from 'lit';

export const doneStyles = css`
  .next {
    padding-inline-start: 1.5rem;
    margin: 0 0 var(--_space);
  }
  .next li {
    margin-bottom: var(--_space);
  }
  .next h2 {
    font-size: 1.0625rem;
    margin-bottom: 0.25rem;
  }
  .next p {
    margin-bottom: 0.25rem;
  }
`;
