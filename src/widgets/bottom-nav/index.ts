export { BottomNav } from './ui/bottom-nav';
