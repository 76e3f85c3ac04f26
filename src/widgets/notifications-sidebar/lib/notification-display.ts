import type { IconName } from '@/shared/ui/icon';

// By the notification's type when the server sends one, else by a word of its title.
const icons: [RegExp, IconName][] = [
  [/transaction|payment/i, 'coin'],
  [/award|badge/i, 'trophy'],
  [/schedule|tour|event/i, 'calendar'],
  [/promo|offer/i, 'tag'],
  [/point|token/i, 'sparkle'],
];

export const iconFor = ({ type, title }: { type: string; title: string }): IconName =>
  icons.find(([pattern]) => pattern.test(type || title))?.[1] ?? 'bell';
