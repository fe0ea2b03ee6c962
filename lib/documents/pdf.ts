import PDFDocument from 'pdfkit';
// The whole Amiri font (Arabic and Latin, OFL), bundled as bytes: a cold start reads no file.
import AMIRI from '@expo-google-fonts/amiri/400Regular/Amiri_400Regular.ttf';
import { isArabic, type DocumentModel } from '../text/document-text.js';

const MARGIN = 56;
const PAGE_WIDTH = 595.28; // A4
const CONTENT = PAGE_WIDTH - 2 * MARGIN;

/**
 * Arabic is drawn word by word from the right: pdfkit lays words out left to right, and fontkit,
 * which shapes each Arabic word and orders its letters right to left, would also move a word's
 * trailing space to its left. Latin text is drawn as it is.
 */
function line(doc: PDFKit.PDFDocument, text: string, x: number, y: number, width: number, align: 'left' | 'right', size: number, heading = false): void {
  // One font file (about 420 KB) keeps the function small: headings are set larger, in grey-black.
  doc
    .font('regular')
    .fontSize(heading ? size + 1 : size)
    .fillColor(heading ? '#222222' : '#000000');
  let fitted = size;
  const words = text.split(/\s+/).filter(Boolean);
  const measure = () => words.reduce((sum, word) => sum + doc.widthOfString(word), 0) + Math.max(0, words.length - 1) * doc.widthOfString(' ');
  while (fitted > 7 && measure() > width) {
    fitted -= 0.5;
    doc.fontSize(fitted);
  }
  if (!isArabic(text)) {
    doc.text(text, x, y, { width, align, lineBreak: false });
    return;
  }
  const space = doc.widthOfString(' ');
  // The first word goes rightmost; the line ends at the box's right edge or starts at its left one.
  let right = align === 'right' ? x + width : x + Math.min(width, measure());
  for (const word of words) {
    const wordWidth = doc.widthOfString(word);
    doc.text(word, right - wordWidth, y, { lineBreak: false });
    right -= wordWidth + space;
  }
}

/**
 * Renders a document model as an A4 PDF: the title, the facts as label and value, the lines with
 * their amounts, the total, notes and a footer. Arabic documents are mirrored: labels on the
 * right, amounts on the left.
 */
export async function renderPdf(model: DocumentModel, meta: { title: string; createdAt: Date }): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    // Empty: no default font, so pdfkit never reads Helvetica's metrics from disk (not bundled).
    font: '',
    info: { Title: meta.title, Creator: 'Vehicle Purchase Order Service', CreationDate: meta.createdAt },
    lang: model.language,
  });
  doc.registerFont('regular', Buffer.from(AMIRI));
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const rtl = model.language === 'ar';
  const start: 'left' | 'right' = rtl ? 'right' : 'left';
  const end: 'left' | 'right' = rtl ? 'left' : 'right';
  let y = MARGIN;

  line(doc, model.title, MARGIN, y, CONTENT, start, 22, true);
  y += 40;
  const labelWidth = 150;
  for (const [label, value] of model.facts) {
    const [labelX, valueX] = rtl ? [MARGIN + CONTENT - labelWidth, MARGIN] : [MARGIN, MARGIN + labelWidth];
    line(doc, label, labelX, y, labelWidth, start, 11, true);
    line(doc, value, valueX, y, CONTENT - labelWidth - 10, start, 11);
    y += 20;
  }
  y += 14;
  const amountWidth = 150;
  const [descX, amountX] = rtl ? [MARGIN + amountWidth + 10, MARGIN] : [MARGIN, MARGIN + CONTENT - amountWidth];
  const descWidth = CONTENT - amountWidth - 10;
  line(doc, model.columns[0], descX, y, descWidth, start, 11, true);
  line(doc, model.columns[1], amountX, y, amountWidth, end, 11, true);
  y += 18;
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + CONTENT, y)
    .lineWidth(0.5)
    .stroke();
  y += 8;
  for (const [description, amount] of model.lines) {
    if (y > 760) {
      doc.addPage();
      y = MARGIN;
    }
    line(doc, description, descX, y, descWidth, start, 11);
    line(doc, amount, amountX, y, amountWidth, end, 11);
    y += 20;
  }
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + CONTENT, y)
    .lineWidth(0.5)
    .stroke();
  y += 8;
  line(doc, model.total[0], descX, y, descWidth, start, 12, true);
  line(doc, model.total[1], amountX, y, amountWidth, end, 12, true);
  y += 34;
  if (model.notes) {
    line(doc, model.notes[0], MARGIN, y, CONTENT, start, 11, true);
    y += 18;
    line(doc, model.notes[1].replace(/\s+/g, ' ').slice(0, 300), MARGIN, y, CONTENT, start, 10);
    y += 28;
  }
  line(doc, model.footer, MARGIN, Math.max(y, 770), CONTENT, start, 9);
  doc.end();
  return done;
}
