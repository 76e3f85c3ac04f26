export { NotificationsSidebar } from './ui/notifications-sidebar';
