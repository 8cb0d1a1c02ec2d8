// What other features use of registrations (decision record 015): the entrant's fields and the forms an
// admin, a team manager and the entrant share to correct or cancel an entry, and the form the check-in table
// registers a walk-up with. The rest is its own.
export { CancelEntryDialog } from './components/cancel-entry-dialog.tsx';
export { ENTRANT_FIELDS, type EntrantField } from './components/entrant-fields.tsx';
export { EntryEditForm } from './components/entry-edit-form.tsx';
export { RegistrationForm } from './components/registration-form.tsx';
