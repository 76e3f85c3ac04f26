export { HomePage } from './ui/home-page';
