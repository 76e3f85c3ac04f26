import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Challenge } from '@/shared/api';
import { paths } from '@/shared/config';
import { Icon } from '@/shared/ui/icon';
import { Tag } from '@/shared/ui/tag';
import { badgeName } from '../lib/progress';
import './challenge-card.css';

/** A challenge in a list: title and description, and a footer the list chooses (steps, progress), linking to `to`. */
export function ChallengeCard({ challenge, to, footer }: { challenge: Challenge; to: string; footer: ReactNode }) {
  return (
    <li className="challenge-card">
      <Link to={to} className="challenge-card__link">
        <span className="challenge-card__icon" aria-hidden="true">
          <Icon name="trophy" size={22} />
        </span>
        <span className="challenge-card__title">{challenge.title}</span>
        <span className="challenge-card__text">{challenge.description}</span>
        <span className="challenge-card__footer">{footer}</span>
      </Link>
    </li>
  );
}

/** An earned badge; it opens its challenge's detail (spec §2). */
export function BadgeCard({ challenge }: { challenge: Challenge }) {
  return (
    <li className="badge-card">
      <Link to={paths.challenges.detail(challenge._id)} className="badge-card__link">
        <span className="badge-card__medal" aria-hidden="true">
          <Icon name="sparkle" size={26} />
        </span>
        <span className="badge-card__name">{badgeName(challenge)}</span>
        <span className="badge-card__for">{challenge.title}</span>
        {challenge.rewardTokens > 0 && <Tag>+{challenge.rewardTokens} tokens</Tag>}
      </Link>
    </li>
  );
}
