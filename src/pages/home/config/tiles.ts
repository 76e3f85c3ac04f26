import { paths } from '@/shared/config';
import type { IconName } from '@/shared/ui/icon';

/** The six service tiles of spec §2 Home, in order. */
export const tiles: { label: string; to: string; icon: IconName; tone: string }[] = [
  { label: 'Needs', to: paths.needs.root(), icon: 'needs', tone: 'teal' },
  { label: 'Events', to: paths.events.root(), icon: 'event', tone: 'indigo' },
  { label: 'Skills', to: paths.skills.root(), icon: 'skills', tone: 'amber' },
  { label: 'Companions', to: paths.companions(), icon: 'companion', tone: 'rose' },
  { label: 'Street Map', to: paths.map(), icon: 'map', tone: 'sky' },
  { label: 'Whispers', to: paths.whispers.root(), icon: 'whisper', tone: 'violet' },
];
