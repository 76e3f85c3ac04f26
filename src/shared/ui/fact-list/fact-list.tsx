import type { ReactNode } from 'react';
import { Icon, type IconName } from '../icon';
import './fact-list.css';

export interface Fact {
  icon: IconName;
  label: string;
  value: ReactNode;
}

/** A card's facts, each a labelled value with its icon ('Dates', '10 May 2030 – 16 May 2030'). */
export function FactList({ facts }: { facts: Fact[] }) {
  return (
    <dl className="fact-list">
      {facts.map(({ icon, label, value }) => (
        <div key={label}>
          <dt>
            <Icon name={icon} size={16} />
            {label}
          </dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
