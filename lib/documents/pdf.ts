import PDFDocument from 'pdfkit';
// IBM Plex Sans Arabic (OFL): Arabic and Latin in one family, regular and bold, bundled as bytes so
// a cold start reads no file. Its Latin digits and full stop are ordinary ones (the naskh font used
// before drew the decimal point as a diamond).
import REGULAR from '@expo-google-fonts/ibm-plex-sans-arabic/400Regular/IBMPlexSansArabic_400Regular.ttf';
import BOLD from '@expo-google-fonts/ibm-plex-sans-arabic/700Bold/IBMPlexSansArabic_700Bold.ttf';
import type { DocumentModel, Pair } from '../domain/document-models/model.js';
import { drawLine, wrap } from './text-runs.js';

const MARGIN = 36;
const PAGE_WIDTH = 595.28; // A4
const PAGE_HEIGHT = 841.89;
const CONTENT = PAGE_WIDTH - 2 * MARGIN;
/** Where content stops: the footer sits below. */
const BOTTOM = PAGE_HEIGHT - MARGIN - 20;
const GREY = '#5a5a5a';
const RULE = '#9a9a9a';

export interface DocumentImages {
  logo?: Uint8Array;
  stamp?: Uint8Array;
}

type Side = 'left' | 'right';

/** Lays a model out on A4 pages; Arabic documents mirror every row (start on the right). */
class Page {
  y = MARGIN;
  readonly start: Side;
  readonly end: Side;

  constructor(
    readonly doc: PDFKit.PDFDocument,
    readonly rtl: boolean,
  ) {
    this.start = rtl ? 'right' : 'left';
    this.end = rtl ? 'left' : 'right';
  }

  /** The x of a box of this width placed at this offset from the start side. */
  x(offset: number, width: number): number {
    return this.rtl ? MARGIN + CONTENT - offset - width : MARGIN + offset;
  }

  font(bold: boolean, size: number, colour = '#000000'): this {
    this.doc
      .font(bold ? 'bold' : 'regular')
      .fontSize(size)
      .fillColor(colour);
    return this;
  }

  /** Room for this height, or a new page. */
  need(height: number): void {
    if (this.y + height <= BOTTOM) return;
    this.doc.addPage();
    this.y = MARGIN;
  }

  rule(y = this.y, colour = RULE): void {
    this.doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + CONTENT, y)
      .lineWidth(0.6)
      .strokeColor(colour)
      .stroke();
  }

  text(text: string, offset: number, width: number, align: Side, y = this.y): void {
    drawLine(this.doc, text, this.x(offset, width), y, width, align);
  }

  /** Wrapped lines from this offset; returns the height used. */
  paragraph(text: string, offset: number, width: number, leading: number, y = this.y): number {
    const lines = wrap(this.doc, text, width);
    lines.forEach((line, i) => {
      this.text(line, offset, width, this.start, y + i * leading);
    });
    return lines.length * leading;
  }
}

function letterhead(page: Page, model: DocumentModel, logo: Uint8Array | undefined): void {
  const logoWidth = 130;
  const logoHeight = 56;
  if (logo)
    page.doc.image(Buffer.from(logo), page.x(0, logoWidth), page.y, {
      fit: [logoWidth, logoHeight],
      ...(page.rtl ? { align: 'right' as const } : {}),
    });
  const blockWidth = CONTENT - logoWidth - 20;
  const offset = CONTENT - blockWidth;
  page.font(true, 12).text(model.letterhead.name, offset, blockWidth, page.end);
  let y = page.y + 16;
  page.font(false, 8.5, GREY);
  for (const line of model.letterhead.lines) {
    page.text(line, offset, blockWidth, page.end, y);
    y += 11;
  }
  page.y = Math.max(y, page.y + logoHeight) + 6;
  page.rule();
  page.y += 12;
}

