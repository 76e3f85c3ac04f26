export { EventCard, goingText } from './ui/event-card';
