import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  TEAM_IMPORT_LIMITS,
  TEAM_IMPORT_TEMPLATE,
  TeamImportPreviewSchema,
  TeamImportQuerySchema,
  TeamImportResultSchema,
} from '../../../shared/registrations/team-import.ts';
import type { AppContext } from '../../context.ts';
import { signedInUser } from '../../http/access.ts';
import { badRequest } from '../../http/problem.ts';
import { sendCsv } from '../../http/replies.ts';
import { routeGroup } from '../../http/route-group.ts';
import { readUpload } from '../../http/upload-body.ts';
import { checkFileName } from '../../http/upload-name.ts';
import { readStaffFile } from './staff-file.ts';
import { importStaff, previewStaffImport } from './team-import.ts';

/** The uploaded staff list as rows of text (CSV or XLSX, parsed here: nothing of it reaches the client's code). */
async function staffTable(request: FastifyRequest) {
  const file = await request
    .file({ limits: { fileSize: TEAM_IMPORT_LIMITS.fileBytes, files: 1 } })
    .catch(() => undefined);
  if (!file) throw badRequest('Choose your list of staff (CSV or Excel) to upload.');
  checkFileName(file.filename);
  return readStaffFile(await readUpload(file));
}

const managerOf = (request: FastifyRequest) => {
  const { id, email } = signedInUser(request);
  return { id, email };
};

/** A company's staff added from a spreadsheet (issue 38): the template, a preview, then all rows or none. */
export async function teamImportRoutes(app: FastifyInstance, context: AppContext) {
  const company = routeGroup(app, { access: ['company'], tags: ['registrations'] });

  company.get(
    '/team/import/template.csv',
    { schema: { summary: 'The staff list to fill in: a CSV with the headings the import reads' } },
    async (_request, reply) => sendCsv(reply, 'staff-list.csv', TEAM_IMPORT_TEMPLATE),
  );

  company.post(
    '/team/import/preview',
    {
      schema: {
        summary:
          "A staff list's rows checked with the team form's rules, each ready or with its errors; nothing is saved",
        description: `A CSV or XLSX file of at most ${TEAM_IMPORT_LIMITS.rows} rows and ${TEAM_IMPORT_LIMITS.fileBytes / 1024} KiB. A row with no email takes the manager's.`,
        consumes: ['multipart/form-data'],
        response: { 200: TeamImportPreviewSchema },
      },
    },
    async (request) => previewStaffImport(context, await staffTable(request), managerOf(request)),
  );

  company.post(
    '/team/import',
    {
      schema: {
        summary:
          "Registers every row of a staff list as the company's entries, or none when any row is wrong",
        description:
          'The same file as the preview, checked again. consent=true records that everyone on the list agrees to the Terms and Conditions.',
        consumes: ['multipart/form-data'],
        querystring: TeamImportQuerySchema,
        response: { 201: TeamImportResultSchema },
      },
    },
    async (request, reply) => {
      const result = await importStaff(context, await staffTable(request), managerOf(request));
      return reply.code(201).send(result);
    },
  );
}
