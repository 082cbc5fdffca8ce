import { css } from 'lit';

/** The invoice list: one card per invoice, its figures in a grid that wraps to one column on a phone. */
export const invoicesStyles = css`
  section {
    margin-bottom: calc(var(--_space) * 1.5);
  }
  .invoices {
    list-style: none;
    padding: 0;
    margin: 0 0 var(--_space);
    display: grid;
    gap: 0.75rem;
  }
  .invoice {
    border: 1px solid var(--_divider);
    border-radius: var(--_radius);
    padding: 0.75rem var(--_space);
    background: var(--_surface);
  }
  .invoice-head {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 0.25rem 0.75rem;
    margin-bottom: 0.5rem;
  }
  .invoice-head h3 {
    margin: 0;
  }
  .figures {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(7.5rem, 1fr));
    gap: 0.25rem 1rem;
    margin: 0 0 0.75rem;
  }
  .figures .period {
    grid-column: 1 / -1;
  }
  .figures dt {
    color: var(--_muted);
    font-size: 0.9375rem;
  }
  .figures dd {
    margin: 0;
    font-weight: 600;
  }
  .count {
    color: var(--_muted);
  }
  .empty {
    margin-bottom: var(--_space);
  }
  .empty p:last-child {
    margin-bottom: 0;
  }
  .address {
    margin-bottom: 0.75rem;
  }
  .address .lines {
    margin-bottom: 0.25rem;
  }
  .same,
  .saved {
    color: var(--_success);
    font-weight: 600;
  }
  .actions {
    margin-top: var(--_space);
  }
`;
