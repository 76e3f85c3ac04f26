import { useSelector } from 'react-redux';
import { useNavigate, useParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { useRequireLogin } from '@/features/require-login';
import { settleStatus, useCreateWhisperMutation, useGetWhisperQuery, useUpdateWhisperMutation } from '@/shared/api';
import { selectUserId } from '@/shared/auth';
import { paths } from '@/shared/config';
import { useIdempotencyKey } from '@/shared/lib/idempotency-key';
import { ButtonLink } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { FormPage } from '@/shared/ui/form-page';
import { RecordFallback } from '@/shared/ui/load-failure';
import { emptyWhisperValues, toWhisperInput, WHISPER_MESSAGES, whisperValuesOf, type WhisperValues } from '../lib/whisper-values';
import { WhisperForm } from './whisper-form';

/** /whispers/create-whisper: open to visitors (they see what is asked); publishing needs a login. */
export function CreateWhisperPage() {
  const navigate = useNavigate();
  const [createWhisper, { isLoading }] = useCreateWhisperMutation();
  const idempotency = useIdempotencyKey();

  const requireLogin = useRequireLogin(WHISPER_MESSAGES.loginToShare);
  const submit = async (values: WhisperValues) => {
    const idempotencyKey = idempotency.keyFor([values.title, values.location, values.category, values.description, ...values.images]);
    const outcome = await settleStatus(createWhisper({ input: toWhisperInput(values), idempotencyKey }), WHISPER_MESSAGES.failed);
    if (!outcome.ok) return outcome;
    idempotency.reset();
    toast.success(WHISPER_MESSAGES.published);
    navigate(outcome.result.whisper ? paths.whispers.detail(outcome.result.whisper._id) : paths.whispers.root());
    return null;
  };

  return (
    <FormPage title="New Whisper" description="Share a short travel story.">
      <WhisperForm initialValues={emptyWhisperValues()} onSubmit={submit} busy={isLoading} submitLabel="Publish" busyLabel="Publishing..." canSubmit={requireLogin} />
    </FormPage>
  );
}

/** /whispers/whisper-detail/{id}/edit: the author's own whisper in the same form, prefilled. */
export function EditWhisperPage() {
  const { id = '' } = useParams();
  const userId = useSelector(selectUserId);
  const navigate = useNavigate();
  const query = useGetWhisperQuery(id);
  const whisper = query.data;
  const [updateWhisper, updating] = useUpdateWhisperMutation();

  const submit = async (values: WhisperValues) => {
    const outcome = await settleStatus(updateWhisper({ id, update: { ...toWhisperInput(values), keepImages: values.keepImages } }), WHISPER_MESSAGES.failed);
    if (!outcome.ok) return outcome;
    toast.success(WHISPER_MESSAGES.updated);
    navigate(paths.whispers.detail(id));
    return null;
  };

  const back = <ButtonLink to={paths.whispers.root()}>Back to whispers</ButtonLink>;
  let content;
  if (!whisper) {
    content = (
      <RecordFallback
        query={query}
        loading="Loading whisper"
        titleAs="h2"
        failure="Could not load this whisper"
        missing={<EmptyState titleAs="h2" title="Whisper not found" description="It may have been deleted." action={back} />}
      />
    );
  } else if (whisper.user._id !== userId) {
    content = <EmptyState titleAs="h2" title="Not your whisper" description="Only its author can edit a whisper." action={back} />;
  } else {
    content = <WhisperForm initialValues={whisperValuesOf(whisper)} onSubmit={submit} busy={updating.isLoading} submitLabel="Save" busyLabel="Saving..." />;
  }

  return (
    <FormPage title="Edit Whisper" description="Edit your travel story.">
      {content}
    </FormPage>
  );
}
