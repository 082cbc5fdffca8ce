import { css } from 'lit';

export const identityStyles = css`
  .names {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    column-gap: var(--_space);
  }
  @media (min-width: 480px) {
    .names {
      grid-template-columns: repeat(2, minmax(0, 1fr));
    }
  }
  .parts {
    display: flex;
    flex-wrap: wrap;
    gap: 0.75rem;
    margin: 0.25rem 0;
  }
  .part {
    display: flex;
    flex-direction: column;
    gap: 0.25rem;
  }
  .part label {
    font-weight: 400;
  }
  /* Widths in ch so the boxes hint at the number of digits expected, at any zoom. */
  .dob .parts .part--2 input {
    width: calc(2ch + 2rem);
  }
  .dob .parts .part--4 input {
    width: calc(4ch + 2rem);
  }
`;
