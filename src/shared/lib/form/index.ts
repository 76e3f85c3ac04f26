export { useForm } from './use-form';
export type { SendFormProps, SendOptions, SubmitFailure, UseFormOptions } from './use-form';
