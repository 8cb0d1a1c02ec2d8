import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import {
  AttendanceInputSchema,
  AttendanceMarksInputSchema,
  CellGroupSchema,
  MAX_UPLOAD_BYTES,
  ManProgressSchema,
  PickerSessionSchema,
  TickInputSchema,
} from '../../../shared/progress/progress.ts';
import type { AppContext } from '../../context.ts';
import { signedInUser } from '../../http/access.ts';
import { badRequest, Problem } from '../../http/problem.ts';
import { noContent, sendAttachment } from '../../http/replies.ts';
import { routeGroup } from '../../http/route-group.ts';
import { readUpload } from '../../http/upload-body.ts';
import { checkFileName } from '../../http/upload-name.ts';
import { auditedList } from '../audit-log/service.ts';
import {
  assertMayActFor,
  assignmentToSubmit,
  dueAt,
  groupsFor,
  manOfUser,
  markAttendance,
  markAttendanceOfMany,
  progressOf,
  registerForSession,
  sessionsByDate,
  submissionFor,
  tick,
} from './service.ts';
import { deleteOwnSubmission, keepSubmission } from './submissions.ts';
import { uploadGuards } from './upload-guards.ts';
import { checkDocument } from './uploads.ts';

const Id = z.string().check(z.regex(/^[0-9a-f-]{36}$/i, 'Not an id'));
const tags = ['programme'];

export async function progressRoutes(app: FastifyInstance, context: AppContext) {
  const man = routeGroup(app, { access: ['participant'], tags });
  const leaders = routeGroup(app, { access: ['facilitator', 'admin'], tags });
  const { db } = context.database;
  const uploads = uploadGuards(app, context);

  man.get(
    '/me/progress',
    {
      schema: {
        summary: 'His sessions, assignments, checklist and cell group',
        response: { 200: ManProgressSchema },
      },
    },
    async (request) => {
      return progressOf(context, (await manOfUser(context, signedInUser(request).id)).id);
    },
  );

  man.post(
    '/me/sessions/:id/register',
    {
      schema: {
        summary: 'Register for an open workout session',
        params: z.object({ id: Id }),
        response: { 200: ManProgressSchema },
      },
    },
    async (request) => {
      const man = await manOfUser(context, signedInUser(request).id);
      await registerForSession(context, man.id, request.params.id);
      return progressOf(context, man.id);
    },
  );

  man.post(
    '/me/assignments/:id/submission',
    {
      schema: {
        summary:
          'Upload his document for an assignment (.pdf, .doc, .docx; see UPLOAD_LIMITS for size, versions kept, storage and rate); a late upload is marked late',
        consumes: ['multipart/form-data'],
        params: z.object({ id: Id }),
        response: { 201: ManProgressSchema },
      },
    },
    async (request, reply) => {
      const done = await uploads.begin(request);
      try {
        const man = await manOfUser(context, signedInUser(request).id);
        const assignment = await assignmentToSubmit(context, request.params.id);
        const file = await request
          .file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } })
          .catch(() => undefined);
        if (!file) throw badRequest('Choose a document to upload.');
        // A name we would refuse anyway is refused before the body is read. The answer closes the
        // connection (as for a file too large): left half-read, the request would hold it open for good.
        try {
          checkFileName(file.filename);
        } catch (error) {
          if (!(error instanceof Problem)) throw error;
          throw new Problem(error.status, error.title, error.detail, undefined, { connection: 'close' });
        }
        const body = await readUpload(file);
        const contentType = await checkDocument(file.filename, body);
        await keepSubmission(context, {
          assignmentId: assignment.id,
          manId: man.id,
          uploadedBy: signedInUser(request).id,
          fileName: file.filename,
          contentType,
          body,
          late: Date.now() > dueAt(assignment.dueOn).getTime(),
        });
        return reply.code(201).send(await progressOf(context, man.id));
      } finally {
        done();
      }
    },
  );

  man.delete(
    '/me/submissions/:id',
    {
      schema: {
        summary: 'Delete one of his uploaded documents (to make room within his storage limit)',
        params: z.object({ id: Id }),
        response: { 200: ManProgressSchema },
      },
    },
    async (request) => {
      const man = await manOfUser(context, signedInUser(request).id);
      await deleteOwnSubmission(context, man.id, request.params.id);
      return progressOf(context, man.id);
    },
  );

  man.get(
    '/submissions/:id/file',
    {
      config: { access: ['participant', 'facilitator', 'admin'] },
      schema: {
        summary: 'Download an uploaded document (the man himself, his facilitator, admins)',
        params: z.object({ id: Id }),
      },
    },
    async (request, reply) => {
      const submission = await submissionFor(context, signedInUser(request), request.params.id);
      const safeName = submission.fileName.replace(/[^\w. -]/g, '_');
      reply.header('x-content-type-options', 'nosniff');
      return sendAttachment(
        reply,
        safeName,
        submission.contentType,
        context.files.open(submission.storageKey),
      );
    },
  );

  leaders.get(
    '/sessions',
    {
      schema: {
        summary:
          "The workout sessions in date order, earlier programme years' too (their attendance is kept)",
        response: { 200: z.array(PickerSessionSchema) },
      },
    },
    async () => sessionsByDate(context),
  );

  leaders.get(
    '/groups',
    {
      schema: {
        summary:
          "Cell groups with members' progress (a facilitator's own; all for admins), and attendance at ?session=",
        querystring: z.object({ session: z.optional(Id) }),
        response: { 200: z.array(CellGroupSchema) },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const groups = await groupsFor(context, user, request.query.session);
      // An admin reads every group's men; a facilitator only his own group.
      if (user.role !== 'admin') return groups;
      return auditedList(db, user, 'programme.groups', request.query, groups, (read) =>
        read.flatMap((group) => group.members),
      );
    },
  );

  leaders.get(
    '/men/:id/progress',
    {
      schema: {
        summary: "A man's record and progress (his facilitator, admins)",
        params: z.object({ id: Id }),
        response: { 200: ManProgressSchema },
      },
    },
    async (request) => {
      await assertMayActFor(context, signedInUser(request), request.params.id);
      return progressOf(context, request.params.id);
    },
  );

  leaders.put(
    '/attendance',
    {
      schema: {
        summary: 'Mark attendance: Present, Late, Excused or Absent (saved at once)',
        body: AttendanceInputSchema,
      },
    },
    async (request, reply) => {
      await markAttendance(context, signedInUser(request), request.body);
      return noContent(reply);
    },
  );

  leaders.put(
    '/attendance/marks',
    {
      schema: {
        summary:
          "Several men's attendance at one session at once (Mark all present, and its undo); null clears",
        body: AttendanceMarksInputSchema,
      },
    },
    async (request, reply) => {
      await markAttendanceOfMany(context, signedInUser(request), request.body);
      return noContent(reply);
    },
  );

  leaders.put(
    '/checklist-ticks',
    {
      schema: {
        summary: 'Tick or untick a checklist item that is not decided by the data',
        body: TickInputSchema,
      },
    },
    async (request, reply) => {
      await tick(context, signedInUser(request), request.body);
      return noContent(reply);
    },
  );
}
