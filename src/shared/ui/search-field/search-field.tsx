import { TextField } from '../text-field';

interface SearchFieldProps {
  label: string;
  placeholder: string;
  /** The text as typed; the page debounces it before asking the server. */
  value: string;
  onChange: (value: string) => void;
}

/** A board's search box, its own search landmark; the server takes at most 200 characters. */
export function SearchField({ label, placeholder, value, onChange }: SearchFieldProps) {
  return (
    <div role="search">
      <TextField
        label={label}
        type="search"
        name="q"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        autoComplete="off"
        maxLength={200}
      />
    </div>
  );
}
