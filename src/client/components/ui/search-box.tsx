import { Button } from './button.tsx';
import { TextField, type TextFieldProps } from './field.tsx';

/**
 * A labelled search input in a <search> form. The caller keeps the text and waits for a pause in typing
 * (useDebouncedValue); Enter, or the button when there is one, calls `onSearch` at once.
 */
export function SearchBox({
  label,
  value,
  onChange,
  onSearch,
  placeholder,
  hint,
  submitLabel,
  className,
  action,
  name,
}: {
  label: string;
  /** What to type, shown under the label and read with the input. */
  hint?: string;
  value: string;
  onChange: (text: string) => void;
  onSearch: () => void;
  placeholder?: string;
  /** A submit button beside the input (Enter searches either way). */
  submitLabel?: string;
  className?: string;
  /** Where the form asks, by GET, without JavaScript; the input's `name` is the query's parameter. */
  action?: string;
  name?: string;
}) {
  return (
    <search className={className}>
      <form
        method={action && 'get'}
        action={action}
        onSubmit={(event) => {
          event.preventDefault();
          onSearch();
        }}
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
      >
        <SearchField
          label={label}
          fieldClassName="flex-1"
          name={name}
          value={value}
          onText={onChange}
          placeholder={placeholder}
          hint={hint}
        />
        {submitLabel && <Button type="submit">{submitLabel}</Button>}
      </form>
    </search>
  );
}

/** A search input that filters as it is typed (no form of its own: it may sit inside one). */
export function SearchField({
  onText,
  ...props
}: Omit<TextFieldProps, 'onChange'> & { onText: (text: string) => void }) {
  return (
    <TextField type="search" autoComplete="off" {...props} onChange={(event) => onText(event.target.value)} />
  );
}
