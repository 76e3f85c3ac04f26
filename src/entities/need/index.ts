export { NeedCard } from './ui/need-card';
export { needAddress, needImages, needPlace, STOCK_IMAGES } from './lib/need-display';
