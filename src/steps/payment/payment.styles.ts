import { css } from 'lit';

export const paymentStyles = css`
  .element {
    min-height: 10rem;
    margin-bottom: var(--_space);
  }
  /* The mount node lives in light DOM: only ::slotted reaches it. */
  ::slotted([slot='payment-element']) {
    display: block;
    width: 100%;
  }
`;
