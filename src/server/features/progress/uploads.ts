import { badRequest } from '../../http/problem.ts';
import { checkFileName } from '../../http/upload-name.ts';

const ALLOWED: Record<string, { ext: string; type: string }> = {
  pdf: { ext: '.pdf', type: 'application/pdf' },
  docx: { ext: '.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  // Word 97–2003 files are OLE compound files; so are other Office formats, hence the name check too.
  cfb: { ext: '.doc', type: 'application/msword' },
};

/** Accepts a PDF, DOC or DOCX judged by its content (and a name that says the same); returns its type. */
export async function checkDocument(fileName: string, body: Buffer) {
  checkFileName(fileName);
  if (body.length === 0) throw badRequest('This file is empty. Choose the document again.');
  // file-type loads with the first upload, not with every server (issue 15).
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(body);
  const allowed = detected ? ALLOWED[detected.ext] : undefined;
  if (!allowed || !fileName.toLowerCase().endsWith(allowed.ext)) {
    throw badRequest(
      'Only PDF and Word documents (.pdf, .doc, .docx) can be uploaded. This file is something else.',
    );
  }
  return allowed.type;
}
