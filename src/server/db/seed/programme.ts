import { count } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { assignments, checklistItems, workoutSessions } from '../schema/index.ts';

// The original product's 2024 programme (docs/product.md, "Seeded data"); admins edit it from there.
const SESSIONS = [
  ['Real Man Runway Overview', '2024-02-24', 'open'],
  ['Fathering', '2024-03-23', 'open'],
  ['Courage', '2024-04-20', 'open'],
  ['Faithfulness', '2024-06-29', 'inactive'],
  ['Responsibility', '2024-07-27', 'inactive'],
  ['Communication', '2024-08-24', 'inactive'],
  ['Money', '2024-10-26', 'inactive'],
  ['Sexual Integrity', '2024-11-23', 'inactive'],
] as const;

const ASSIGNMENTS = [
  ['Building People Building Dreams', '2024-05-03'],
  ['Maximised Manhood', '2024-09-13'],
] as const;

const CHECKLIST = [
  ['Attend at least 5 of the 8 workout sessions', 'sessions'],
  ['Serve and complete the probationary period', 'manual'],
  ['Read and complete two books and submit assignments by 5pm on the deadline', 'assignments'],
  ['Invite an unsaved colleague as witness to graduation', 'manual'],
  ['Budget for regalia', 'manual'],
] as const;

/** Seeds each list once, when it is empty, so an admin's later edits are never undone. */
export async function seedProgramme(db: Database) {
  const [[sessions], [tasks], [items]] = await Promise.all([
    db.select({ n: count() }).from(workoutSessions),
    db.select({ n: count() }).from(assignments),
    db.select({ n: count() }).from(checklistItems),
  ]);
  if (Number(sessions?.n) === 0) {
    await db
      .insert(workoutSessions)
      .values(SESSIONS.map(([name, heldOn, state]) => ({ name, heldOn, state })));
  }
  if (Number(tasks?.n) === 0) {
    await db.insert(assignments).values(ASSIGNMENTS.map(([title, dueOn]) => ({ title, dueOn })));
  }
  if (Number(items?.n) === 0) {
    await db
      .insert(checklistItems)
      .values(CHECKLIST.map(([text, kind], sortOrder) => ({ text, kind, sortOrder })));
  }
}
