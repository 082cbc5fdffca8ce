/**
 * A small, dependency-free PDF 1.4 writer for the sandbox's documents (EFL, TOS, YRAC, LOA, invoices).
 *
 * It only uses the standard Type 1 fonts Helvetica and Helvetica-Bold with WinAnsiEncoding, so no font has to be
 * embedded; the widths below are the Adobe AFM metrics of those fonts, which lets the writer wrap words to the
 * page width without measuring anything at run time. Content streams are left uncompressed so the files stay
 * readable and greppable in tests.
 */
import { createHash } from 'node:crypto';

export interface PdfTableRow {
  label: string;
  value: string;
  /** Both cells in Helvetica-Bold (totals, key figures). */
  bold?: boolean;
}

export type PdfBlock =
  | { type: 'heading'; text: string }
  | {
      type: 'paragraph';
      text: string;
      /** `small` is for fine print; explicit `\n` in `text` starts a new line. */
      style?: 'normal' | 'bold' | 'small';
      /** A bulleted item with a hanging indent. */
      bullet?: boolean;
    }
  | {
      type: 'table';
      rows: PdfTableRow[];
      /** Repeated at the top of every page the table continues on. */
      header?: PdfTableRow;
      /** Share of the text width given to the label column (0.2–0.8); 0.58 by default. */
      labelWidth?: number;
      valueAlign?: 'left' | 'right';
    }
  | { type: 'spacer'; height?: number };

export interface PdfDocument {
  title: string;
  subtitle?: string;
  blocks: PdfBlock[];
  /** BCP 47 language written to the catalog's /Lang, so screen readers pick the right voice (e.g. `es-US`). */
  lang?: string;
  /** Left side of the footer; the title when absent. */
  footer?: string;
  /** Right side of the footer with `{n}` and `{total}` placeholders; `Page {n} of {total}` when absent. */
  pageLabel?: string;
}

const PAGE_W = 612; // US Letter, in points
const PAGE_H = 792;
const MARGIN = 54;
const TEXT_W = PAGE_W - 2 * MARGIN;
const BOTTOM = 64; // lowest baseline for body text; the footer sits below it
const FOOTER_Y = 32;

type Font = 'F1' | 'F2';

// AFM advance widths (per 1000 em) for character codes 32..126.
const ASCII_WIDTHS: Record<Font, number[]> = {
  F1: [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556,
    556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667,
    556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556,
    556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722,
    500, 500, 500, 334, 260, 334, 584,
  ],
  F2: [
    278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556,
    556, 556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722,
    611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556, 333, 556,
    611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778,
    556, 556, 500, 389, 280, 389, 584,
  ],
};

// Widths of the WinAnsi codes above 127 that the documents use: [Helvetica, Helvetica-Bold].
const HIGH_WIDTHS: Record<number, [number, number]> = {
  0x80: [556, 556], 0x85: [1000, 1000], 0x91: [222, 278], 0x92: [222, 278], 0x93: [333, 500], 0x94: [333, 500],
  0x95: [350, 350], 0x96: [556, 556], 0x97: [1000, 1000], 0x99: [1000, 1000], 0xa0: [278, 278], 0xa1: [333, 333],
  0xa2: [556, 556], 0xa7: [556, 556], 0xa9: [737, 737], 0xae: [737, 737], 0xb0: [400, 400], 0xb7: [278, 278],
  0xbf: [611, 611], 0xc1: [667, 722], 0xc9: [667, 667], 0xcd: [278, 278], 0xd1: [722, 722], 0xd3: [778, 778],
  0xd7: [584, 584], 0xda: [722, 722], 0xdc: [722, 722], 0xe1: [556, 556], 0xe9: [556, 556], 0xed: [278, 278],
  0xf1: [556, 611], 0xf3: [556, 611], 0xfa: [556, 611], 0xfc: [556, 611],
};

