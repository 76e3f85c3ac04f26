export { useLocateAddress } from './model/use-locate-address';
export type { LocateOutcome } from './model/use-locate-address';
export { formatCoordinate } from './lib/coordinate';
