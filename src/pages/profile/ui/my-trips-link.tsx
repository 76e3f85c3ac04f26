import { useGetMyTripsQuery } from '@/shared/api';
import { paths } from '@/shared/config';
import { ButtonLink } from '@/shared/ui/button';
import { Icon } from '@/shared/ui/icon';

/** 'My trips', with how many are coming up once that is known (the list is the My trips page's own query). */
export function MyTripsLink({ userId }: { userId: string }) {
  const { data } = useGetMyTripsQuery(userId);
  const upcoming = data?.upcoming.length;
  return (
    <p className="profile-summary__trips">
      <ButtonLink variant="secondary" size="sm" to={paths.trips()}>
        <Icon name="plane" size={18} />
        My trips
      </ButtonLink>
      {upcoming !== undefined && <span className="profile-summary__trips-count">{upcoming} upcoming</span>}
    </p>
  );
}
