import { UPLOAD_LIMITS } from '../../shared/progress/progress-rules.ts';
import { badRequest } from './problem.ts';

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