function titleAndMeta(page: Page, model: DocumentModel): void {
  const top = page.y;
  page.font(true, 18).text(model.title, 0, CONTENT / 2, page.start);
  const labelWidth = 105;
  const valueWidth = 130;
  let y = top;
  for (const [label, value] of model.meta) {
    page.font(false, 8.5, GREY).text(label, CONTENT - labelWidth - valueWidth, labelWidth, page.start, y + 1);
    page.font(true, 9.5).text(value, CONTENT - valueWidth, valueWidth, page.end, y);
    y += 14;
  }
  page.y = Math.max(top + 30, y) + 10;
}

function parties(page: Page, model: DocumentModel): void {
  if (model.parties.length === 0) return;
  const gap = 10;
  const width = (CONTENT - gap * (model.parties.length - 1)) / model.parties.length;
  const pad = 7;
  const heights = model.parties.map((party) => {
    page.font(false, 8.5);
    return 14 + party.lines.reduce((sum, line) => sum + wrapCount(page, line, width - 2 * pad) * 11, 0);
  });
  const height = Math.max(...heights) + pad;
  page.need(height);
  model.parties.forEach((party, i) => {
    const offset = i * (width + gap);
    page.doc.rect(page.x(offset, width), page.y, width, height).lineWidth(0.6).strokeColor(RULE).stroke();
    page.font(true, 8.5, GREY).text(party.heading, offset + pad, width - 2 * pad, page.start, page.y + pad);
    let y = page.y + pad + 13;
    page.font(false, 8.5);
    for (const line of party.lines) y += page.paragraph(line, offset + pad, width - 2 * pad, 11, y);
  });
  page.y += height + 12;
}

const wrapCount = (page: Page, text: string, width: number): number => wrap(page.doc, text, width).length;

/** Facts two to a row: a grey label beside its value. */
function sections(page: Page, model: DocumentModel): void {
  const half = (CONTENT - 16) / 2;
  const labelWidth = 100;
  for (const section of model.sections) {
    page.need(40);
    page.font(true, 10).text(section.heading, 0, CONTENT, page.start);
    page.y += 14;
    page.rule(page.y, '#cccccc');
    page.y += 5;
    for (let i = 0; i < section.facts.length; i += 2) {
      page.need(14);
      section.facts.slice(i, i + 2).forEach(([label, value], column) => {
        const offset = column * (half + 16);
        page.font(false, 8.5, GREY).text(label, offset, labelWidth, page.start, page.y + 1);
        page.font(false, 9.5).text(value, offset + labelWidth + 4, half - labelWidth - 4, page.start);
      });
      page.y += 14;
    }
    page.y += 8;
  }
}

function table(page: Page, model: DocumentModel): void {
  const amountWidth = 140;
  const descWidth = CONTENT - amountWidth - 12;
  const [description, amount] = model.table.columns;
  page.need(60);
  page.doc
    .rect(MARGIN, page.y - 3, CONTENT, 18)
    .fillColor('#eeeeee')
    .fill();
  page.font(true, 9).text(description, 6, descWidth - 6, page.start);
  page.font(true, 9).text(amount, CONTENT - amountWidth - 6, amountWidth, page.end);
  page.y += 20;
  for (const [text, value] of model.table.lines) {
    page.font(false, 9.5);
    const lines = wrap(page.doc, text, descWidth - 6);
    page.need(lines.length * 12 + 4);
    lines.forEach((line, i) => {
      page.text(line, 6, descWidth - 6, page.start, page.y + i * 12);
    });
    page.font(false, 9.5).text(value, CONTENT - amountWidth - 6, amountWidth, page.end);
    page.y += lines.length * 12 + 4;
  }
  page.rule();
  page.y += 6;
  model.table.totals.forEach(([label, value]: Pair, i) => {
    const last = i === model.table.totals.length - 1;
    page.need(16);
    page.font(last, last ? 11 : 9.5).text(label, CONTENT - amountWidth - 200, 200 - 8, page.end);
    page.font(last, last ? 11 : 9.5).text(value, CONTENT - amountWidth - 6, amountWidth, page.end);
    page.y += last ? 18 : 14;
  });
  page.y += 4;
}

