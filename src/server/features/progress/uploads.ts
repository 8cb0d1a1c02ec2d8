import { UPLOAD_LIMITS } from '../../../shared/progress/progress-rules.ts';
import { badRequest } from '../../http/problem.ts';

const ALLOWED: Record<string, { ext: string; type: string }> = {
  pdf: { ext: '.pdf', type: 'application/pdf' },
  docx: { ext: '.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  // Word 97–2003 files are OLE compound files; so are other Office formats, hence the name check too.
  cfb: { ext: '.doc', type: 'application/msword' },
};

/**
 * Refuses a file name we would not store or show as sent: one with a control character (a NUL cannot be
 * stored at all; a tab or newline would garble lists), an overlong one, or one with a path in it.
 */
export function checkFileName(fileName: string) {
  if (/\p{Cc}/u.test(fileName)) {
    throw badRequest(
      'This file name contains a control character (such as a tab or an invisible character). Rename the file and try again.',
    );
  }
  if ([...fileName].length > UPLOAD_LIMITS.fileNameLength) {
    throw badRequest(
      `This file name is longer than ${UPLOAD_LIMITS.fileNameLength} characters. Give the file a shorter name and try again.`,
    );
  }
  if (/[\\/]|\.\./.test(fileName) || fileName.trim() === '') {
    throw badRequest('This file name is not allowed. Rename the file (no "/" or "..") and try again.');
  }
}

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
