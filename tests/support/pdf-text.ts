import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A PDF's text as pdftotext lays it out on the page: pages end with a form feed. */
export function pdfText(pdf: Buffer) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'pdf-')), 'document.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}
