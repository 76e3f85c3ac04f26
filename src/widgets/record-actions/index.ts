export { ContactModal, telHref } from './ui/contact-modal';
export { OwnerButtons, RecordActions, type OwnerActions } from './ui/record-actions';
