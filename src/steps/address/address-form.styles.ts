import { css } from 'lit';

/** The address form's own rule; the later views share address.styles.ts (loaded with them, off the first screen). */
export const addressFormStyles = css`
  .zip {
    max-width: 8rem;
  }
`;
