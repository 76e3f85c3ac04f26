export { EventsPage } from './ui/events-page';
export { EventDetailPage } from './ui/event-detail-page';
export { AddEventPage, EditEventPage } from './ui/event-form-page';
