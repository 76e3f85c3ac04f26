export { ContactModal, telHref } from './ui/contact-modal';
