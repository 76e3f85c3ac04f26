import { useSelector } from 'react-redux';
import { useParams } from 'react-router-dom';
import { useGetNeedQuery } from '@/shared/api';
import { selectUserId } from '@/shared/auth';
import { paths } from '@/shared/config';
import { ButtonLink } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { FormPage } from '@/shared/ui/form-page';
import { RecordFallback } from '@/shared/ui/load-failure';
import { NEED_MESSAGES } from '../config/messages';
import { NeedForm } from './need-form';
import './needs.css';

/** /needs/{id}/edit (signed in): the owner's form, filled in; anyone else is told it is not theirs. */
export function EditNeedPage() {
  const { id = '' } = useParams();
  const userId = useSelector(selectUserId);
  // Fresh on open: the form starts from what the server has now, not from an older cached copy.
  const query = useGetNeedQuery(id, { refetchOnMountOrArgChange: true });
  const need = query.data;

  let content;
  if (query.isLoading || query.isError || !need) {
    content = (
      <RecordFallback
        query={query}
        loading="Loading need"
        titleAs="h2"
        failure="Could not load this need"
        missing={<EmptyState titleAs="h2" title={NEED_MESSAGES.notFound} description="It may have been removed." action={<ButtonLink to={paths.needs.root()}>Back to needs</ButtonLink>} />}
      />
    );
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
