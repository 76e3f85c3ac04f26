export { AddFriendButton } from './ui/add-friend-button';
