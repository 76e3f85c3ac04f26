// The create form's hero carousel shows the need's stock pictures (entities/need).
export { STOCK_IMAGES } from '@/entities/need';
