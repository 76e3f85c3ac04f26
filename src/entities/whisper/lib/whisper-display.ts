import type { Whisper } from '@/shared/api';
import { assetUrl } from '@/shared/config';

/** Whispers' carousels advance every 3 s (spec §9). */
export const WHISPER_CAROUSEL_MS = 3000;
/** 'x ago' is brought up to date this often (spec §9). */
export const RELATIVE_TIME_REFRESH_MS = 30_000;
/** Shown when a whisper has no picture of its own. */
export const STOCK_WHISPER_IMAGE = '/images/stock/whisper-1.svg';

/** A whisper's pictures for a carousel (the stock one when it has none), each with its alt text. */
export const whisperImages = (whisper: Pick<Whisper, 'images' | 'title'>) =>
  (whisper.images.length > 0 ? whisper.images : [STOCK_WHISPER_IMAGE]).map((src, index) => ({
    src: assetUrl(src) ?? src,
    alt: `${whisper.title}, image ${index + 1}`,
  }));

/** '1 like', '5 likes'. */
export const likesText = (count: number) => `${count} ${count === 1 ? 'like' : 'likes'}`;

/** '1 comment', '5 comments'. */
export const commentsText = (count: number) => `${count} ${count === 1 ? 'comment' : 'comments'}`;
