import { UPLOAD_LIMITS } from '../../../shared/progress/progress-rules.ts';
import type { AppContext } from '../../context.ts';
import { foreignKeyViolation } from '../../db/errors.ts';
import { notFound, Problem } from '../../http/problem.ts';
import { deleteOwnerWithSubmissions, deleteOwnSubmissionRow, insertWithinLimits } from './repository.ts';

const MB = 1024 * 1024;

export const storageFull = () =>
  new Problem(
    413,
    'Content Too Large',
    `You have used your ${UPLOAD_LIMITS.storedBytesPerAccount / MB} MB for uploads. Delete an older version before uploading another.`,
  );

interface Upload {
  assignmentId: string;
  manId: string;
  /** The signed-in account sending it: storage is counted per account. */
  uploadedBy: string;
  fileName: string;
  contentType: string;
  body: Buffer;
  late: boolean;
}

/**
 * Keeps an uploaded document: its file, then its row, in one transaction with the limits that depend on
 * what is stored. The oldest versions of this man's assignment beyond UPLOAD_LIMITS.versionsKept go, and
 * what the account uploaded may then not pass UPLOAD_LIMITS.storedBytesPerAccount. If the row is not kept
 * (refused, or the insert failed), the file just written is removed; the pruned versions' files are
 * removed once their rows are gone.
 */
export async function keepSubmission(context: AppContext, upload: Upload) {
  const { db } = context.database;
  const key = await context.files.put(upload.body);
  let pruned: string[];
  try {
    pruned = await insertWithinLimits(
      db,
      {
        assignmentId: upload.assignmentId,
        manId: upload.manId,
        storageKey: key,
        fileName: upload.fileName,
        contentType: upload.contentType,
        size: upload.body.length,
        uploadedBy: upload.uploadedBy,
        late: upload.late,
      },
      { ...UPLOAD_LIMITS, whenFull: storageFull },
    );
  } catch (error) {
    await context.files.remove(key);
    if (foreignKeyViolation(error)) {
      throw notFound('This assignment or your programme record was removed while the file was on its way.');
    }
    throw error;
  }
  await removeFiles(context, pruned);
}

/** Deletes one of the man's own documents, then its file. */
export async function deleteOwnSubmission(context: AppContext, manId: string, submissionId: string) {
  const keys = await deleteOwnSubmissionRow(context.database.db, manId, submissionId);
  if (keys.length === 0) throw notFound('There is no such document.');
  await removeFiles(context, keys);
}

/**
 * Deletes a man or an assignment with its submissions, then their files; false if there was none. The
 * row is locked first, so an upload for it either lands before (and its row is deleted here) or fails
 * its foreign key after (and removes its own file): no file is left without a row.
 */
export async function deleteWithSubmissions(context: AppContext, owner: 'man' | 'assignment', id: string) {
  const keys = await deleteOwnerWithSubmissions(context.database.db, owner, id);
  if (!keys) return false;
  await removeFiles(context, keys);
  return true;
}

/**
 * Removes the files of rows already deleted. One that cannot be removed is logged and left behind: a
 * stray file is the lesser harm than a row whose file is gone, and the request itself succeeded.
 */
async function removeFiles(context: AppContext, keys: string[]) {
  const results = await Promise.allSettled(keys.map((key) => context.files.remove(key)));
  for (const [index, result] of results.entries()) {
    if (result.status === 'rejected') {
      context.log.error(
        { err: result.reason, storageKey: keys[index] },
        'an uploaded file could not be removed',
      );
    }
  }
}
