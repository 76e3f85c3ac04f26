import { skipToken } from '@reduxjs/toolkit/query/react';
import { useId, useState, type KeyboardEvent, type Ref } from 'react';
import { useSearchPlacesQuery, type GeoPlace } from '@/shared/api';
import { useDebounced } from '../model/use-debounced';

/** Suggestions are asked for once typing pauses this long, and for 3 characters or more. */
export const SUGGEST_DEBOUNCE_MS = 300;
const MIN_QUERY = 3;

interface AddressFieldProps {
  value: string;
  error?: string;
  onChange: (value: string) => void;
  onPick: (place: GeoPlace) => void;
  ref?: Ref<HTMLInputElement>;
}

/**
 * The address input with place suggestions (GET /api/geo/search): an ARIA 1.2 combobox. Down / Up
 * move through the suggestions, Enter picks one, Escape closes the list; picking fills the address
 * and the coordinates.
 */
export function AddressField({ value, error, onChange, onPick, ref }: AddressFieldProps) {
  const id = useId();
  const inputId = `address-${id}`;
  const listId = `${inputId}-list`;
  const errorId = `${inputId}-error`;
  // Open only after typing: a value put there by a pick or a lookup asks for nothing.
  const [typing, setTyping] = useState(false);
  const [active, setActive] = useState(-1);
  const debounced = useDebounced(value.trim(), SUGGEST_DEBOUNCE_MS);
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
    <div className={['text-field', 'address-field', error && 'text-field--invalid'].filter(Boolean).join(' ')}>
      <label className="text-field__label" htmlFor={inputId}>
        Address
      </label>
      <input
        ref={ref}
        id={inputId}
        name="address"
        className="text-field__input"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        aria-busy={(typing && isFetching) || undefined}
        autoComplete="street-address"
        placeholder="Start typing a place"
        value={value}
        onChange={(event) => {
          setTyping(true);
          setActive(-1);
          onChange(event.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setTyping(false)}
      />
      <ul id={listId} role="listbox" aria-label="Address suggestions" className="address-field__list" hidden={!open}>
        {open &&
          places.map((place, index) => (
            <li
              key={`${place.lat},${place.lon},${index}`}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={index === active ? 'address-field__option is-active' : 'address-field__option'}
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
      {error && (
        <p id={errorId} className="text-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
