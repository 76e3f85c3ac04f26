export { ContactModal, telHref } from './ui/contact-modal';
export { OwnerButtons, RecordActions, type ContactTarget, type OwnerActions } from './ui/record-actions';
