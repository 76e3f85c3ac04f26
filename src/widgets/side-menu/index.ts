export { SideMenu } from './ui/side-menu';
