export { FactList } from './fact-list';
export type { Fact } from './fact-list';
