/**
 * Styles shared by every element. Steps compose them: `static styles = [sharedStyles, css\`…\`]`.
 * Native controls are styled here (not wrapped) so that they keep working with forms, autofill and assistive
 * technology inside each step's own shadow root.
 */
import { css } from 'lit';
import { tokens } from './tokens.js';

export const base = css`
  :host {
    display: block;
    font-family: var(--_font);
    font-size: 1rem;
    line-height: 1.5;
    color: var(--_text);
    -webkit-text-size-adjust: 100%;
    /* A long email address or ESI ID breaks rather than pushing the page sideways on a 320 px screen. */
    overflow-wrap: break-word;
  }
  *, *::before, *::after { box-sizing: border-box; }
  [hidden] { display: none !important; }
  h1, h2, h3 { line-height: 1.25; margin: 0 0 calc(var(--_space) * 0.5); }
  h1 { font-size: 1.5rem; }
  h2 { font-size: 1.25rem; }
  h3 { font-size: 1.0625rem; }
  p { margin: 0 0 calc(var(--_space) * 0.75); }
  a { color: var(--_primary); text-underline-offset: 0.15em; }
  :focus-visible { outline: 3px solid var(--_focus); outline-offset: 2px; }
  /* Headings get focus from script on each new step, for screen readers; they are not controls, so no ring. */
  [tabindex='-1']:focus { outline: none; }
  .sr-only {
    position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px;
    overflow: hidden; clip-path: inset(50%); white-space: nowrap; border: 0;
  }
  .muted { color: var(--_muted); }
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after { animation-duration: 0.01ms !important; animation-iteration-count: 1 !important; transition-duration: 0.01ms !important; scroll-behavior: auto !important; }
  }
  @media (forced-colors: active) {
    :focus-visible { outline-color: Highlight; }
  }
`;

/** `<button class="btn primary">`; `aria-busy="true"` shows a spinner (pair it with `disabled`). */
export const buttonStyles = css`
  .btn {
    display: inline-flex; align-items: center; justify-content: center; gap: 0.5rem;
    min-height: var(--_target); min-width: var(--_target); padding: 0.625rem 1.25rem;
    font: inherit; font-weight: 600; line-height: 1.25; text-align: center;
    border: 2px solid var(--_primary); border-radius: var(--_radius);
    background: var(--_surface); color: var(--_primary); cursor: pointer;
    transition: background-color 120ms, box-shadow 120ms;
  }
  .btn.primary { background: var(--_primary); color: var(--_on-primary); }
  .btn.primary:hover:not(:disabled) { box-shadow: inset 0 0 0 100vmax rgb(0 0 0 / 0.12); }
  .btn.secondary:hover:not(:disabled) { background: var(--_surface-muted); }
  .btn.link {
    border-color: transparent; background: none; padding-inline: 0.25rem; font-weight: 500;
    text-decoration: underline; text-underline-offset: 0.15em;
  }
  .btn:disabled { cursor: not-allowed; opacity: 0.65; }
  .btn[aria-busy='true'] { cursor: progress; }
  .btn[aria-busy='true']::before {
    content: ''; width: 1em; height: 1em; border-radius: 50%;
    border: 2px solid currentColor; border-right-color: transparent; animation: sf-spin 0.8s linear infinite;
  }
  @keyframes sf-spin { to { transform: rotate(360deg); } }
  @media (forced-colors: active) {
    .btn { border-color: ButtonText; }
    .btn.primary { border-color: Highlight; }
  }
`;

/** Native inputs with labels, hints and errors (the markup: docs/architecture.md, "Form fields"). */
export const fieldStyles = css`
  .field { display: flex; flex-direction: column; gap: 0.25rem; margin-bottom: var(--_space); }
  .field > label, .label { font-weight: 600; }
  .hint { color: var(--_muted); font-size: 0.9375rem; margin: 0; }
  .error { color: var(--_error); font-size: 0.9375rem; font-weight: 600; margin: 0; }
  input:not([type='checkbox']):not([type='radio']) {
    width: 100%; min-height: var(--_target); padding: 0.5rem 0.75rem;
    font: inherit; font-size: max(1rem, 16px); color: var(--_text); background: var(--_surface);
    border: 1px solid var(--_border); border-radius: var(--_radius);
  }
  input[aria-invalid='true'] {
    border: 2px solid var(--_error);
  }
`;

/** Page rhythm from 320 px up. */
export const layoutStyles = css`
  .actions {
    display: flex; flex-direction: column; gap: 0.75rem; margin-top: calc(var(--_space) * 1.5);
  }
  .actions > * { width: 100%; }
  @media (min-width: 480px) {
    .actions { flex-direction: row; justify-content: flex-end; }
    .actions > * { width: auto; }
    .actions > .start { margin-inline-end: auto; }
  }
`;

export const sharedStyles = [tokens, base, buttonStyles, fieldStyles, layoutStyles];
