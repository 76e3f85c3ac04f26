export { Modal } from './modal';
export type { ModalPlacement } from './modal';
