import { isArabic } from '../domain/document-models/model.js';

/**
 * Drawing one line of text in either direction with pdfkit, which lays words out left to right.
 * An Arabic line is drawn run by run from the right: each Arabic word alone (fontkit shapes it and
 * orders its letters right to left; given several, it would move a word's trailing space to its
 * left), each stretch of Latin words and numbers as one piece, left to right within itself, so
 * "المركبة: Kia Sorento 2022" keeps "Kia Sorento 2022" in its own order.
 */
type Doc = PDFKit.PDFDocument;

interface Run {
  text: string;
  arabic: boolean;
}

/** Arabic letters; Arabic-Indic digits and their separators (U+0660-U+066C) are numbers, written left to right. */
const ARABIC_LETTER = /[\u0600-\u065f\u066d-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff]/;
const INDIC_NUMBER = /[\u0660-\u066c]+/g;

function runsOf(words: string[]): Run[] {
  const runs: Run[] = [];
  for (const word of words) {
    const arabic = ARABIC_LETTER.test(word);
    const last = runs.at(-1);
    if (last && !arabic && !last.arabic) last.text += ` ${word}`;
    else runs.push({ text: word, arabic });
  }
  return runs;
}

/**
 * How a line's pieces are drawn, and so how they must be measured: an Arabic line's are drawn
 * without ligatures, which makes some words wider ("مصرفي" 25.2 pt at 9 pt, not 20.7). Measured
 * with them, a word overran the space before the next and the two ran together.
 */
const optionsOf = (text: string): PDFKit.Mixins.TextOptions => (isArabic(text) ? { features: PLAIN_ARABIC } : {});

/** The width of a line as drawLine lays it out: its words one space apart. */
const widthOf = (doc: Doc, text: string, options = optionsOf(text)): number => {
  const words = text.split(/\s+/).filter(Boolean);
  return (
    words.reduce((sum, word) => sum + doc.widthOfString(word, options), 0) +
    Math.max(0, words.length - 1) * doc.widthOfString(' ', options)
  );
};

/**
 * One line at (x, y) within width, aligned to one side; shrunk (down to 6 pt) when it would not
 * fit. The font and size are set by the caller.
 */
export function drawLine(doc: Doc, text: string, x: number, y: number, width: number, align: 'left' | 'right'): void {
  // pdfkit keeps the current size in a field its types leave out.
  let size = (doc as Doc & { _fontSize: number })._fontSize;
  while (size > 6 && widthOf(doc, text) > width) {
    size -= 0.5;
    doc.fontSize(size);
  }
  if (!isArabic(text)) {
    doc.text(text, x, y, { width, align, lineBreak: false });
    return;
  }
  const options = optionsOf(text);
  const space = doc.widthOfString(' ', options);
  let right = align === 'right' ? x + width : x + Math.min(width, widthOf(doc, text, options));
  const draw = (piece: string, gap: number) => {
    const pieceWidth = widthOf(doc, piece, options);
    let left = right - pieceWidth;
    // fontkit takes Arabic-Indic digits for Arabic script and would reverse them: each number is
    // handed over reversed, so that it comes out in its own left-to-right order.
    for (const segment of piece.split(/([\u0660-\u066c]+)/).filter(Boolean)) {
      const indic = INDIC_NUMBER.test(segment);
      INDIC_NUMBER.lastIndex = 0;
      doc.text(indic ? [...segment].reverse().join('') : segment, left, y, { lineBreak: false, ...options });
      left += doc.widthOfString(segment, options);
    }
    right -= pieceWidth + gap;
  };
  for (const run of runsOf(text.split(/\s+/).filter(Boolean))) {
    if (run.arabic) {
      draw(mirrored(run.text), space);
      continue;
    }
    // Brackets and separators at the edges of a Latin stretch belong to the Arabic line around
    // it: they sit on its right-to-left sides (brackets mirrored), as the Unicode bidirectional
    // algorithm places them. One written apart from its words keeps its space ("عربون · 2026-10-02",
    // "ذ.م.م · التوقيع"); a bracket stays against what it encloses.
    const [, open = '', core = '', close = ''] = /^([([{·•]*)(.*?)([)\]}·•]*)$/.exec(run.text) ?? [];
    const words = core.trim();
    if (open) draw(mirrored(open), words && !/^\s/.test(core) ? 0 : space);
    if (words) draw(words, close && !/\s$/.test(core) ? 0 : space);
    if (close) draw(mirrored(close), space);
  }
}

/**
 * The font's letter-pair ligatures look no different here, but pdfkit maps a right-to-left
 * ligature back to its letters in reverse ("بنزين" copied out of the PDF read "بزنين"): without
 * them a customs officer or a bank can copy and search the text. Shaping (initial, medial and
 * final forms) stays on.
 */
// fontkit takes features as a list to turn on or as switches; pdfkit's types know only the list.
const PLAIN_ARABIC = {
  liga: false,
  clig: false,
  dlig: false,
  calt: false,
  rlig: false,
} as unknown as PDFKit.Mixins.OpenTypeFeatures[];

const MIRROR: Record<string, string> = { '(': ')', ')': '(', '[': ']', ']': '[', '{': '}', '}': '{' };
/** A right-to-left word's brackets: fontkit orders its glyphs right to left but draws each bracket as written. */
const mirrored = (text: string): string => text.replace(/[()[\]{}]/g, (c) => MIRROR[c]!);

/** A paragraph broken into lines that fit the width, at the current font and size (a word too long for a line is cut). */
export function wrap(doc: Doc, text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let current = '';
    for (let word of paragraph.split(/\s+/).filter(Boolean)) {
      while (widthOf(doc, word) > width && word.length > 1) {
        let cut = word.length - 1;
        while (cut > 1 && widthOf(doc, word.slice(0, cut)) > width) cut -= 1;
        if (current) lines.push(current);
        lines.push(word.slice(0, cut));
        current = '';
        word = word.slice(cut);
      }
      const candidate = current ? `${current} ${word}` : word;
      if (current && widthOf(doc, candidate) > width) {
        lines.push(current);
        current = word;
      } else current = candidate;
    }
    lines.push(current);
  }
  return lines;
}
