import { skipToken } from '@reduxjs/toolkit/query/react';
import { useId, useState, type KeyboardEvent, type Ref } from 'react';
import { useSearchPlacesQuery, type GeoPlace } from '@/shared/api';
import { useDebouncedValue } from '@/shared/lib/use-debounced-value';
// It draws its field with the text field's classes: their styles come with it, also on a page with no
// other text field (the map).
import '../text-field/text-field.css';
import './place-field.css';

/** Suggestions are asked for once typing pauses this long, and for 3 characters or more. */
export const SUGGEST_DEBOUNCE_MS = 300;
const MIN_QUERY = 3;

interface PlaceFieldProps {
  label: string;
  /** The input's name (a form field's key). */
  name: string;
  autoComplete?: string;
  placeholder?: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  onPick: (place: GeoPlace) => void;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A place input with suggestions (GET /api/geo/search): an ARIA 1.2 combobox. Down / Up move
 * through the suggestions, Enter picks one, Escape closes the list; `onPick` gets the place (its
 * name and coordinates). The boards' address fields and the map's start and destination use it.
 */
export function PlaceField({
  label, name, autoComplete = 'off', placeholder = 'Start typing a place', value, error, onChange, onPick, ref,
}: PlaceFieldProps) {
  const id = useId();
  const inputId = `${name}-${id}`;
  const listId = `${inputId}-list`;
  const errorId = `${inputId}-error`;
  // Open only after typing: a value put there by a pick or a lookup asks for nothing.
  const [typing, setTyping] = useState(false);
  const [active, setActive] = useState(-1);
  const debounced = useDebouncedValue(value.trim(), SUGGEST_DEBOUNCE_MS);
  const asking = typing && debounced.length >= MIN_QUERY;
  const { data: places = [], isFetching } = useSearchPlacesQuery(asking ? debounced : skipToken);
  const open = asking && places.length > 0;

  const pick = (place: GeoPlace) => {
    setTyping(false);
    setActive(-1);
    onPick(place);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setTyping(false);
    } else if (event.key === 'ArrowDown' && open) {
      event.preventDefault();
      setActive((index) => (index + 1) % places.length);
    } else if (event.key === 'ArrowUp' && open) {
      event.preventDefault();
      setActive((index) => (index <= 0 ? places.length - 1 : index - 1));
    } else if (event.key === 'Enter' && open && active >= 0 && places[active]) {
      // Enter picks the highlighted place instead of submitting the form.
      event.preventDefault();
      pick(places[active]);
    }
  };

  return (
    <div className={['text-field', 'place-field', error && 'text-field--invalid'].filter(Boolean).join(' ')}>
      <label className="text-field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className="place-field__control">
        <input
          ref={ref}
          id={inputId}
          name={name}
          className="text-field__input"
          role="combobox"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          aria-autocomplete="list"
          aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          aria-busy={(typing && isFetching) || undefined}
          autoComplete={autoComplete}
          placeholder={placeholder}
          value={value}
          onChange={(event) => {
            setTyping(true);
            setActive(-1);
            onChange(event.target.value);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setTyping(false)}
        />
        {open && (
          <ul id={listId} role="listbox" aria-label="Suggestions" className="place-field__list">
            {places.map((place, index) => (
              <li
                key={`${place.lat},${place.lon},${index}`}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                className={index === active ? 'place-field__option is-active' : 'place-field__option'}
                // mousedown, not click: it comes before the input's blur closes the list.
                onMouseDown={(event) => {
                  event.preventDefault();
                  pick(place);
                }}
              >
                {place.displayName}
              </li>
            ))}
          </ul>
        )}
      </div>
      {error && (
        <p id={errorId} className="text-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
