import { useSessionUser } from '@/shared/api';
import { getAppConfig } from '@/shared/config';
import { LoadFailure } from '@/shared/ui/load-failure';
import { PageMeta } from '@/shared/ui/page-meta';
import { LoadingState } from '@/shared/ui/spinner';
import { MyEvents } from './my-events';
import { ProfileForm } from './profile-form';
import { ProfileSummary } from './profile-summary';
import './profile-page.css';

/**
 * /profile: the user fresh from GET /api/user/{id}, with the photo picker and the edit form. Both
 * show the cached user: a save or an upload writes the answer there, and both follow.
 */
export function ProfilePage() {
  const { user, isLoading, isError, refetch } = useSessionUser({ fresh: true });

  let content;
  if (isLoading) {
    content = <LoadingState label="Loading profile" />;
  } else if (isError || !user) {
    content = <LoadFailure title="Could not load your profile" onRetry={refetch} />;
  } else {
    content = (
      <div className="profile-page__grid">
        <ProfileSummary user={user} />
        {/* Keyed by user: the form starts from the loaded values and keeps edits across refetches. */}
        <ProfileForm key={user._id} user={user} />
      </div>
    );
  }

  return (
    <div className="page profile-page">
      <PageMeta title={`My Profile | ${getAppConfig().brandName}`} description="Your travel profile: photo, bio and location." />
      <h1 className="page-title">My Profile</h1>
      {content}
      {user && <MyEvents />}
    </div>
  );
}
