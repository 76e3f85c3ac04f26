export { Carousel } from './carousel';
export type { CarouselImage, CarouselSlide } from './carousel';
