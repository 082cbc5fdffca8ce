import { css } from 'lit';

export const flowStyles = css`
  :host {
    display: block;
    min-height: 100%;
    background: var(--_surface);
  }
  main {
    max-width: 40rem;
    margin: 0 auto;
    padding: 1rem 1rem 2rem;
  }
  sf-progress {
    margin-bottom: 1.5rem;
  }
  @media (min-width: 600px) {
    main {
      padding: 1.5rem 1.5rem 3rem;
    }
  }
`;
