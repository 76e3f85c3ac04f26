import { useId, useState } from 'react';
import { Icon } from '@/shared/ui/icon';

/**
 * The home search box. Its results panel comes with the global-search issue: submitting keeps the
 * text and is where that issue hooks the query in.
 */
export function HomeSearch() {
  const inputId = useId();
  const [query, setQuery] = useState('');

  return (
    <form
      className="home-search"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
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
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder="Search needs, events and skills"
        autoComplete="off"
        enterKeyHint="search"
      />
    </form>
  );
}
