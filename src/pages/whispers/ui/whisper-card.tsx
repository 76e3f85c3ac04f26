import { Link } from 'react-router-dom';
import { LikeButton } from './like-button';
import type { Whisper } from '@/shared/api';
import { WHISPER_CAROUSEL_MS, whisperImages } from '../lib/whisper-images';
import { paths } from '@/shared/config';
import { timeAgo } from '@/shared/lib/date';
import { truncate } from '@/shared/lib/text';
import { Carousel } from '@/shared/ui/carousel';

/** A list card cuts the story here (spec §9). */
export const CARD_DESCRIPTION_CUT = 100;
/** One whisper of the list: carousel, author (to their profile), time, story cut at 100, like. */
export function WhisperCard({ whisper, now }: { whisper: Whisper; now: number }) {
  return (
    <li className="whisper-card">
      <Carousel label={`${whisper.title} images`} images={whisperImages(whisper)} intervalMs={WHISPER_CAROUSEL_MS} aspectRatio={4 / 3} showArrows={false} />
      <div className="whisper-card__body">
        <p className="whisper-card__meta">
          <Link to={paths.whispers.profile(whisper.user._id)} className="whisper-card__author">
            @{whisper.user.username}
          </Link>
          <time dateTime={whisper.createdAt}>{timeAgo(whisper.createdAt, now)}</time>
        </p>
        <Link className="whisper-card__link" to={paths.whispers.detail(whisper._id)}>
          <span className="whisper-card__title">{whisper.title}</span>
          <span className="whisper-card__text">{truncate(whisper.description, CARD_DESCRIPTION_CUT)}</span>
        </Link>
        <div className="whisper-card__actions">
          <LikeButton whisper={whisper} />
          {whisper.location && <span className="whisper-card__place">{whisper.location}</span>}
        </div>
      </div>
    </li>
  );
}