// The WinAnsi codes 0x80–0x9F that are not Latin-1.
const WIN_ANSI_SPECIALS: Record<string, number> = {
  '€': 0x80, '‚': 0x82, 'ƒ': 0x83, '„': 0x84, '…': 0x85, '†': 0x86, '‡': 0x87, 'ˆ': 0x88, '‰': 0x89, 'Š': 0x8a,
  '‹': 0x8b, 'Œ': 0x8c, 'Ž': 0x8e, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '•': 0x95, '–': 0x96, '—': 0x97,
  '˜': 0x98, '™': 0x99, 'š': 0x9a, '›': 0x9b, 'œ': 0x9c, 'ž': 0x9e, 'Ÿ': 0x9f,
};

/** Maps text to WinAnsi bytes (one char per byte); characters outside the encoding lose their accents or become `?`. */
export function toWinAnsi(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC').replace(/\t/g, ' ')) {
    const code = ch.codePointAt(0) ?? 63;
    if (code >= 32 && code < 127) out += ch;
    else if (code === 10) out += '\n';
    else if (code >= 0xa0 && code <= 0xff) out += String.fromCharCode(code);
    else if (WIN_ANSI_SPECIALS[ch] !== undefined) out += String.fromCharCode(WIN_ANSI_SPECIALS[ch]);
    else {
      const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      out += base.length === 1 && base.charCodeAt(0) < 0x100 && base !== ch ? toWinAnsi(base) : '?';
    }
  }
  return out;
}

function charWidth(byte: number, font: Font): number {
  if (byte >= 32 && byte < 127) return ASCII_WIDTHS[font][byte - 32];
  const high = HIGH_WIDTHS[byte];
  if (high) return high[font === 'F1' ? 0 : 1];
  // Other Latin-1 letters are as wide as their unaccented base letter, near enough for wrapping.
  const base = String.fromCharCode(byte).normalize('NFD').charCodeAt(0);
  return base >= 32 && base < 127 ? ASCII_WIDTHS[font][base - 32] : 556;
}

/** Width in points of WinAnsi text set in `font` at `size`. */
function textWidth(winAnsi: string, font: Font, size: number): number {
  let units = 0;
  for (let i = 0; i < winAnsi.length; i++) units += charWidth(winAnsi.charCodeAt(i), font);
  return (units * size) / 1000;
}

