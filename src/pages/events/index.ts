export { EventsPage } from './ui/events-page';
