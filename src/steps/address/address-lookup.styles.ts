import { css } from 'lit';

/** The suggestion popup: in the flow of the page (not floating) so it never covers the next fields at 200% zoom. */
export const lookupStyles = css`
  [role='listbox'] {
    list-style: none;
    margin: 0.25rem 0 0;
    padding: 0;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    /* On a short screen (a phone held sideways, 200% zoom) the list and the field above it fit under the flow's
       sticky header (3.5rem), so the arrow keys, which scroll the highlighted option into view, never push the field
       (where focus is) out of sight. */
    max-height: min(20rem, 100dvh - 7.5rem);
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
