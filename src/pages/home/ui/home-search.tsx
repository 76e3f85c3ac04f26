import { useId } from 'react';
import { Icon } from '@/shared/ui/icon';

interface HomeSearchProps {
  value: string;
  onChange: (value: string) => void;
  /** Called on submit with the trimmed text; '' (a blank query) only clears the results. */
  onSearch: (query: string) => void;
}

/** The home search box; the page shows the results panel (search-results.tsx) for what it submits. */
export function HomeSearch({ value, onChange, onSearch }: HomeSearchProps) {
  const inputId = useId();

  return (
    <form
      className="home-search"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(value.trim());
      }}
    >
      <label className="visually-hidden" htmlFor={inputId}>
        Search
      </label>
      <Icon name="search" className="home-search__icon" size={20} />
      <input
        id={inputId}
        className="home-search__input"
        type="search"
        name="q"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder="Search needs, events and skills"
        autoComplete="off"
        enterKeyHint="search"
      />
    </form>
  );
}
