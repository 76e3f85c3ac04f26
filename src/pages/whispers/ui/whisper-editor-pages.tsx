import { useSelector } from 'react-redux';
import { useNavigate, useParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { settleStatus, useCreateWhisperMutation, useGetWhisperQuery, useUpdateWhisperMutation, type WhisperResult } from '@/shared/api';
import { selectUserId } from '@/shared/auth';
import { getAppConfig, paths } from '@/shared/config';
import { useIdempotencyKey } from '@/shared/lib/idempotency-key';
import { ButtonLink } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { PageMeta } from '@/shared/ui/page-meta';
import { LoadingState } from '@/shared/ui/spinner';
import { emptyWhisperValues, toWhisperInput, WHISPER_MESSAGES, whisperValuesOf, type WhisperValues } from '../lib/whisper-values';
import { WhisperForm, type SubmitFailure } from './whisper-form';
import './whisper-editor.css';

async function settle(request: { unwrap: () => Promise<WhisperResult> }): Promise<{ ok: true; result: WhisperResult } | { ok: false; failure: SubmitFailure }> {
  const outcome = await settleStatus(request, WHISPER_MESSAGES.failed);
  if (outcome.ok) return outcome;
  return { ok: false, failure: { message: outcome.message, ...(outcome.field ? { field: outcome.field } : {}) } };
}

/** /whispers/create-whisper: open to visitors (they see what is asked); publishing needs a login. */
export function CreateWhisperPage() {
  const userId = useSelector(selectUserId);
  const navigate = useNavigate();
  const [createWhisper, { isLoading }] = useCreateWhisperMutation();
  const idempotency = useIdempotencyKey();

  const checkSession = () => {
    if (userId) return true;
    toast.error(WHISPER_MESSAGES.loginToShare);
    queueMicrotask(() => navigate(paths.login()));
    return false;
  };
  const submit = async (values: WhisperValues) => {
    const idempotencyKey = idempotency.keyFor([values.title, values.location, values.category, values.description, ...values.images]);
    const outcome = await settle(createWhisper({ input: toWhisperInput(values), idempotencyKey }));
    if (!outcome.ok) return outcome.failure;
    idempotency.reset();
    toast.success(WHISPER_MESSAGES.published);
    navigate(outcome.result.whisper ? paths.whispers.detail(outcome.result.whisper._id) : paths.whispers.root());
    return null;
  };

  return (
    <div className="page whisper-editor">
      <PageMeta title={`New Whisper | ${getAppConfig().brandName}`} description="Share a short travel story." />
      <h1 className="page-title">New Whisper</h1>
      <div className="whisper-editor__card">
        <WhisperForm initialValues={emptyWhisperValues()} onSubmit={submit} busy={isLoading} submitLabel="Publish" busyLabel="Publishing..." canSubmit={checkSession} />
      </div>
    </div>
  );
}

/** /whispers/whisper-detail/{id}/edit: the author's own whisper in the same form, prefilled. */
export function EditWhisperPage() {
  const { id = '' } = useParams();
  const userId = useSelector(selectUserId);
  const navigate = useNavigate();
  const { data: whisper, isLoading } = useGetWhisperQuery(id);
  const [updateWhisper, updating] = useUpdateWhisperMutation();

  if (isLoading) {
    return (
      <div className="page whisper-editor">
        <LoadingState label="Loading whisper" />
      </div>
    );
  }
  if (!whisper || whisper.user._id !== userId) {
    return (
      <div className="page whisper-editor">
        <EmptyState
          titleAs="h1"
          title={whisper ? 'Not your whisper' : 'Whisper not found'}
          description={whisper ? 'Only its author can edit a whisper.' : 'It may have been deleted.'}
          action={<ButtonLink to={paths.whispers.root()}>Back to whispers</ButtonLink>}
        />
      </div>
    );
  }
  const submit = async (values: WhisperValues) => {
    const outcome = await settle(updateWhisper({ id, update: { ...toWhisperInput(values), keepImages: values.keepImages } }));
    if (!outcome.ok) return outcome.failure;
    toast.success(WHISPER_MESSAGES.updated);
    navigate(paths.whispers.detail(id));
    return null;
  };
  return (
    <div className="page whisper-editor">
      <PageMeta title={`Edit Whisper | ${getAppConfig().brandName}`} description="Edit your travel story." />
      <h1 className="page-title">Edit Whisper</h1>
      <div className="whisper-editor__card">
        <WhisperForm initialValues={whisperValuesOf(whisper)} onSubmit={submit} busy={updating.isLoading} submitLabel="Save" busyLabel="Saving..." />
      </div>
    </div>
  );
}
