import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import {
  STATEMENT_ACCOUNTS,
  STATEMENT_LIMITS,
  StatementConfirmResultSchema,
  StatementConfirmSchema,
  StatementImportResultSchema,
  StatementImportSummarySchema,
  StatementLinesPageSchema,
  StatementLinesQuerySchema,
  StatementPreviewSchema,
  StatementReviewSchema,
  StatementUploadQuerySchema,
} from '../../../shared/statements/statements.ts';
import type { AppContext } from '../../context.ts';
import { signedInUser } from '../../http/access.ts';
import { BODY_LIMITS } from '../../http/limits.ts';
import { badRequest } from '../../http/problem.ts';
import { idParams } from '../../http/replies.ts';
import { routeGroup } from '../../http/route-group.ts';
import { readUpload } from '../../http/upload-body.ts';
import { checkFileName } from '../../http/upload-name.ts';
import { auditRead } from '../audit-log/service.ts';
import { confirmStatement } from './confirm.ts';
import {
  importStatement,
  previewStatement,
  statementImports,
  statementLinesPage,
  statementReview,
} from './service.ts';

const admins = ['admin'] as const;
const tags = ['statements'];
const IdParams = idParams('Not a statement id');

/** The uploaded statement's name and bytes. */
async function statementFile(request: FastifyRequest) {
  const file = await request
    .file({ limits: { fileSize: STATEMENT_LIMITS.fileBytes, files: 1 } })
    .catch(() => undefined);
  if (!file) throw badRequest('Choose the statement file (CSV) to upload.');
  checkFileName(file.filename);
  const body = await readUpload(file);
  if (body.length === 0) throw badRequest('This file is empty. Choose the statement again.');
  return { fileName: file.filename, body };
}

export async function statementRoutes(app: FastifyInstance, context: AppContext) {
  const api = routeGroup(app, { access: admins, tags });

  api.post(
    '/statements/preview',
    {
      schema: {
        summary: "A statement CSV's columns and first rows, with the mapping last used for the account",
        consumes: ['multipart/form-data'],
        querystring: z.object({ account: z.enum(STATEMENT_ACCOUNTS) }),
        response: { 200: StatementPreviewSchema },
      },
    },
    async (request) => {
      const { body } = await statementFile(request);
      return previewStatement(context, request.query.account, body);
    },
  );

  api.post(
    '/statements',
    {
      schema: {
        summary: 'Import a bank or mobile-money statement CSV: its new lines matched to entries by reference',
        description:
          'The query names the account and the columns (by heading). Lines imported before (by any statement of ' +
          'the event) are counted, not stored again; when none is new, `review` is null.',
        consumes: ['multipart/form-data'],
        querystring: StatementUploadQuerySchema,
        response: { 201: StatementImportResultSchema },
      },
    },
    async (request, reply) => {
      const { account, ...mapping } = request.query;
      const file = await statementFile(request);
      const result = await importStatement(context, { account, mapping, ...file }, signedInUser(request));
      return reply.code(201).send(result);
    },
  );

  api.get(
    '/statements',
    {
      schema: {
        summary: "The current event's 20 latest imported statements, newest first",
        response: { 200: z.array(StatementImportSummarySchema) },
      },
    },
    async () => statementImports(context),
  );

  api.get(
    '/statements/:id',
    {
      schema: {
        summary: "An imported statement's lines per outcome and what confirming it marks paid",
        params: IdParams,
        response: { 200: StatementReviewSchema },
      },
    },
    async (request) => statementReview(context, request.params.id),
  );

  api.get(
    '/statements/:id/lines',
    {
      schema: {
        summary: `A page (${STATEMENT_LIMITS.reviewPage} lines) of an imported statement's lines of one outcome, with the entries each names`,
        params: IdParams,
        querystring: StatementLinesQuerySchema,
        response: { 200: StatementLinesPageSchema },
      },
    },
    async (request) => {
      const page = await statementLinesPage(context, request.params.id, request.query);
      await auditRead(context.database.db, signedInUser(request), 'statements.review', {
        subject: `statement ${request.params.id}`,
        filters: request.query,
        rowCount: page.lines.length,
      });
      return page;
    },
  );

  api.post(
    '/statements/:id/confirm',
    {
      bodyLimit: BODY_LIMITS.statementConfirm,
      schema: {
        summary:
          "Mark the entries of a statement's chosen lines paid (once: a second confirmation changes nothing)",
        params: IdParams,
        body: StatementConfirmSchema,
        response: { 200: StatementConfirmResultSchema },
      },
    },
    async (request) => confirmStatement(context, request.params.id, request.body, signedInUser(request)),
  );
}
