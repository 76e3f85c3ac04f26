export { ImagePicker, imageFieldsOf } from './image-picker';
