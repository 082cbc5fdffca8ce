import { css } from 'lit';

export const flowStyles = css`
  /* No min-height: the host's height is what an inline embed is told (service-flow-resize), so it must be the
     content's, able to shrink as well as grow. */
  :host {
    display: block;
    background: var(--_surface);
  }
  main {
    max-width: 40rem;
    margin: 0 auto;
    padding: 1rem 1rem 2rem;
  }
  @media (min-width: 600px) {
    main {
      padding: 1.5rem 1.5rem 3rem;
    }
  }
`;
