export { AboutUsPage } from './ui/about-us-page';
