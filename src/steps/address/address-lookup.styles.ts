import { css } from 'lit';

/** The suggestion popup: in the flow of the page (not floating) so it never covers the next fields at 200% zoom. */
export const lookupStyles = css`
  [role='listbox'] {
    list-style: none;
    margin: 0.25rem 0 0;
    padding: 0;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    max-height: 20rem;
    overflow-y: auto;
    background: var(--_surface);
  }
  [role='option'] {
    display: grid;
    gap: 0.125rem;
    min-height: 2.75rem;
    padding: 0.5rem 0.75rem;
    cursor: pointer;
    border-bottom: 1px solid var(--_surface-muted);
  }
  [role='option']:hover {
    background: var(--_surface-muted);
  }
  [role='option'][aria-selected='true'] {
    background: var(--_primary);
    color: var(--_on-primary);
    outline: 2px solid var(--_focus);
    outline-offset: -2px;
  }
  [role='option'][aria-selected='true'] .meta {
    color: inherit;
  }
  @media (forced-colors: active) {
    [role='option'][aria-selected='true'] {
      forced-color-adjust: none;
      background: Highlight;
      color: HighlightText;
    }
  }
`;
