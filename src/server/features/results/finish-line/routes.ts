import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import {
  FinishBibsBatchSchema,
  FinishLineMergeSchema,
  FinishRacesSchema,
  FinishSavedSchema,
  FinishSentSchema,
  FinishTapsBatchSchema,
  InsertBibSchema,
  InsertTapSchema,
} from '../../../../shared/results/finish-line.ts';
import type { AppContext } from '../../../context.ts';
import { type Access, signedInUser } from '../../../http/access.ts';
import { idParams } from '../../../http/replies.ts';
import { routeGroup } from '../../../http/route-group.ts';
import {
  deleteBib,
  deleteTap,
  finishLineMerge,
  finishRaces,
  insertBib,
  insertTap,
  receiveBibs,
  receiveTaps,
  saveFinishLine,
} from './service.ts';

const phones: Access = ['volunteer', 'admin'];
const uuid = (message: string) => z.string().check(z.regex(/^[0-9a-f-]{36}$/i, message));
const rowParams = z.object({ id: uuid('Not a race id'), rowId: uuid('Not a line id') });
const raceParams = idParams('Not a race id');

/** The finish line on two phones (issue 41): taps and bibs sent from the phones; the admin's merge. */
export async function finishLineRoutes(app: FastifyInstance, context: AppContext) {
  const api = routeGroup(app, { access: ['admin'], tags: ['results'] });

  api.get(
    '/finish-line/races',
    {
      config: { access: phones },
      schema: { summary: 'The races a finish-line phone can record', response: { 200: FinishRacesSchema } },
    },
    async () => finishRaces(context),
  );

  api.post(
    '/finish-line/taps',
    {
      config: { access: phones },
      schema: {
        summary: "A timing phone's queue of taps (start, finishes, undos); sent again, it adds nothing twice",
        body: FinishTapsBatchSchema,
        response: { 200: FinishSentSchema },
      },
    },
    async (request) => receiveTaps(context, request.body),
  );

  api.post(
    '/finish-line/bibs',
    {
      config: { access: phones },
      schema: {
        summary:
          "A bib phone's queue of bibs in finishing order (and undos); sent again, it adds nothing twice",
        body: FinishBibsBatchSchema,
        response: { 200: FinishSentSchema },
      },
    },
    async (request) => receiveBibs(context, request.body),
  );

  api.get(
    '/admin/finish-line/:id',
    {
      schema: {
        summary: "A race's taps and bibs paired by position, with the gaps to fix",
        params: raceParams,
        response: { 200: FinishLineMergeSchema },
      },
    },
    async (request) => finishLineMerge(context, request.params.id),
  );

  api.post(
    '/admin/finish-line/:id/taps',
    {
      schema: {
        summary: 'Insert a missed tap by its finish time',
        params: raceParams,
        body: InsertTapSchema,
        response: { 200: FinishLineMergeSchema },
      },
    },
    async (request) => insertTap(context, request.params.id, request.body.time),
  );

  api.post(
    '/admin/finish-line/:id/bibs',
    {
      schema: {
        summary: 'Insert a missed bib after another (or first)',
        params: raceParams,
        body: InsertBibSchema,
        response: { 200: FinishLineMergeSchema },
      },
    },
    async (request) => insertBib(context, request.params.id, request.body),
  );

  api.delete(
    '/admin/finish-line/:id/taps/:rowId',
    {
      schema: {
        summary: 'Delete an extra tap',
        params: rowParams,
        response: { 200: FinishLineMergeSchema },
      },
    },
    async (request) => deleteTap(context, request.params.id, request.params.rowId),
  );

  api.delete(
    '/admin/finish-line/:id/bibs/:rowId',
    {
      schema: {
        summary: 'Delete an extra bib',
        params: rowParams,
        response: { 200: FinishLineMergeSchema },
      },
    },
    async (request) => deleteBib(context, request.params.id, request.params.rowId),
  );

  api.post(
    '/admin/finish-line/:id/results',
    {
      schema: {
        summary: "Save the race's merge as its results (preliminary until published); 422 while gaps remain",
        params: raceParams,
        response: { 200: FinishSavedSchema },
      },
    },
    async (request) => saveFinishLine(context, request.params.id, signedInUser(request)),
  );
}
