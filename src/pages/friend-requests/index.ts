export { FriendRequestsPage, NOT_LOGGED_IN } from './ui/friend-requests-page';