function words(page: Page, model: DocumentModel): void {
  if (!model.inWords) return;
  const [label, text] = model.inWords;
  page.need(30);
  page.font(true, 9).text(label, 0, CONTENT, page.start);
  page.y += 12;
  page.font(false, 9.5);
  page.y += page.paragraph(text, 0, CONTENT, 12) + 8;
}

function paragraphs(page: Page, model: DocumentModel): void {
  for (const { heading, text } of model.paragraphs) {
    page.need(30);
    page.font(true, 9.5).text(heading, 0, CONTENT, page.start);
    page.y += 13;
    page.font(false, 9);
    for (const line of wrap(page.doc, text, CONTENT)) {
      page.need(12);
      page.font(false, 9).text(line, 0, CONTENT, page.start);
      page.y += 11.5;
    }
    page.y += 8;
  }
}

function signatures(page: Page, model: DocumentModel, stamp: Uint8Array | undefined): void {
  if (model.signatures.length === 0) return;
  const gap = 30;
  const width = (CONTENT - gap * (model.signatures.length - 1)) / model.signatures.length;
  const height = 98;
  page.need(height);
  model.signatures.forEach((box, i) => {
    const offset = i * (width + gap);
    page.font(true, 9, GREY).text(box.heading, offset, width, page.start);
    if (box.stamp && stamp) page.doc.image(Buffer.from(stamp), page.x(offset + 10, 74), page.y + 12, { fit: [74, 74] });
    const lineY = page.y + 74;
    page.doc
      .moveTo(page.x(offset, width), lineY)
      .lineTo(page.x(offset, width) + width, lineY)
      .lineWidth(0.6)
      .strokeColor('#333333')
      .stroke();
    page.font(false, 9).text(box.name, offset, width, page.start, lineY + 4);
    if (box.date) page.font(false, 8.5, GREY).text(box.date, offset, width, page.start, lineY + 16);
  });
  page.y += height;
}

/** The footer and "page n of m" on every page, once all are laid out. */
function footers(doc: PDFKit.PDFDocument, model: DocumentModel, rtl: boolean): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i += 1) {
    doc.switchToPage(i);
    // Text below the bottom margin would make pdfkit start a page of its own.
    doc.page.margins.bottom = 0;
    const page = new Page(doc, rtl);
    const y = PAGE_HEIGHT - MARGIN - 10;
    page.rule(y - 6, '#cccccc');
    page.font(false, 7.5, GREY).text(model.footer, 0, CONTENT - 60, page.start, y);
    page.font(false, 7.5, GREY).text(`${i + 1} / ${count}`, CONTENT - 50, 50, page.end, y);
  }
}

/**
 * Renders a document model as an A4 PDF: letterhead with the logo, title and numbers, parties,
 * facts, the amounts, the total in words, paragraphs, signatures with the stamp, and a footer with
 * page numbers on every page.
 */
export async function renderPdf(
  model: DocumentModel,
  meta: { title: string; createdAt: Date },
  images: DocumentImages = {},
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    // Empty: no default font, so pdfkit never reads Helvetica's metrics from disk (not bundled).
    font: '',
    info: { Title: meta.title, Creator: 'Vehicle Purchase Order Service', CreationDate: meta.createdAt },
    lang: model.language,
  });
  doc.registerFont('regular', Buffer.from(REGULAR));
  doc.registerFont('bold', Buffer.from(BOLD));
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const page = new Page(doc, model.language === 'ar');
  letterhead(page, model, images.logo);
  titleAndMeta(page, model);
  parties(page, model);
  sections(page, model);
  table(page, model);
  words(page, model);
  paragraphs(page, model);
  signatures(page, model, images.stamp);
  footers(doc, model, model.language === 'ar');
  doc.end();
  return done;
}
