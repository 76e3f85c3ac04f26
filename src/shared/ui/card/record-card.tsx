import { useId, type ReactNode } from 'react';
import { Card } from './card';

interface RecordCardProps {
  /** Its pictures, edge to edge above the text (a carousel, a banner). */
  media: ReactNode;
  /** The page's h1; it names the article too. */
  title: string;
  children: ReactNode;
}

/** A record's own page (a skill, a whisper, an event): its pictures, its title, then what the page says of it. */
export function RecordCard({ media, title, children }: RecordCardProps) {
  const titleId = useId();
  return (
    <Card as="article" media aria-labelledby={titleId}>
      {media}
      <div className="card__body">
        <h1 id={titleId} className="page-title card__title">
          {title}
        </h1>
        {children}
      </div>
    </Card>
  );
}
