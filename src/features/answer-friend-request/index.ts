export { AnswerButtons } from './ui/answer-buttons';
