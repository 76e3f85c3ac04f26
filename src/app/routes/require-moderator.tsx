import type { ReactNode } from 'react';
import { isModerator } from '@/entities/user';
import { useSessionUser } from '@/shared/api';
import { LoadingState } from '@/shared/ui/spinner';

/**
 * Moderation screens: a moderator sees them; anyone else (signed out, or a member) gets `notFound`,
 * the app's 404 page, so the route does not reveal itself (the server answers 404 the same way).
 * The role is read again from the server when the screen opens (a grant or revoke since login).
 */
export function RequireModerator({ children, notFound }: { children: ReactNode; notFound: ReactNode }) {
  const { userId, user, isFetching } = useSessionUser({ fresh: true });
  if (!userId) return notFound;
  if (!user && isFetching) {
    return (
      <div className="page">
        <LoadingState label="Loading" />
      </div>
    );
  }
  return isModerator(user) ? children : notFound;
}
