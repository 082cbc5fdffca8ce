/**
 * The partner's brand color, used only when text stays readable (WCAG AA, 4.5:1) both ways: white text on it (the
 * primary button) and it as text on the muted surface #f5f7fa (a secondary button's label while it is pointed at;
 * white is lighter, so its label at rest passes too). A partner's light yellow, or a blue just readable on white,
 * falls back to the default instead.
 */

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast ratio of two `#rrggbb` colors. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `#abc` / `#aabbcc` → `#aabbcc`; anything else → null (no `url()`, no `var()`, nothing CSS could interpret). */
export function normalizeHex(color: string | null | undefined): string | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color?.trim() ?? '');
  if (!m) return null;
  const hex = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  return `#${hex.toLowerCase()}`;
}

/** The color to use as `--sf-color-primary`, or null to keep the default. */
export function usableBrandColor(color: string | null | undefined): string | null {
  const hex = normalizeHex(color);
  return hex && contrastRatio(hex, '#f5f7fa') >= 4.5 ? hex : null;
}
