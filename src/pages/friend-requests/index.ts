export { FriendRequestsPage } from './ui/friend-requests-page';
