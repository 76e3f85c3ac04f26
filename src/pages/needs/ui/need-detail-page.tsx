import { useSelector } from 'react-redux';
import { useNavigate, useParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { needAddress, needImages, STOCK_IMAGES } from '@/entities/need';
import { getName } from '@/entities/user';
import { ReportButton } from '@/features/report-content';
import { getErrorMessage, isNetworkError, isNotFound, useDeleteNeedMutation, useGetNeedQuery, type Need } from '@/shared/api';
import { selectUserId } from '@/shared/auth';
import { getAppConfig, paths } from '@/shared/config';
import { ButtonLink } from '@/shared/ui/button';
import { Carousel } from '@/shared/ui/carousel';
import { HiddenNotice } from '@/shared/ui/hidden-notice';
import { LoadFailure } from '@/shared/ui/load-failure';
import { PageMeta } from '@/shared/ui/page-meta';
import { LoadingState } from '@/shared/ui/spinner';
import { StatusPage } from '@/shared/ui/status-page';
import { RecordActions } from '@/widgets/record-actions';
import { NEED_MESSAGES } from '../config/messages';
import './needs.css';

function NeedDetail({ need }: { need: Need }) {
  const userId = useSelector(selectUserId);
  const navigate = useNavigate();
  const [deleteNeed, { isLoading: deleting }] = useDeleteNeedMutation();
  const isOwner = userId !== null && userId === need.user._id;
  const poster = getName(need.user);

  const remove = async () => {
    try {
      await deleteNeed(need._id).unwrap();
      toast.success(NEED_MESSAGES.deleted);
      void navigate(paths.needs.root(), { replace: true });
    } catch (error) {
      toast.error(isNetworkError(error) ? NEED_MESSAGES.tryAgain : getErrorMessage(error, NEED_MESSAGES.deleteFailed));
    }
  };

  return (
    <article className="need-detail">
      <HiddenNotice moderation={need.moderation} />
      <p className={`need-detail__banner need-detail__banner--${need.type}`}>{need.type.toUpperCase()}</p>
      <h1 className="page-title need-detail__title">{need.serviceName}</h1>
      <Carousel
        label={`Photos of ${need.serviceName}`}
        images={needImages(need)}
        placeholders={STOCK_IMAGES}
        intervalMs={null}
        aspectRatio={16 / 9}
        showPlayToggle={false}
        className="need-detail__carousel"
      />
      <dl className="need-detail__facts">
        <div>
          <dt>Category</dt>
          <dd>{need.category}</dd>
        </div>
        <div>
          <dt>Description</dt>
          <dd className="need-detail__description">{need.description}</dd>
        </div>
        <div>
          <dt>Address</dt>
          <dd>{needAddress(need.location)}</dd>
        </div>
        {poster && (
          <div>
            <dt>Posted by</dt>
            <dd>{poster}</dd>
          </div>
        )}
      </dl>
      <RecordActions
        className="need-detail__actions"
        contact={{ kind: 'need', id: need._id, name: poster }}
        owner={isOwner ? {
          editTo: paths.needs.edit(need._id),
          deleteTitle: 'Delete this need?',
          deleteText: `“${need.serviceName}” will be removed from the board, with its photos.`,
          deleting,
          onDelete: remove,
        } : undefined}
      />
      {!isOwner && <ReportButton itemType="need" itemId={need._id} size="sm" className="need-detail__report" />}
    </article>
  );
}

/** /needs/{id}: one need (spec §2 Need details). */
export function NeedDetailPage() {
  const { id = '' } = useParams();
  const { data: need, isLoading, isError, error, refetch } = useGetNeedQuery(id);
  const brand = getAppConfig().brandName;

  if (isLoading) {
    return (
      <div className="page">
        <LoadingState label="Loading need" />
      </div>
    );
  }
  if ((isError && isNotFound(error)) || (!isError && !need)) {
    return (
      <StatusPage
        title={NEED_MESSAGES.notFound}
        text="It may have been removed by the person who posted it."
        action={<ButtonLink to={paths.needs.root()}>Back to needs</ButtonLink>}
      />
    );
  }
  if (isError || !need) {
    return (
      <div className="page">
        <h1 className="page-title">Need</h1>
        <LoadFailure title="Could not load this need" onRetry={refetch} />
      </div>
    );
  }
  return (
    <div className="page needs-page">
      <PageMeta title={`${need.serviceName} | ${brand}`} description={need.description.slice(0, 150)} />
      <NeedDetail need={need} />
    </div>
  );
}
