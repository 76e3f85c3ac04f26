export { EventCard } from './ui/event-card';
