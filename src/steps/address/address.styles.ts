import { css } from 'lit';

export const addressStyles = css`
  .esi {
    font-variant-numeric: tabular-nums;
    letter-spacing: 0.02em;
    overflow-wrap: anywhere;
  }
  .meta {
    color: var(--_muted);
  }
  .result {
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: 0.75rem;
    margin-bottom: 0.5rem;
  }
  .result:has(input:checked) {
    border: 2px solid var(--_primary);
    background: var(--_surface-muted);
  }
  .or {
    display: flex;
    align-items: center;
    gap: 0.75rem;
    color: var(--_muted);
    margin: calc(var(--_gap) * 1.5) 0 var(--_gap);
  }
  .or::before,
  .or::after {
    content: '';
    flex: 1;
    border-top: 1px solid var(--_border);
  }
`;
