import * as z from 'zod/mini';
import { DISCIPLINES } from '../events/event-display.ts';
import { optionalEmailAddress } from '../validation.ts';
import { guardianRule } from './guardian.ts';
import { RegistrationFieldsSchema } from './registration.ts';

/**
 * A company's staff entry (the team page's form and its spreadsheet import): the public form's fields and
 * rules, except that the email may be left empty, when the entry takes the manager's own address.
 */
export const TeamRegistrationInputSchema = z
  .extend(RegistrationFieldsSchema, {
    email: optionalEmailAddress,
  })
  .check(guardianRule);
export type TeamRegistrationInput = z.input<typeof TeamRegistrationInputSchema>;
export type TeamRegistrationData = z.output<typeof TeamRegistrationInputSchema>;

/** Under Email on the team's form: whose address an entry left without one takes. */
export const managerEmailHint = (managerEmail: string) =>
  `Leave empty to use your own email, ${managerEmail}: mails about this entry come to you.`;

/** What one upload may hold: a company's staff, not a town's. */
export const TEAM_IMPORT_LIMITS = { rows: 200, fileBytes: 256 * 1024 } as const;

/** The spreadsheet's columns in the template's order: each entry field, its heading, and other names it goes by. */
export const TEAM_IMPORT_COLUMNS = [
  {
    field: 'firstName',
    heading: 'First name',
    aliases: ['first name', 'firstname', 'given name', 'forename'],
  },
  { field: 'lastName', heading: 'Last name', aliases: ['last name', 'surname', 'family name', 'lastname'] },
  { field: 'email', heading: 'Email', aliases: ['email', 'e-mail', 'email address', 'e-mail address'] },
  {
    field: 'mobile',
    heading: 'Mobile',
    aliases: ['mobile', 'mobile number', 'mobile phone', 'cell', 'cellphone', 'cell number', 'phone'],
  },
  { field: 'age', heading: 'Age', aliases: ['age'] },
  { field: 'gender', heading: 'Gender', aliases: ['gender', 'sex'] },
  {
    field: 'discipline',
    heading: 'Registering as (Runner/Cyclist)',
    aliases: ['registering as', 'runner or cyclist', 'runner/cyclist', 'discipline'],
  },
  { field: 'raceType', heading: 'Race type', aliases: ['race type', 'race', 'distance'] },
  {
    field: 'nextOfKinMobile',
    heading: 'Next of kin mobile',
    aliases: [
      'next of kin mobile',
      'next of kin',
      'next of kin number',
      'next of kin phone',
      'emergency contact',
    ],
  },
  {
    field: 'tshirtSize',
    heading: 'T-shirt size',
    aliases: ['t-shirt size', 't-shirt', 'tshirt size', 'tshirt', 't shirt size', 'shirt size', 'size'],
  },
] as const;
export type TeamImportField = (typeof TEAM_IMPORT_COLUMNS)[number]['field'];
/** Columns a row may leave empty (a blank Email takes the manager's). The file must still have the others. */
export const OPTIONAL_IMPORT_COLUMNS: readonly TeamImportField[] = ['email', 'gender'];

/** A heading as compared: lower case, without a note in brackets, letters and digits only. */
export const headingKey = (heading: string) =>
  heading
    .replace(/\([^)]*\)/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** Which field a spreadsheet heading names, whatever its case, spacing or punctuation ("Surname" is Last name). */
export function fieldOfHeading(heading: string): TeamImportField | undefined {
  const key = headingKey(heading);
  if (key === '') return undefined;
  return TEAM_IMPORT_COLUMNS.find((column) => column.aliases.some((alias) => headingKey(alias) === key))
    ?.field;
}

/** The template a manager fills in: the headings alone (an example row would be imported if left in). */
export const TEAM_IMPORT_TEMPLATE = `${TEAM_IMPORT_COLUMNS.map((column) => column.heading).join(',')}\r\n`;

/** One message about one row, named by the column it is about (or "Row" for the row as a whole). */
const RowErrorSchema = z.object({ column: z.string(), message: z.string() });

/** A row of the file as the preview shows it: who, in which race, and what is wrong (empty when ready). */
export const TeamImportRowSchema = z.object({
  /** The row's number in the spreadsheet (the headings are row 1). */
  row: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  discipline: z.nullable(z.enum(DISCIPLINES)),
  raceType: z.string(),
  /** The row gave no email: the entry takes the manager's (its contacts are not sent back). */
  usesManagerEmail: z.boolean(),
  errors: z.array(RowErrorSchema),
});
export type TeamImportRow = z.infer<typeof TeamImportRowSchema>;

export const TeamImportPreviewSchema = z.object({
  rows: z.array(TeamImportRowSchema),
  /** Rows without an error: all of them must be ready before any is registered. */
  ready: z.number(),
  /** Headings of the file that name no column of the template: their cells are not read. */
  ignoredColumns: z.array(z.string()),
});
export type TeamImportPreview = z.infer<typeof TeamImportPreviewSchema>;

export const TeamImportResultSchema = z.object({
  registered: z.array(z.object({ reference: z.string(), firstName: z.string(), lastName: z.string() })),
});
export type TeamImportResult = z.infer<typeof TeamImportResultSchema>;

/** The staff's agreement, recorded by the manager as the single form's ticked box records it. */
export const TeamImportQuerySchema = z.object({
  consent: z.literal('true', {
    error: 'Confirm that everyone on the list agrees to the Terms and Conditions',
  }),
});
