/**
 * `npm run docs:samples`: renders the sample documents (scripts/documents/sample-documents.ts) and
 * writes each as docs/samples/{name}.pdf and its first page as docs/samples/{name}.png (poppler's
 * pdftoppm), the reference images tests/unit/document-samples.test.ts compares pages with.
 * Run it after changing what a document says or how it is laid out, and look at the images.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderPdf } from '../../lib/documents/pdf.js';
import { SAMPLE_DATE, SAMPLE_DPI, sampleDocuments, sampleImages } from './sample-documents.js';

const dir = join(import.meta.dirname, '..', '..', 'docs', 'samples');
mkdirSync(dir, { recursive: true });
for (const sample of sampleDocuments()) {
  const pdf = await renderPdf(
    sample.model,
    { title: sample.title, createdAt: new Date(`${SAMPLE_DATE}T09:00:00Z`) },
    sampleImages(),
  );
  const file = join(dir, `${sample.name}.pdf`);
  writeFileSync(file, pdf);
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    String(SAMPLE_DPI),
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    file,
    join(dir, sample.name),
  ]);
  console.log(`docs/samples/${sample.name}.pdf (${Math.round(pdf.length / 1024)} KB) and .png`);
}
