import type { ReactNode } from 'react';
import { Icon, type IconName } from '../icon';
import './fact-list.css';

export interface Fact {
  icon: IconName;
  label: string;
  value: ReactNode;
}

interface FactListProps {
  /** The facts to show; a false entry (a fact the record lacks) is left out. */
  facts: (Fact | false)[];
  /** Icons alone on screen, the labels for screen readers only (a detail page's dates, time, address). */
  iconsOnly?: boolean;
}

/** A record's facts, each a labelled value with its icon ('Dates', '10 May 2030 – 16 May 2030'). */
export function FactList({ facts, iconsOnly = false }: FactListProps) {
  return (
    <dl className={iconsOnly ? 'fact-list fact-list--icons' : 'fact-list'}>
      {facts.filter((fact): fact is Fact => fact !== false).map(({ icon, label, value }) => (
        <div key={label}>
          <dt>
            <Icon name={icon} size={iconsOnly ? 18 : 16} />
            {iconsOnly ? <span className="visually-hidden">{label}</span> : label}
          </dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
