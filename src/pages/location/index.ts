export { LocationPage } from './ui/location-page';
