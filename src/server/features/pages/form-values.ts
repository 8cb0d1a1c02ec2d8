import type * as z from 'zod/mini';

type ObjectSchema = z.ZodMiniObject<Record<string, z.ZodMiniType>>;

/**
 * A form posted without JavaScript (application/x-www-form-urlencoded) as its contract reads it, the way the
 * script's form sends it: each of the contract's fields by its name, text as typed ('' when absent, numbers
 * too, which the contract converts), and a checkbox (a field that takes true) ticked when it was sent at all.
 */
export function formValues(schema: ObjectSchema, body: URLSearchParams): Record<string, string | boolean> {
  return Object.fromEntries(
    Object.entries(schema.shape).map(([name, field]) => [
      name,
      field.safeParse(true).success ? body.has(name) : (body.get(name) ?? ''),
    ]),
  );
}

/** Each field's first message, by its dotted name, as the form shows them beside its fields. */
export function fieldMessages(issues: readonly { path: PropertyKey[]; message: string }[]) {
  const messages: Record<string, string> = {};
  for (const issue of issues) {
    const name = issue.path.map(String).join('.');
    messages[name] ??= issue.message;
  }
  return messages;
}
