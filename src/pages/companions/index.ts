export { CompanionsPage } from './ui/companions-page';
