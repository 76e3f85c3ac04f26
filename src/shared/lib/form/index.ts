export { useForm } from './use-form';
export type { SendOptions, SubmitFailure, UseFormOptions } from './use-form';
