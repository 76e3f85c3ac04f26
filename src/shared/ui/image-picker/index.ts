export { ImagePicker } from './image-picker';
