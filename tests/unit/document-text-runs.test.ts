/**
 * Laying out a line of Arabic (lib/documents/text-runs.ts): pdfkit is handed each word as a piece
 * of its own, placed from the right; where the glyphs it draws end is what a reader sees, so every
 * two words must keep a space between them.
 */
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import REGULAR from '@expo-google-fonts/ibm-plex-sans-arabic/400Regular/IBMPlexSansArabic_400Regular.ttf';
import { drawLine } from '../../lib/documents/text-runs.js';
import { DOCUMENT_WORDS } from '../../lib/text/document-words.js';

interface Piece {
  text: string;
  left: number;
  right: number;
}

/** Where each piece drawLine draws begins and ends on the page, as pdfkit lays out its glyphs. */
function piecesOf(line: string, width = 520): { pieces: Piece[]; space: number } {
  const doc = new PDFDocument({ size: 'A4', font: '' });
  doc.registerFont('regular', Buffer.from(REGULAR));
  doc.font('regular').fontSize(9);
  const pieces: Piece[] = [];
  const draw = doc.text.bind(doc);
  doc.text = ((text: string, x: number, y: number, options: PDFKit.Mixins.TextOptions) => {
    pieces.push({ text, left: x, right: x + doc.widthOfString(text, options) });
    return draw(text, x, y, options);
  }) as typeof doc.text;
  drawLine(doc, line, 36, 100, width, 'right');
  return { pieces: pieces.sort((a, b) => b.right - a.right), space: doc.widthOfString(' ') };
}

describe('an Arabic line', () => {
  it.each([
    ['the payment terms of the proforma', DOCUMENT_WORDS.ar.proformaTerms.split('. ')[1]!],
    ['the terms of the contract', 'تنتقل الملكية والمخاطر إلى المشتري وفق شروط التسليم المتفق عليها'],
    ['a payment on the proforma, its label, a separator and its day', `${DOCUMENT_WORDS.ar.deposit} · 2026-10-02`],
    ['the seller signing the commercial invoice', `جلف موتورز ذ.م.م · ${DOCUMENT_WORDS.ar.sellerSignature}`],
  ])('keeps a space between every two words, read from the right: %s', (_what, line) => {
    const { pieces, space } = piecesOf(line);
    expect(pieces.map((p) => p.text).length).toBe(line.split(' ').length);
    for (let i = 1; i < pieces.length; i += 1) {
      const gap = pieces[i - 1]!.left - pieces[i]!.right;
      expect(gap, `between "${pieces[i - 1]!.text}" and "${pieces[i]!.text}"`).toBeCloseTo(space, 3);
    }
  });

  it('keeps brackets against the Latin words they enclose', () => {
    const { pieces, space } = piecesOf('الشحن (RoRo)');
    expect(pieces.map((p) => p.text)).toEqual(['الشحن', ')', 'RoRo', '(']);
    const gaps = pieces.slice(1).map((p, i) => pieces[i]!.left - p.right);
    expect(gaps[0]).toBeCloseTo(space, 3);
    expect(gaps.slice(1)).toEqual([0, 0]);
  });

  it('ends on its right edge and stays within its width', () => {
    const { pieces } = piecesOf(DOCUMENT_WORDS.ar.proformaTerms, 300);
    expect(pieces[0]!.right).toBeCloseTo(336, 3);
    expect(Math.min(...pieces.map((p) => p.left))).toBeGreaterThanOrEqual(36 - 0.01);
  });
});
