import * as z from 'zod/mini';
import { DISCIPLINES } from './event-display.ts';

/** Which race's day a calendar file is for (calendarPath writes it); neither: the event's day. */
export const CalendarQuerySchema = z.object({
  discipline: z.optional(z.enum(DISCIPLINES)),
  race: z.optional(z.string().check(z.maxLength(50))),
});
