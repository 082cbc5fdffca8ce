import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderPdf, toWinAnsi, type PdfDocument } from '../pdf.js';

const latin1 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('latin1');

/** Structural checks a strict PDF reader would make: header, xref offsets, trailer, page tree. */
function assertValidPdf(bytes: Uint8Array): { pages: number; text: string } {
  const pdf = latin1(bytes);
  assert.ok(pdf.startsWith('%PDF-1.4\n'), 'header');
  assert.ok(pdf.endsWith('%%EOF\n'), 'trailer marker');
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(pdf)?.[1]);
  assert.equal(pdf.slice(startxref, startxref + 5), 'xref\n', 'startxref points at the xref table');
  const header = /^xref\n0 (\d+)\n/.exec(pdf.slice(startxref));
  assert.ok(header, 'xref subsection header');
  const count = Number(header[1]);
  const entries = pdf.slice(startxref + header[0].length).split('\n').slice(0, count);
  assert.equal(entries[0], '0000000000 65535 f ');
  for (let i = 1; i < count; i++) {
    assert.match(entries[i], /^\d{10} 00000 n $/, `entry ${i} is 20 bytes with a two-byte EOL`);
    const offset = Number(entries[i].slice(0, 10));
    assert.equal(pdf.slice(offset, offset + `${i} 0 obj`.length), `${i} 0 obj`, `offset of object ${i}`);
  }
  assert.match(pdf, new RegExp(`trailer\\n<< /Size ${count} /Root 1 0 R`));
  for (const [, len, body] of pdf.matchAll(/<< \/Length (\d+) >>\nstream\n([\s\S]*?)\nendstream/g)) {
    assert.equal(body.length, Number(len), 'stream /Length is its byte length');
  }
  const pageObjects = pdf.match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;
  const declared = Number(/\/Type \/Pages \/Kids \[[^\]]*\] \/Count (\d+)/.exec(pdf)?.[1]);
  assert.equal(pageObjects, declared, '/Count matches the page objects');
  return { pages: declared, text: pdf };
}

const hasPdftotext = spawnSync('pdftotext', ['-v']).error === undefined;

/** Text as poppler extracts it, or null when poppler-utils is not installed (the assertion is then skipped). */
function extractText(bytes: Uint8Array): string | null {
  if (!hasPdftotext) return null;
  const dir = mkdtempSync(join(tmpdir(), 'sf-pdf-'));
  try {
    const file = join(dir, 'doc.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const small: PdfDocument = {
  title: 'Etiqueta de Datos de Electricidad',
  subtitle: 'Sandbox Electric Co.',
  lang: 'es-US',
  pageLabel: 'Página {n} de {total}',
  blocks: [
    { type: 'heading', text: '¿Qué es (esto)?' },
    { type: 'paragraph', text: 'Señor Muñoz: la tarifa de energía es fija. ¡Gracias! Back\\slash.' },
    { type: 'paragraph', text: 'Un punto de la lista', bullet: true },
    { type: 'spacer', height: 12 },
    {
      type: 'table',
      header: { label: 'Uso mensual', value: 'Precio' },
      rows: [
        { label: '500 kWh', value: '15.2¢' },
        { label: 'Total', value: '$123.45', bold: true },
      ],
      valueAlign: 'right',
    },
  ],
};

test('a one-page document is a structurally valid PDF 1.4', () => {
  const bytes = renderPdf(small);
  const { pages, text } = assertValidPdf(bytes);
  assert.equal(pages, 1);
  assert.match(text, /\/BaseFont \/Helvetica \/Encoding \/WinAnsiEncoding/);
  assert.match(text, /\/BaseFont \/Helvetica-Bold \/Encoding \/WinAnsiEncoding/);
  assert.match(text, /\/Lang \(es-US\)/);
});

test('parentheses and backslashes are escaped, Spanish letters become WinAnsi octal escapes', () => {
  const text = latin1(renderPdf(small));
  assert.ok(text.includes('(\\277Qu\\351 es \\(esto\\)?) Tj'), 'heading with ¿ é ( )');
  assert.ok(text.includes('Se\\361or Mu\\361oz'), 'ñ as \\361');
  assert.ok(text.includes('\\241Gracias! Back\\\\slash.'), '¡ and an escaped backslash');
  assert.ok(text.includes('(P\\341gina 1 de 1) Tj'), 'localized page label');
  // No raw byte above 127 may leak into a content stream: the only one allowed is the binary comment on line 2.
  assert.equal(/[\x80-\xff]/.test(text.slice(text.indexOf('1 0 obj'))), false);
});

test('toWinAnsi keeps Latin-1, maps typographic punctuation and degrades the rest', () => {
  assert.equal(toWinAnsi('ñ¿¡'), '\xf1\xbf\xa1');
  assert.equal(toWinAnsi('“—€'), '\x93\x97\x80');
  assert.equal(toWinAnsi('n\u0303'), '\xf1', 'decomposed input is composed first');
  assert.equal(toWinAnsi('ā✓'), 'a?');
});

test('long content wraps within the page and flows onto numbered pages', () => {
  const long = 'electricity '.repeat(60).trim();
  const blocks: PdfDocument['blocks'] = [];
  for (let i = 0; i < 30; i++) blocks.push({ type: 'heading', text: `Section ${i + 1}` }, { type: 'paragraph', text: long });
  const bytes = renderPdf({ title: 'Long document', blocks });
  const { pages, text } = assertValidPdf(bytes);
  assert.ok(pages >= 5, `expected several pages, got ${pages}`);
  assert.ok(text.includes(`(Page ${pages} of ${pages}) Tj`));
  // Every text line starts inside the margins and no wrapped line carries the whole paragraph.
  for (const [, x] of text.matchAll(/1 0 0 1 ([\d.]+) [\d.]+ Tm/g)) assert.ok(Number(x) >= 54 && Number(x) < 558);
  assert.equal(text.includes(`(${long})`), false);
  const extracted = extractText(bytes);
  if (extracted !== null) {
    assert.equal(extracted.split('\f').filter((p) => p.trim()).length, pages);
    assert.match(extracted, /Section 30/);
  }
});

test('rendering is deterministic', () => {
  assert.deepEqual(renderPdf(small), renderPdf(small));
});

test('poppler extracts the Spanish text when pdftotext is installed', (t) => {
  const text = extractText(renderPdf(small));
  if (text === null) {
    t.skip('pdftotext not installed');
    return;
  }
  assert.match(text, /¿Qué es \(esto\)\?/);
  assert.match(text, /Señor Muñoz: la tarifa de energía es fija\. ¡Gracias! Back\\slash\./);
  assert.match(text, /\$123\.45/);
  assert.match(text, /15\.2¢/);
  assert.match(text, /Página 1 de 1/);
});
