import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { PublishedResultsQuerySchema, PublishedResultsSchema } from '../../../shared/results/published.ts';
import {
  AdminResultsSchema,
  RESULTS_FILE_LIMITS,
  ResultCorrectionSchema,
  ResultsCheckSchema,
  ResultsImportedSchema,
  ResultsMappingSchema,
  ResultsPreviewSchema,
} from '../../../shared/results/results.ts';
import type { AppContext } from '../../context.ts';
import { signedInUser } from '../../http/access.ts';
import { revalidateByEtag } from '../../http/etag.ts';
import { badRequest } from '../../http/problem.ts';
import { limitAction } from '../../http/rate-limits.ts';
import { idParams } from '../../http/replies.ts';
import { routeGroup } from '../../http/route-group.ts';
import { readUpload } from '../../http/upload-body.ts';
import { checkFileName } from '../../http/upload-name.ts';
import { publishedResults } from './published.ts';
import {
  adminResults,
  checkResults,
  correctResult,
  importResults,
  previewResults,
  publishResults,
} from './service.ts';

/** The uploaded timer's file. */
async function resultsFile(request: FastifyRequest) {
  const file = await request
    .file({ limits: { fileSize: RESULTS_FILE_LIMITS.fileBytes, files: 1 } })
    .catch(() => undefined);
  if (!file) throw badRequest('Choose the timer’s file (CSV or Excel) to upload.');
  checkFileName(file.filename);
  return readUpload(file);
}

/** Results after the finish (issue 41): the timer's file imported, checked, corrected and published. */
export async function resultsRoutes(app: FastifyInstance, context: AppContext) {
  const api = routeGroup(app, { access: ['admin'], tags: ['results'] });
  const open = routeGroup(app, { access: 'public', tags: ['results'] });

  open.get(
    '/results',
    {
      onRequest: limitAction(app, context, 'search', (request) =>
        Boolean((request.query as { q?: string }).q),
      ),
      onSend: revalidateByEtag,
      schema: {
        summary:
          'Published results of a race (100 a page, by overall place, with gender and age-group places), searched by bib or name; none while preliminary',
        querystring: PublishedResultsQuerySchema,
        response: { 200: PublishedResultsSchema },
      },
    },
    async (request, reply) => {
      // The same for everyone, and it changes when results are corrected: revalidated like the event.
      reply.header('cache-control', 'no-cache');
      return publishedResults(context, request.query);
    },
  );

  api.get(
    '/admin/results',
    {
      schema: {
        summary: "The current edition's results per race in finishing order, preliminary until published",
        response: { 200: AdminResultsSchema },
      },
    },
    async () => adminResults(context),
  );

  api.post(
    '/admin/results/preview',
    {
      schema: {
        summary: "A timer's file's headings and first rows, with the columns guessed from the headings",
        consumes: ['multipart/form-data'],
        response: { 200: ResultsPreviewSchema },
      },
    },
    async (request) => previewResults(await resultsFile(request)),
  );

  api.post(
    '/admin/results/check',
    {
      schema: {
        summary:
          "A timer's file checked with the columns chosen: the rows ready and what to fix (nothing saved)",
        consumes: ['multipart/form-data'],
        querystring: ResultsMappingSchema,
        response: { 200: ResultsCheckSchema },
      },
    },
    async (request) => checkResults(context, await resultsFile(request), request.query),
  );

  api.post(
    '/admin/results',
    {
      schema: {
        summary: "Import a timer's file: every row or none (422 names the rows to fix)",
        consumes: ['multipart/form-data'],
        querystring: ResultsMappingSchema,
        response: { 201: ResultsImportedSchema },
      },
    },
    async (request, reply) => {
      const body = await resultsFile(request);
      return reply.code(201).send(await importResults(context, body, request.query, signedInUser(request)));
    },
  );

  api.put(
    '/admin/results/:id',
    {
      schema: {
        summary: "Correct one entry's result (kept in its history)",
        params: idParams('Not an entry id'),
        body: ResultCorrectionSchema,
        response: { 200: AdminResultsSchema },
      },
    },
    async (request) => correctResult(context, request.params.id, request.body, signedInUser(request)),
  );

  api.post(
    '/admin/results/published',
    {
      schema: {
        summary: 'Publish the results (published: true), or take them back to preliminary',
        body: z.object({ published: z.boolean() }),
        response: { 200: AdminResultsSchema },
      },
    },
    async (request) => publishResults(context, request.body.published, signedInUser(request)),
  );
}
