import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { needPlace } from '@/entities/need';
import { skillCategoryLabel } from '@/entities/skill';
import { useSearchQuery, type EventHit, type NeedHit, type SearchGroup, type SkillHit } from '@/shared/api';
import { paths } from '@/shared/config';
import { shortMonthDay } from '@/shared/lib/date';
import { truncate } from '@/shared/lib/text';
import { Button } from '@/shared/ui/button';
import { Icon } from '@/shared/ui/icon';
import { Spinner } from '@/shared/ui/spinner';
import { Tag } from '@/shared/ui/tag';
import './search-results.css';

// Spec §9: search cards cut descriptions at 90 (needs, skills) and 80 (events) characters.
const NEED_CUT = 90;
const EVENT_CUT = 80;
const SKILL_CUT = 90;

/** A server-supplied url stays inside the app: anything but a path falls back to the board. */
const inApp = (url: string, fallback: string) => (url.startsWith('/') && !url.startsWith('//') ? url : fallback);

interface SearchResultsProps {
  query: string;
  onClear: () => void;
}

/** The home search's results panel (spec §2 Home): counts, three groups, no-results state. */
export function SearchResults({ query, onClear }: SearchResultsProps) {
  const { data, isFetching, isError, error } = useSearchQuery(query);

  useEffect(() => {
    // Spec §8: a failed search is logged only; the results are emptied.
    if (isError) console.error('Search failed', error);
  }, [isError, error]);

  if (isFetching && !data) {
    return (
      <section className="search-results search-results--loading" aria-label="Search results">
        <Spinner label="Searching" />
      </section>
    );
  }

  const result = isError ? undefined : data;
  const total = result?.totalResults ?? 0;
  // A capped count is a lower bound: '100+ matches found'.
  const shown = result?.capped ? `${total}+` : `${total}`;

  return (
    <section className="search-results" aria-labelledby="search-results-title" aria-busy={isFetching}>
      <header className="search-results__header">
        <div>
          <h2 id="search-results-title" className="search-results__title">
            Results for “{query}”
          </h2>
          <p className="search-results__count" role="status">
            {shown} {total === 1 && !result?.capped ? 'match' : 'matches'} found
          </p>
        </div>
        <Button variant="secondary" size="sm" onClick={onClear}>
          Clear
        </Button>
      </header>

      {total === 0 || !result ? (
        <div className="search-results__empty">
          <Icon name="search" size={32} />
          <p className="search-results__empty-title">No results found</p>
          <p className="search-results__empty-text">
            We couldn&apos;t find any matches for &quot;{query}&quot;. Try different keywords or check the spelling.
          </p>
          <Button onClick={onClear}>Back to all services</Button>
        </div>
      ) : (
        <>
          <Group title="Needs" group={result.needs} render={(need) => <NeedCard key={need._id} need={need} />} />
          <Group title="Events" group={result.events} render={(event) => <EventCard key={event._id} event={event} />} />
          <Group title="Skills" group={result.skills} render={(skill) => <SkillCard key={skill._id} skill={skill} />} />
        </>
      )}
    </section>
  );
}

function Group<T>({ title, group, render }: { title: string; group: SearchGroup<T>; render: (item: T) => React.ReactNode }) {
  if (group.items.length === 0) return null;
  const id = `search-group-${title.toLowerCase()}`;
  const count = group.capped ? `${group.count}+` : `${group.count}`;
  return (
    <section className="search-results__group" aria-labelledby={id}>
      <h3 id={id} className="search-results__group-title">
        {title}
        <span className="search-results__badge" aria-label={`${count} ${title.toLowerCase()}`}>
          {count}
        </span>
      </h3>
      <ul className="search-results__list">{group.items.map(render)}</ul>
    </section>
  );
}

function NeedCard({ need }: { need: NeedHit }) {
  const place = needPlace(need);
  return (
    <li>
      <Link className="search-card" to={paths.needs.byId(need._id)}>
        <span className="search-card__body">
          <span className="search-card__title">{need.serviceName}</span>
          <span className="search-card__text">{truncate(need.description, NEED_CUT)}</span>
          <span className="search-card__meta">
            {need.category && <Tag>{need.category}</Tag>}
            {place && <span>{place}</span>}
          </span>
        </span>
      </Link>
    </li>
  );
}

function EventCard({ event }: { event: EventHit }) {
  const image = event.thumbnail;
  return (
    <li>
      <Link className="search-card" to={inApp(event.url, paths.events.byId(event._id))}>
        {image && <img className="search-card__image" src={image} alt="" width={72} height={72} loading="lazy" decoding="async" />}
        <span className="search-card__body">
          <span className="search-card__title">{event.title}</span>
          <span className="search-card__text">{truncate(event.description, EVENT_CUT)}</span>
          <span className="search-card__meta">
            {event.startDate && <Tag>{shortMonthDay(event.startDate)}</Tag>}
            {event.address && <span>{event.address}</span>}
          </span>
        </span>
      </Link>
    </li>
  );
}

function SkillCard({ skill }: { skill: SkillHit }) {
  const category = skillCategoryLabel(skill);
  return (
    <li>
      <Link className="search-card" to={inApp(skill.url, paths.skills.byId(skill._id))}>
        {skill.image && <img className="search-card__image" src={skill.image} alt="" width={72} height={72} loading="lazy" decoding="async" />}
        <span className="search-card__body">
          <span className="search-card__title">{skill.title}</span>
          <span className="search-card__text">{truncate(skill.description, SKILL_CUT)}</span>
          <span className="search-card__meta">
            {category && <Tag>{category}</Tag>}
            {skill.address && <span>{skill.address}</span>}
          </span>
        </span>
      </Link>
    </li>
  );
}
