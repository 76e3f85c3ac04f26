export { Avatar, getInitials } from './avatar';
