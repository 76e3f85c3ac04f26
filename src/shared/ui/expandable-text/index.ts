export { ExpandableText } from './expandable-text';
