export { HiddenNotice, hiddenNoticeText } from './hidden-notice';
