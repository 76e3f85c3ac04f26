export { ContactModal, telHref } from './ui/contact-modal';
export { RecordActions, type OwnerActions } from './ui/record-actions';