/** Breaks WinAnsi text into lines no wider than `width`; words longer than a line are split. */
function wrapText(winAnsi: string, font: Font, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const para of winAnsi.split('\n')) {
    let line = '';
    for (const word of para.split(/ +/)) {
      const candidate = line ? `${line} ${word}` : word;
      if (textWidth(candidate, font, size) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = word;
      while (textWidth(line, font, size) > width && line.length > 1) {
        let cut = line.length - 1;
        while (cut > 1 && textWidth(line.slice(0, cut), font, size) > width) cut--;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    lines.push(line);
  }
  return lines;
}

/** A PDF literal string: `( ) \` escaped, every byte outside printable ASCII as a three-digit octal escape. */
function pdfString(winAnsi: string): string {
  let out = '(';
  for (let i = 0; i < winAnsi.length; i++) {
    const c = winAnsi.charCodeAt(i);
    if (c === 0x28 || c === 0x29 || c === 0x5c) out += `\\${winAnsi[i]}`;
    else if (c < 32 || c > 126) out += `\\${c.toString(8).padStart(3, '0')}`;
    else out += winAnsi[i];
  }
  return `${out})`;
}

const num = (n: number): string => String(Math.round(n * 100) / 100);

class Layout {
  readonly pages: string[][] = [];
  private ops: string[] = [];
  y = 0;

  constructor(private readonly runningHeader: string) {
    this.newPage();
  }

  newPage(): void {
    this.ops = [];
    this.pages.push(this.ops);
    this.y = PAGE_H - MARGIN;
    if (this.pages.length > 1) {
      // Later pages repeat the document title small, so a loose printed page still says what it belongs to.
      this.text(this.runningHeader, MARGIN, this.y - 9, 'F1', 9, 0.4);
      this.rule(this.y - 15, 0.75);
      this.y -= 30;
    }
  }

  /** Starts a new page unless `height` points still fit above the bottom margin. */
  ensure(height: number): boolean {
    if (this.y - height >= BOTTOM) return false;
    this.newPage();
    return true;
  }

  atTop(): boolean {
    return this.y >= PAGE_H - MARGIN - (this.pages.length > 1 ? 30 : 0);
  }

  text(winAnsi: string, x: number, y: number, font: Font, size: number, gray = 0): void {
    const color = gray ? `${num(gray)} g ` : '';
    this.ops.push(`BT ${color}/${font} ${num(size)} Tf 1 0 0 1 ${num(x)} ${num(y)} Tm ${pdfString(winAnsi)} Tj ET`);
  }

  rule(y: number, gray: number, width = 0.5): void {
    this.ops.push(`${num(gray)} G ${num(width)} w ${MARGIN} ${num(y)} m ${PAGE_W - MARGIN} ${num(y)} l S`);
  }
}

const FONTS = { normal: ['F1', 10, 14], bold: ['F2', 10, 14], small: ['F1', 8.5, 11.5] } as const;

function layoutParagraph(l: Layout, block: Extract<PdfBlock, { type: 'paragraph' }>): void {
  const [font, size, leading] = FONTS[block.style ?? 'normal'];
  const indent = block.bullet ? 14 : 0;
  const lines = wrapText(toWinAnsi(block.text), font, size, TEXT_W - indent);
  lines.forEach((line, i) => {
    l.ensure(leading);
    const baseline = l.y - size;
    if (i === 0 && block.bullet) l.text('\x95', MARGIN + 3, baseline, 'F1', size);
    l.text(line, MARGIN + indent, baseline, font, size);
    l.y -= leading;
  });
  l.y -= block.style === 'small' ? 4 : 6;
}

function layoutTable(l: Layout, block: Extract<PdfBlock, { type: 'table' }>): void {
  const size = 10;
  const leading = 13;
  const pad = 4;
  const share = Math.min(0.8, Math.max(0.2, block.labelWidth ?? 0.58));
  const labelW = TEXT_W * share - 10;
  const valueX = MARGIN + TEXT_W * share;
  const valueW = TEXT_W - TEXT_W * share;
  const cell = (row: PdfTableRow): { label: string[]; value: string[]; font: Font; height: number } => {
    const font: Font = row.bold ? 'F2' : 'F1';
    const label = wrapText(toWinAnsi(row.label), font, size, labelW);
    const value = wrapText(toWinAnsi(row.value), font, size, valueW);
    return { label, value, font, height: Math.max(label.length, value.length) * leading + 2 * pad };
  };
  const draw = (row: PdfTableRow, isHeader: boolean): void => {
    const c = cell(isHeader ? { ...row, bold: true } : row);
    if (l.ensure(c.height) && block.header && !isHeader) draw(block.header, true);
    c.label.forEach((line, i) => l.text(line, MARGIN, l.y - pad - size - i * leading, c.font, size));
    c.value.forEach((line, i) => {
      const x = block.valueAlign === 'right' ? PAGE_W - MARGIN - textWidth(line, c.font, size) : valueX;
      l.text(line, x, l.y - pad - size - i * leading, c.font, size);
    });
    l.y -= c.height;
    l.rule(l.y + 1, isHeader ? 0.3 : 0.8, isHeader ? 0.8 : 0.4);
  };
  if (block.header) {
    // Keep the header with at least the first row.
    l.ensure(cell(block.header).height + (block.rows[0] ? cell(block.rows[0]).height : 0));
    draw(block.header, true);
  }
  for (const row of block.rows) draw(row, false);
  l.y -= 8;
}

function layout(doc: PdfDocument): string[][] {
  const l = new Layout(toWinAnsi(doc.title));
  for (const line of wrapText(toWinAnsi(doc.title), 'F2', 18, TEXT_W)) {
    l.text(line, MARGIN, l.y - 18, 'F2', 18);
    l.y -= 22;
  }
  if (doc.subtitle) {
    for (const line of wrapText(toWinAnsi(doc.subtitle), 'F1', 10.5, TEXT_W)) {
      l.text(line, MARGIN, l.y - 10.5, 'F1', 10.5, 0.3);
      l.y -= 14;
    }
  }
  l.rule(l.y - 6, 0.2, 1);
  l.y -= 16;
  for (const block of doc.blocks) {
    switch (block.type) {
      case 'heading': {
        if (!l.atTop()) l.y -= 8;
        // Keep a heading with the first two lines of what follows it.
        l.ensure(18 + 28);
        for (const line of wrapText(toWinAnsi(block.text), 'F2', 12.5, TEXT_W)) {
          l.text(line, MARGIN, l.y - 12.5, 'F2', 12.5);
          l.y -= 16;
        }
        l.y -= 4;
        break;
      }
      case 'paragraph':
        layoutParagraph(l, block);
        break;
      case 'table':
        layoutTable(l, block);
        break;
      case 'spacer':
        l.y = Math.max(BOTTOM, l.y - (block.height ?? 10));
        break;
    }
  }
  const total = l.pages.length;
  const footer = toWinAnsi(doc.footer ?? doc.title);
  l.pages.forEach((ops, i) => {
    const label = toWinAnsi(
      (doc.pageLabel ?? 'Page {n} of {total}').replace('{n}', String(i + 1)).replace('{total}', String(total)),
    );
    const labelWidth = textWidth(label, 'F1', 8.5);
    const footerLine = wrapText(footer, 'F1', 8.5, TEXT_W - labelWidth - 20)[0] ?? '';
    ops.push(`0.8 G 0.5 w ${MARGIN} ${FOOTER_Y + 12} m ${PAGE_W - MARGIN} ${FOOTER_Y + 12} l S`);
    ops.push(`BT 0.4 g /F1 8.5 Tf 1 0 0 1 ${MARGIN} ${FOOTER_Y} Tm ${pdfString(footerLine)} Tj ET`);
    ops.push(`BT 0.4 g /F1 8.5 Tf 1 0 0 1 ${num(PAGE_W - MARGIN - labelWidth)} ${FOOTER_Y} Tm ${pdfString(label)} Tj ET`);
  });
  return l.pages;
}

/** A PDF text string in UTF-16BE with a byte order mark, for metadata that is not limited to WinAnsi. */
function utf16Hex(text: string): string {
  let hex = 'FEFF';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, '0').toUpperCase();
  return `<${hex}>`;
}

/** Renders the document as a complete PDF 1.4 file. The output is deterministic: same input, same bytes. */
export function renderPdf(doc: PdfDocument): Uint8Array {
  const pages = layout(doc);
  const firstPageObj = 6;
  const kids = pages.map((_, i) => `${firstPageObj + 2 * i} 0 R`).join(' ');
  const lang = doc.lang ? ` /Lang ${pdfString(toWinAnsi(doc.lang))}` : '';
  const objects: string[] = [
    `<< /Type /Catalog /Pages 2 0 R${lang} >>`,
    `<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Title ${utf16Hex(doc.title)} /Producer (service-flow sandbox) >>`,
  ];
  pages.forEach((ops, i) => {
    const stream = ops.join('\n');
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_W} ${PAGE_H}] ` +
        `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${firstPageObj + 2 * i + 1} 0 R >>`,
      `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    );
  });
  // Everything above is one byte per char (non-ASCII text is octal-escaped), so string lengths are byte offsets;
  // the binary comment on line two marks the file as binary for transfer tools.
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xrefAt = out.length;
  const id = createHash('md5').update(out, 'latin1').digest('hex');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R /ID [<${id}> <${id}>] >>\n`;
  out += `startxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
