import { Link } from 'react-router-dom';
import type { Need } from '@/shared/api';
import { paths } from '@/shared/config';
import { Carousel } from '@/shared/ui/carousel';
import { needImages, needPlace, STOCK_IMAGES } from '../lib/need-display';
import './need-card.css';

/** Spec §2 Needs: the card's carousel slides in 500 ms. */
const CARD_TRANSITION_MS = 500;

/**
 * A board card: the need's photos (stock ones when it has none), then its name, description and
 * place. The text is the link to the detail; the carousel's own buttons stay outside it (a button
 * inside a link is neither valid nor usable with a keyboard).
 */
export function NeedCard({ need }: { need: Need }) {
  const where = needPlace(need.location);
  return (
    <article className="need-card">
      <Carousel
        label={`Photos of ${need.serviceName}`}
        images={needImages(need)}
        placeholders={STOCK_IMAGES}
        intervalMs={null}
        transitionMs={CARD_TRANSITION_MS}
        aspectRatio={4 / 3}
        showPlayToggle={false}
        className="need-card__carousel"
      />
      <Link to={paths.needs.byId(need._id)} className="need-card__link">
        <h2 className="need-card__title">{need.serviceName}</h2>
        <p className="need-card__description">{need.description}</p>
        {where && <p className="need-card__place">{where}</p>}
      </Link>
    </article>
  );
}
