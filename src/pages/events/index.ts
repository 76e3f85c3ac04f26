export { EventsPage } from './ui/events-page';
export { EventDetailPage } from './ui/event-detail-page';
