export { LikeButton, LOGIN_TO_LIKE } from './ui/like-button';
