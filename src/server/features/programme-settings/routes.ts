import { and, asc, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  AssignmentInputSchema,
  CellGroupInputSchema,
  ChecklistItemInputSchema,
  SessionInputSchema,
} from '../../../shared/programme-settings/programme-settings.ts';
import type { AppContext } from '../../context.ts';
import { uniqueViolation } from '../../db/errors.ts';
import {
  assignments,
  cellGroupMembers,
  cellGroups,
  checklistItems,
  men,
  submissions,
  workoutSessions,
} from '../../db/schema/index.ts';
import { BODY_LIMITS } from '../../http/limits.ts';
import { conflict, notFound } from '../../http/problem.ts';
import { deleteWithSubmissions, dueAt } from '../progress/service.ts';

const admins = ['admin'] as const;
const tags = ['programme settings'];
const IdParams = z.object({ id: z.string().check(z.regex(/^[0-9a-f-]{36}$/i, 'Not an id')) });

/** Admin configuration: sessions, assignments, checklist items, cell groups; who submitted what. */
export async function programmeSettingsRoutes(app: FastifyInstance, context: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = context.database;

  const lists = [
    ['sessions', workoutSessions, SessionInputSchema, asc(workoutSessions.heldOn)],
    ['assignments', assignments, AssignmentInputSchema, asc(assignments.dueOn)],
    ['checklist', checklistItems, ChecklistItemInputSchema, asc(checklistItems.sortOrder)],
  ] as const;
  for (const [name, table, body, order] of lists) {
    const base = `/programme/${name}`;
    api.get(base, { config: { access: admins }, schema: { summary: `List ${name}`, tags } }, async () =>
      db.select().from(table).orderBy(order),
    );
    api.post(
      base,
      { config: { access: admins }, schema: { summary: `Add to ${name}`, tags, body } },
      async (request, reply) => {
        // A new checklist item goes to the end of the list.
        const position =
          table === checklistItems
            ? {
                sortOrder: sql`(select coalesce(max(${checklistItems.sortOrder}), -1) + 1 from ${checklistItems})`,
              }
            : {};
        const [row] = await db
          .insert(table)
          .values({ ...request.body, ...position } as never)
          .returning();
        return reply.code(201).send(row);
      },
    );
    api.put(
      `${base}/:id`,
      {
        config: { access: admins },
        schema: { summary: `Change one of ${name}`, tags, params: IdParams, body },
      },
      async (request) => {
        const [row] = await db
          .update(table)
          .set(request.body as never)
          .where(eq(table.id, request.params.id))
          .returning();
        if (!row) throw notFound('It no longer exists.');
        return row;
      },
    );
    api.delete(
      `${base}/:id`,
      { config: { access: admins }, schema: { summary: `Remove one of ${name}`, tags, params: IdParams } },
      async (request, reply) => {
        // An assignment's uploaded documents go with it, files included.
        const removed =
          table === assignments
            ? await deleteWithSubmissions(context, request.log, 'assignment', request.params.id)
            : (await db.delete(table).where(eq(table.id, request.params.id)).returning({ id: table.id }))
                .length > 0;
        if (!removed) throw notFound('It no longer exists.');
        return reply.code(204).send();
      },
    );
  }

  api.get(
    '/programme/groups',
    { config: { access: admins }, schema: { summary: 'Cell groups with facilitator and member ids', tags } },
    async () => {
      const [groups, members] = await Promise.all([
        db.select().from(cellGroups).orderBy(asc(cellGroups.name)),
        db.select().from(cellGroupMembers),
      ]);
      return groups.map((group) => ({
        ...group,
        memberIds: members.filter((m) => m.groupId === group.id).map((m) => m.manId),
      }));
    },
  );

  const saveGroup = async (id: string | undefined, input: z.output<typeof CellGroupInputSchema>) => {
    try {
      return await db.transaction(async (tx) => {
        const [group] = id
          ? await tx
              .update(cellGroups)
              .set({ name: input.name, facilitatorId: input.facilitatorId })
              .where(eq(cellGroups.id, id))
              .returning()
          : await tx
              .insert(cellGroups)
              .values({ name: input.name, facilitatorId: input.facilitatorId })
              .returning();
        if (!group) throw notFound('This group no longer exists.');
        await tx
          .delete(cellGroupMembers)
          .where(
            and(
              eq(cellGroupMembers.groupId, group.id),
              input.memberIds.length ? notInArray(cellGroupMembers.manId, input.memberIds) : undefined,
            ),
          );
        if (input.memberIds.length) {
          // A man moves from his old group to this one.
          await tx.delete(cellGroupMembers).where(inArray(cellGroupMembers.manId, input.memberIds));
          await tx
            .insert(cellGroupMembers)
            .values(input.memberIds.map((manId) => ({ manId, groupId: group.id })));
        }
        return { ...group, memberIds: input.memberIds };
      });
    } catch (error) {
      if (uniqueViolation(error)) throw conflict('A group with this name already exists.');
      throw error;
    }
  };
  api.post(
    '/programme/groups',
    {
      config: { access: admins },
      bodyLimit: BODY_LIMITS.cellGroup,
      schema: { summary: 'Add a cell group', tags, body: CellGroupInputSchema },
    },
    async (request, reply) => reply.code(201).send(await saveGroup(undefined, request.body)),
  );
  api.put(
    '/programme/groups/:id',
    {
      config: { access: admins },
      bodyLimit: BODY_LIMITS.cellGroup,
      schema: { summary: 'Change a cell group', tags, params: IdParams, body: CellGroupInputSchema },
    },
    async (request) => saveGroup(request.params.id, request.body),
  );
  api.delete(
    '/programme/groups/:id',
    {
      config: { access: admins },
      schema: { summary: 'Remove a cell group (its men stay registered)', tags, params: IdParams },
    },
    async (request, reply) => {
      const removed = await db
        .delete(cellGroups)
        .where(eq(cellGroups.id, request.params.id))
        .returning({ id: cellGroups.id });
      if (removed.length === 0) throw notFound('This group no longer exists.');
      return reply.code(204).send();
    },
  );

  api.get(
    '/programme/assignments/:id/submissions',
    {
      config: { access: admins },
      schema: {
        summary: 'Per man: submitted, late or not submitted, with the current document',
        tags,
        params: IdParams,
      },
    },
    async (request) => {
      const [assignment] = await db.select().from(assignments).where(eq(assignments.id, request.params.id));
      if (!assignment) throw notFound('There is no such assignment.');
      const [everyone, uploads] = await Promise.all([
        db.select().from(men).orderBy(asc(men.lastName), asc(men.firstName)),
        db
          .select()
          .from(submissions)
          .where(eq(submissions.assignmentId, assignment.id))
          .orderBy(desc(submissions.submittedAt)),
      ]);
      return {
        assignment: { ...assignment, dueAt: dueAt(assignment.dueOn).toISOString() },
        men: everyone.map((man) => {
          const current = uploads.find((u) => u.manId === man.id);
          return {
            manId: man.id,
            firstName: man.firstName,
            lastName: man.lastName,
            status: current ? (current.late ? 'late' : 'submitted') : 'missing',
            submission: current
              ? {
                  id: current.id,
                  fileName: current.fileName,
                  size: current.size,
                  submittedAt: current.submittedAt.toISOString(),
                }
              : null,
          };
        }),
      };
    },
  );
}
