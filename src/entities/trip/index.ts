export { TripCard } from './ui/trip-card';
export { daysText, formatAmount } from './lib/trip-display';
