export { LocationPage } from './ui/location-page';
export { MapPage } from './ui/map-page';
