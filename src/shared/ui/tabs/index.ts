export { Tabs, type TabItem } from './tabs';
