export { Carousel } from './carousel';
export type { CarouselSlide } from './carousel';
