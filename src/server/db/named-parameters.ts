/**
 * Names for the `$1…` parameters of a written-out statement (decision 006): `$.name` is the placeholder to
 * write in its text, and `values({ name: … })` lists a call's values in the same order. Text and values are
 * then matched by name, not by counting positions, and a name left out or unknown is a type error.
 */
export function namedParameters<const Name extends string>(names: readonly Name[]) {
  const $ = Object.fromEntries(names.map((name, index) => [name, `$${index + 1}`])) as Record<Name, string>;
  const values = (named: Record<Name, unknown>): unknown[] => names.map((name) => named[name]);
  return { $, values };
}
