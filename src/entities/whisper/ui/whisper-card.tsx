import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Whisper } from '@/shared/api';
import { paths } from '@/shared/config';
import { timeAgo } from '@/shared/lib/date';
import { truncate } from '@/shared/lib/text';
import { Card, CardLink } from '@/shared/ui/card';
import { Carousel } from '@/shared/ui/carousel';
import { Icon } from '@/shared/ui/icon';
import { commentsText, WHISPER_CAROUSEL_MS, whisperImages } from '../lib/whisper-display';
import './whisper-card.css';

/** A list card cuts the story here (spec §9). */
export const CARD_DESCRIPTION_CUT = 100;

interface WhisperCardProps {
  whisper: Whisper;
  /** The time 'x ago' is counted from (refreshed by the list). */
  now: number;
  /** What the reader can do with it (the Like button), before its place. */
  actions?: ReactNode;
}

/** One whisper of the list: carousel, author (to their profile), time, story cut at 100, actions, its comment count. */
export function WhisperCard({ whisper, now, actions }: WhisperCardProps) {
  return (
    <Card as="li" media className="whisper-card">
      <Carousel label={`${whisper.title} images`} images={whisperImages(whisper)} intervalMs={WHISPER_CAROUSEL_MS} aspectRatio={4 / 3} showArrows={false} />
      <div className="whisper-card__body">
        <p className="whisper-card__meta">
          <Link to={paths.whispers.profile(whisper.user._id)} className="whisper-card__author">
            @{whisper.user.username}
          </Link>
          <time dateTime={whisper.createdAt}>{timeAgo(whisper.createdAt, now)}</time>
        </p>
        <CardLink to={paths.whispers.detail(whisper._id)} title={whisper.title}>
          <span className="whisper-card__text">{truncate(whisper.description, CARD_DESCRIPTION_CUT)}</span>
        </CardLink>
        <div className="whisper-card__actions">
          {actions}
          <span className="whisper-card__comments">
            <Icon name="comment" size={18} />
            <span aria-hidden="true">{whisper.commentCount}</span>
            <span className="visually-hidden">{commentsText(whisper.commentCount)}</span>
          </span>
          {whisper.location && <span className="whisper-card__place">{whisper.location}</span>}
        </div>
      </div>
    </Card>
  );
}
