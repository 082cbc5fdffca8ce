/**
 * Design tokens. Partners theme the flow only through the public `--sf-*` custom properties (set on `sf-flow` or any
 * ancestor); components read the private `--_*` copies below, so an unset token falls back to a default that meets
 * WCAG 2.2 AA (every text pair ≥ 4.5:1, input borders and the focus ring ≥ 3:1 on the surfaces they sit on).
 *
 * @cssprop --sf-color-primary - Buttons, links, selection, focus ring (default #0b5cad, 6.7:1 on white).
 * @cssprop --sf-color-on-primary - Text on primary (default #fff).
 * @cssprop --sf-color-text - Body text (default #1f2933).
 * @cssprop --sf-color-text-muted - Hints and secondary text (default #52606d).
 * @cssprop --sf-color-surface - Background (default #fff).
 * @cssprop --sf-color-surface-muted - Cards, skeletons, header (default #f5f7fa).
 * @cssprop --sf-color-border - Input and control borders (default #6b7280).
 * @cssprop --sf-color-error - Error text and borders (default #b3261e).
 * @cssprop --sf-color-success - Success text (default #1e6b30).
 * @cssprop --sf-focus-color - Focus ring (defaults to the primary color).
 * @cssprop --sf-radius - Corner radius of controls and cards (default 8px).
 * @cssprop --sf-font-family - Font stack (default the system UI font).
 * @cssprop --sf-space - Base spacing unit (default 1rem).
 */
import { css } from 'lit';

export const tokens = css`
  :host {
    --_primary: var(--sf-color-primary, #0b5cad);
    --_on-primary: var(--sf-color-on-primary, #fff);
    --_text: var(--sf-color-text, #1f2933);
    --_muted: var(--sf-color-text-muted, #52606d);
    --_surface: var(--sf-color-surface, #fff);
    --_surface-muted: var(--sf-color-surface-muted, #f5f7fa);
    --_border: var(--sf-color-border, #6b7280);
    --_divider: var(--sf-color-divider, #d9dde3);
    --_error: var(--sf-color-error, #b3261e);
    --_error-bg: var(--sf-color-error-surface, #fdecea);
    --_success: var(--sf-color-success, #1e6b30);
    --_success-bg: var(--sf-color-success-surface, #e9f6ec);
    --_info-bg: var(--sf-color-info-surface, #e8f1fb);
    --_warning: var(--sf-color-warning, #8a5300);
    --_warning-bg: var(--sf-color-warning-surface, #fff4e0);
    --_focus: var(--sf-focus-color, var(--_primary));
    --_radius: var(--sf-radius, 8px);
    --_font: var(--sf-font-family, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif);
    --_space: var(--sf-space, 1rem);
    --_target: 44px;
  }
`;
