export { useForm } from './use-form';
export type { UseFormOptions } from './use-form';
