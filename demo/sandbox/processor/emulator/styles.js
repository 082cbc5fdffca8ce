/**
 * Styles of the Payment Element (`sfpe-` classes) and the 3-D Secure dialog (`sf3ds-` classes). The element renders
 * straight into the integrator's light-DOM container, so every rule is class-prefixed to stay out of the page's way.
 * Colours meet WCAG AA on the default white background (text 4.5:1, borders and focus ring 3:1); fonts inherit.
 * `appearance.variables` of elements() feed the custom properties below.
 */
export const ELEMENT_CSS = `
.sfpe {
  --sfpe-color-primary: #0a5cc2;
  --sfpe-color-background: #ffffff;
  --sfpe-color-text: #1a1a1a;
  --sfpe-color-secondary: #4d4d4d;
  --sfpe-color-border: #6b6b6b;
  --sfpe-color-danger: #b3261e;
  --sfpe-radius: 6px;
  font: inherit;
  font-family: var(--sfpe-font-family, inherit);
  color: var(--sfpe-color-text);
  display: grid;
  gap: 0.75rem;
  min-width: 0;
}
.sfpe[aria-busy="true"] { opacity: 0.75; }
.sfpe-row {
  display: grid;
  gap: 0.75rem;
  grid-template-columns: repeat(auto-fit, minmax(8.5rem, 1fr));
}
.sfpe-field { display: grid; gap: 0.25rem; min-width: 0; }
/* Side by side, the fields share their rows (label, input, message): a label on two lines ("Fecha de vencimiento
   (MM / AA)") moves its neighbours' inputs down with its own, so the inputs stay level and keep their height. */
.sfpe-row > .sfpe-field { grid-row: span 3; grid-template-rows: subgrid; }
.sfpe-head { display: flex; flex-wrap: wrap; justify-content: space-between; align-items: baseline; gap: 0 0.5rem; }
.sfpe-label { font-weight: 600; font-size: 0.9375em; line-height: 1.3; }
.sfpe-input {
  box-sizing: border-box;
  width: 100%;
  min-height: 44px;
  padding: 0.625rem 0.75rem;
  font: inherit;
  font-size: max(1rem, 16px);
  font-variant-numeric: tabular-nums;
  color: var(--sfpe-color-text);
  background: var(--sfpe-color-background);
  border: 1px solid var(--sfpe-color-border);
  border-radius: var(--sfpe-radius);
}
.sfpe-input::placeholder { color: var(--sfpe-color-secondary); opacity: 1; }
.sfpe-input:focus-visible, .sfpe-input:focus {
  outline: 3px solid var(--sfpe-color-primary);
  outline-offset: 1px;
  border-color: var(--sfpe-color-primary);
}
.sfpe-input[aria-invalid="true"] { border: 2px solid var(--sfpe-color-danger); }
.sfpe-input[readonly] { cursor: progress; }
.sfpe-brand { font-size: 0.875em; font-weight: 600; color: var(--sfpe-color-secondary); }
.sfpe-error { margin: 0; min-height: 0; color: var(--sfpe-color-danger); font-size: 0.875em; line-height: 1.3; }
.sfpe-error:empty { display: none; }
.sfpe-status { margin: 0; }
.sfpe-status--error { color: var(--sfpe-color-danger); }
@media (forced-colors: active) {
  .sfpe-input:focus { outline: 3px solid Highlight; }
}
`;

export const DIALOG_CSS = `
.sf3ds-overlay {
  position: fixed;
  inset: 0;
  z-index: 2147483647;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: 0.5rem;
  background: rgba(0, 0, 0, 0.6);
  font: inherit;
}
.sf3ds-dialog {
  box-sizing: border-box;
  display: grid;
  gap: 0.75rem;
  width: min(28rem, 100%);
  max-height: 100%;
  overflow: auto;
  padding: 1rem;
  color: #1a1a1a;
  background: #ffffff;
  border-radius: 8px;
  box-shadow: 0 8px 32px rgba(0, 0, 0, 0.35);
}
.sf3ds-title { margin: 0; font-size: 1.25em; line-height: 1.3; }
.sf3ds-title:focus { outline: none; }
.sf3ds-hint { margin: 0; }
.sf3ds-frame { width: 100%; height: 17rem; border: 1px solid #6b6b6b; border-radius: 6px; }
.sf3ds-cancel {
  justify-self: end;
  min-height: 44px;
  min-width: 44px;
  padding: 0.5rem 1rem;
  font: inherit;
  color: #1a1a1a;
  background: #ffffff;
  border: 1px solid #6b6b6b;
  border-radius: 6px;
  cursor: pointer;
}
.sf3ds-cancel:focus-visible { outline: 3px solid #0a5cc2; outline-offset: 2px; }
.sf3ds-sentinel { position: fixed; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
`;
