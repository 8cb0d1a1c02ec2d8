import { Button } from './button.tsx';
import { TextField } from './field.tsx';

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
  submitLabel,
  className,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  onSearch: () => void;
  placeholder?: string;
  /** A submit button beside the input (Enter searches either way). */
  submitLabel?: string;
  className?: string;
}) {
  return (
    <search className={className}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSearch();
        }}
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
      >
        <TextField
          label={label}
          fieldClassName="flex-1"
          type="search"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder={placeholder}
          autoComplete="off"
        />
        {submitLabel && <Button type="submit">{submitLabel}</Button>}
      </form>
    </search>
  );
}
