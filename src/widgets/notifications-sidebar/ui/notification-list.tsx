import { Link } from 'react-router-dom';
import { useGetNotificationsQuery, useMarkAllNotificationsReadMutation, useMarkNotificationReadMutation } from '@/shared/api';
import { formatDayTime } from '@/shared/lib/date';
import { Button } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { LoadFailure } from '@/shared/ui/load-failure';
import { Icon } from '@/shared/ui/icon';
import { Spinner } from '@/shared/ui/spinner';
import { iconFor } from '../lib/notification-display';

/**
 * Mounted only while the sidebar is open and the user is logged in, so it fetches only then. A
 * notification with a link opens what it is about (read, and the sidebar closed, on the way).
 */
export function NotificationList({ onNavigate }: { onNavigate: () => void }) {
  const { data: notifications = [], isLoading, isError, refetch } = useGetNotificationsQuery();
  const [markRead] = useMarkNotificationReadMutation();
  const [markAllRead] = useMarkAllNotificationsReadMutation();
  const unread = notifications.filter((item) => !item.read).length;

  if (isLoading) {
    return (
      <div className="notifications__state">
        <Spinner label="Loading notifications" />
      </div>
    );
  }

  if (isError) {
    return <LoadFailure title="Couldn't load notifications." description={null} compact onRetry={refetch} />;
  }

  if (notifications.length === 0) return <EmptyState icon="bell" title="No notifications yet" />;

  return (
    <>
      <div className="notifications__bar">
        <p className="notifications__unread" role="status">
          {unread === 0 ? 'All caught up' : `${unread} unread`}
        </p>
        {unread > 0 && (
          <Button variant="secondary" size="sm" onClick={() => void markAllRead()}>
            Mark all as read
          </Button>
        )}
      </div>
      <ul className="notifications__list">
        {notifications.map((item) => (
          <li key={item._id} className={['notification', !item.read && 'notification--unread'].filter(Boolean).join(' ')}>
            <span className={`notification__icon notification__icon--${iconFor(item)}`}>
              <Icon name={iconFor(item)} size={20} />
            </span>
            <div className="notification__body">
              <h3 className="notification__title">
                {item.link ? (
                  <Link
                    to={item.link}
                    className="notification__link"
                    onClick={() => {
                      if (!item.read) void markRead(item._id);
                      onNavigate();
                    }}
                  >
                    {item.title}
                  </Link>
                ) : (
                  item.title
                )}
              </h3>
              {item.message && <p className="notification__message">{item.message}</p>}
              {item.createdAt && (
                <time className="notification__time" dateTime={item.createdAt}>
                  {formatDayTime(item.createdAt)}
                </time>
              )}
              {!item.read && (
                <button
                  type="button"
                  className="notification__read"
                  aria-label={`Mark as read: ${item.title}`}
                  onClick={() => void markRead(item._id)}
                >
                  Mark as read
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
