import { css } from 'lit';
import { sharedStyles } from '../../styles/shared.js';

/**
 * What the step views add to the shared styles (tokens, base, buttons, fields, layout): the lead and the alerts (an
 * error alert is the address form's answer to a failed request). What only the later views use (check boxes, radio
 * rows, cards, summary lists, the warning) is in later-step.styles.ts, loaded with them. Every size is in rem so 200%
 * zoom and a 320 px screen reflow instead of clipping; every control is at least the 44 px target.
 */
const stepExtras = css`
  .lead {
    color: var(--_muted);
  }
  .actions {
    flex-wrap: wrap;
  }
  .alert {
    border-radius: var(--_radius);
    padding: 0.75rem 1rem;
    margin: 0 0 var(--_space);
    border: 1px solid var(--_primary);
    border-inline-start-width: 6px;
    background: var(--_info-bg);
  }
  .alert p:last-child {
    margin-bottom: 0;
  }
  .alert .btn {
    margin-top: 0.5rem;
  }
  .alert.error {
    border-color: var(--_error);
    background: var(--_error-bg);
  }
  /* A field's error is a live region: kept in the accessibility tree while empty (or its message is not read), out of the layout. */
  .error:empty {
    position: absolute;
  }
  @media (forced-colors: active) {
    .alert {
      border-color: CanvasText;
    }
  }
`;

export const stepStyles = [...sharedStyles, stepExtras];
