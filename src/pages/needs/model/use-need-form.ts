import type { FormEvent } from 'react';
import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { useRequireLogin } from '@/features/require-login';
import { getErrorField, getServerMessage, isNetworkError, useCreateNeedMutation, useUpdateNeedMutation, type Need } from '@/shared/api';
import { selectUserId } from '@/shared/auth';
import { paths } from '@/shared/config';
import { useForm } from '@/shared/lib/form';
import { useIdempotencyKey } from '@/shared/lib/idempotency-key';
import { NEED_MESSAGES } from '../config/messages';
import { emptyNeedValues, toNeedInput, toNeedValues, validateNeed, type NeedValues } from '../lib/need-values';
import { useNeedImages } from './use-need-images';

export type NeedFormState = ReturnType<typeof useForm<NeedValues>>;

/**
 * The need form's state and its submit: without `need` it creates (a visitor is sent to log in
 * first), with it the owner saves changes. A failure keeps everything typed: a message about one
 * field goes under it (the images' under the picker), anything else in a toast.
 */
export function useNeedForm(need?: Need) {
  const editing = need !== undefined;
  const navigate = useNavigate();
  const userId = useSelector(selectUserId);
  const [createNeed, { isLoading: creating }] = useCreateNeedMutation();
  const [updateNeed, { isLoading: updating }] = useUpdateNeedMutation();
  const busy = creating || updating;
  const form = useForm<NeedValues>({
    initialValues: () => (need ? toNeedValues(need) : emptyNeedValues()),
    validate: validateNeed,
    busy,
  });
  const images = useNeedImages(need?.images);
  const idempotency = useIdempotencyKey();
  const requireLogin = useRequireLogin();

  const showFailure = (error: unknown) => {
    const message = getServerMessage(error);
    const field = getErrorField(error);
    if (message && (field === 'images' || field === 'keepImages')) images.setError(message);
    else if (!message || !form.showServerError(field, message)) {
      const fallback = editing ? NEED_MESSAGES.updateFailed : NEED_MESSAGES.createFailed;
      toast.error(message ?? (isNetworkError(error) ? NEED_MESSAGES.tryAgain : fallback));
    }
  };

  const save = async (values: NeedValues) => {
    images.setError(undefined);
    const input = toNeedInput(values, images.files);
    try {
      if (need) {
        const result = await updateNeed({ id: need._id, input, keepImages: images.kept }).unwrap();
        toast.success(result.message || NEED_MESSAGES.updated);
        void navigate(paths.needs.byId(need._id));
        return;
      }
      const idempotencyKey = idempotency.keyFor([...Object.values(values), ...images.files]);
      const result = await createNeed({ userId: userId ?? '', input, idempotencyKey }).unwrap();
      idempotency.reset();
      toast.success(result.message || NEED_MESSAGES.created);
      void navigate(paths.needs.root());
    } catch (error) {
      showFailure(error);
    }
  };

  const submit = form.handleSubmit(save);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // Visitors may fill the form in, but only a session can post it (spec §8).
    if (!editing && !requireLogin()) {
      event.preventDefault();
      return;
    }
    void submit(event);
  };

  return { form, images, busy, editing, onSubmit };
}
