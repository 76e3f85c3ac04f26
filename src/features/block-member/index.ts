export { BlockButton, BLOCK_TEXT } from './ui/block-button';
