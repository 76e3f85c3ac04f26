export { HelpSupportPage } from './ui/help-support-page';
