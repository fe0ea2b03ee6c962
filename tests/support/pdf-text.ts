import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** What poppler makes of a PDF: its text (pdftotext, reading order) and its first page as a PNG (pdftoppm). */
export function popplerView(pdf: Uint8Array): { text: string; png: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-'));
  try {
    const file = join(dir, 'document.pdf');
    writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
      // Bidi marks pdftotext adds around runs of another direction.
      .replace(/[\u200e\u200f\u202a-\u202e]/g, '');
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', file, join(dir, 'page')]);
    const png = readdirSync(dir).find((name) => name.startsWith('page') && name.endsWith('.png'));
    if (!png) throw new Error('pdftoppm made no page image');
    return { text, png: readFileSync(join(dir, png)) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Text without any whitespace: pdftotext's spacing between shaped Arabic words is not reliable, the letters and their order are. */
export const letters = (text: string): string => text.replace(/\s+/g, '');
