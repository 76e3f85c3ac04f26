import { useId, useState } from 'react';
import { truncate } from '@/shared/lib/text';
import './expandable-text.css';

interface ExpandableTextProps {
  text: string;
  /** Characters shown until 'See All' (spec §9's cuts: 200 on a detail page, 25 on a profile post). */
  cut: number;
  className?: string;
  toggleClassName?: string;
}

/** A text cut at `cut` characters with a 'See All' / 'See Less' button when it is longer. */
export function ExpandableText({ text, cut, className, toggleClassName }: ExpandableTextProps) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const long = text.length > cut;
  return (
    <>
      <p id={id} className={['expandable-text', className].filter(Boolean).join(' ')}>
        {long && !expanded ? truncate(text, cut) : text}
      </p>
      {long && (
        <button type="button" className={toggleClassName ?? 'expandable-text__toggle'} aria-expanded={expanded} aria-controls={id} onClick={() => setExpanded((value) => !value)}>
          {expanded ? 'See Less' : 'See All'}
        </button>
      )}
    </>
  );
}
