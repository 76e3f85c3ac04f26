import { useSelector } from 'react-redux';
import { Link } from 'react-router-dom';
import { getFullName, UserAvatar } from '@/entities/user';
import { SignedOut } from '@/features/require-login';
import { useGetInboxQuery, type Conversation } from '@/shared/api';
import { selectIsLoggedIn, selectUserId } from '@/shared/auth';
import { getAppConfig, paths } from '@/shared/config';
import { hourMinute } from '@/shared/lib/date';
import { ButtonLink } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { LoadFailure } from '@/shared/ui/load-failure';
import { PageMeta } from '@/shared/ui/page-meta';
import { LoadingState } from '@/shared/ui/spinner';
import './messages.css';

function InboxRow({ conversation, me }: { conversation: Conversation; me: string }) {
  const { with: other, last, unreadCount } = conversation;
  const name = getFullName(other);
  const mine = last.sender._id === me;
  return (
    <li>
      <Link to={paths.messages.bySender(other._id)} className={unreadCount > 0 ? 'inbox-row is-unread' : 'inbox-row'}>
        <UserAvatar user={other} />
        <span className="inbox-row__main">
          <span className="inbox-row__top">
            <span className="inbox-row__name">{name}</span>
            <time className="inbox-row__time" dateTime={last.createdAt}>
              {hourMinute(last.createdAt)}
            </time>
          </span>
          <span className="inbox-row__bottom">
            <span className="inbox-row__text">
              {mine ? 'You: ' : `${last.sender.username}: `}
              {last.content}
            </span>
            {unreadCount > 0 && (
              <span className="inbox-row__unread">
                {unreadCount}
                <span className="visually-hidden"> unread</span>
              </span>
            )}
          </span>
        </span>
      </Link>
    </li>
  );
}

/**
 * /messages: the inbox (spec §2), one row per conversation with its latest message, time, sender and
 * unread count, the latest first; a message arriving over the socket moves its row to the top.
 */
export function MessagesPage() {
  const loggedIn = useSelector(selectIsLoggedIn);
  const me = useSelector(selectUserId);
  const { data, isLoading, error, refetch } = useGetInboxQuery(undefined, { skip: !loggedIn });
  const meta = <PageMeta title={`Messages | ${getAppConfig().brandName}`} description="Your conversations with other travellers." />;

  if (!loggedIn || !me) {
    return (
      <div className="page messages">
        {meta}
        <SignedOut />
      </div>
    );
  }

  let content;
  if (isLoading) {
    content = <LoadingState label="Loading messages" />;
  } else if (!data && error) {
    // Spec §8 logs this failure ('Failed to fetch messages'); the page still offers a way out.
    content = <LoadFailure title="Could not load your messages" onRetry={refetch} />;
  } else if (!data || data.conversations.length === 0) {
    content = <EmptyState icon="mail" title="No messages yet" description="Open a traveller's profile from Whispers and send them a message." />;
  } else {
    content = (
      <ul className="inbox" aria-label="Conversations">
        {data.conversations.map((conversation) => (
          <InboxRow key={conversation.with._id} conversation={conversation} me={me} />
        ))}
      </ul>
    );
  }

  return (
    <div className="page messages">
      {meta}
      <div className="messages__header">
        <h1 className="page-title">Messages</h1>
        <ButtonLink to={paths.allRequests()} variant="secondary" size="sm">
          Requests
        </ButtonLink>
      </div>
      {content}
    </div>
  );
}
