import { useSelector } from 'react-redux';
import { useParams } from 'react-router-dom';
import { isNotFound, useGetNeedQuery } from '@/shared/api';
import { selectUserId } from '@/shared/auth';
import { paths } from '@/shared/config';
import { ButtonLink } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { FormPage } from '@/shared/ui/form-page';
import { LoadFailure } from '@/shared/ui/load-failure';
import { LoadingState } from '@/shared/ui/spinner';
import { StatusPage } from '@/shared/ui/status-page';
import { NEED_MESSAGES } from '../config/messages';
import { NeedForm } from './need-form';
import './needs.css';

/** /needs/{id}/edit (signed in): the owner's form, filled in; anyone else is told it is not theirs. */
export function EditNeedPage() {
  const { id = '' } = useParams();
  const userId = useSelector(selectUserId);
  // Fresh on open: the form starts from what the server has now, not from an older cached copy.
  const { data: need, isLoading, isError, error, refetch } = useGetNeedQuery(id, { refetchOnMountOrArgChange: true });

  let content;
  if (isLoading) {
    content = <LoadingState label="Loading need" />;
  } else if ((isError && isNotFound(error)) || (!isError && !need)) {
    return (
      <StatusPage
        title={NEED_MESSAGES.notFound}
        text="It may have been removed."
        action={<ButtonLink to={paths.needs.root()}>Back to needs</ButtonLink>}
      />
    );
  } else if (isError || !need) {
    content = <LoadFailure title="Could not load this need" onRetry={refetch} />;
  } else if (need.user._id !== userId) {
    content = (
      <EmptyState
        title={NEED_MESSAGES.notOwner}
        action={<ButtonLink to={paths.needs.byId(need._id)}>Back to the need</ButtonLink>}
      />
    );
  } else {
    // Keyed by id: the form starts from the loaded need and keeps edits across refetches.
    content = <NeedForm key={need._id} need={need} />;
  }

  return (
    <FormPage title="Edit Need" description="Change your need or offer.">
      {content}
    </FormPage>
  );
}
