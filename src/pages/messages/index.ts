export { MessagesPage } from './ui/messages-page';
export { ConversationPage } from './ui/conversation-page';
