import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useSelector, useStore } from 'react-redux';
import { Link, useParams } from 'react-router-dom';
import { getFullName, UserAvatar } from '@/entities/user';
import { BlockButton } from '@/features/block-member';
import { ReportButton } from '@/features/report-content';
import { SignedOut } from '@/features/require-login';
import {
  getErrorMessage, isConnectionFailure, newestMessageAt, queueMessage, SEND_FAILED, useGetConversationInfiniteQuery, useMarkConversationReadMutation, useSendMessageMutation,
  useWaitingMessages, type Message, type WaitingMessage,
} from '@/shared/api';
import { selectIsLoggedIn, selectUserId } from '@/shared/auth';
import { getAppConfig, paths } from '@/shared/config';
import { hourMinute } from '@/shared/lib/date';
import { isOnline } from '@/shared/lib/online';
import { Button, ButtonLink } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { FormAlert } from '@/shared/ui/form-alert';
import { hiddenNoticeText } from '@/shared/ui/hidden-notice';
import { RecordFallback } from '@/shared/ui/load-failure';
import { PageMeta } from '@/shared/ui/page-meta';
import './messages.css';

/** Longest message the server takes. */
const MESSAGE_MAX = 2000;

/** What replaces the composer when either of the two blocked the other. */
export const CANNOT_MESSAGE = 'You cannot message this member.';

function Bubble({ message, mine }: { message: Message; mine: boolean }) {
  const textId = useId();
  return (
    <li className={mine ? 'bubble bubble--mine' : 'bubble'}>
      <span className="visually-hidden">{mine ? 'You' : message.sender.username}: </span>
      <span id={textId} className="bubble__text">{message.content}</span>
      {message.moderation?.hidden && <span className="bubble__hidden">{hiddenNoticeText(message.moderation.reason)}</span>}
      <span className="bubble__foot">
        <time className="bubble__time" dateTime={message.createdAt}>
          {hourMinute(message.createdAt)}
        </time>
        {!mine && <ReportButton itemType="message" itemId={message._id} size="sm" className="bubble__report" describedBy={textId} />}
      </span>
    </li>
  );
}

/** The words on a message sent with no connection, until it goes. */
export const WAITING_TO_SEND = 'Waiting to send';

/** A message in the offline queue: shown as the member's own, marked as waiting. */
function WaitingBubble({ message }: { message: WaitingMessage }) {
  return (
    <li className="bubble bubble--mine bubble--waiting">
      <span className="visually-hidden">You: </span>
      <span className="bubble__text">{message.content}</span>
      <span className="bubble__foot">
        <span className="bubble__waiting">{WAITING_TO_SEND}</span>
      </span>
    </li>
  );
}

/**
 * Writes a message; what was typed stays if sending fails (with the reason). Enter sends, Shift+Enter
 * breaks the line. With no connection (or no answer at all) the message waits in the offline queue
 * instead, shown as waiting to send, and goes when the connection returns.
 */
function Composer({ userId, disabled }: { userId: string; disabled: boolean }) {
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [send, { isLoading }] = useSendMessageMutation();
  const me = useSelector(selectUserId);
  const store = useStore();
  const fieldId = useId();

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const content = text.trim();
    if (content === '' || isLoading || !me) return;
    setError('');
    // Offline: not even tried (it would fail), queued with its key at once.
    if (!isOnline()) {
      await queueMessage(me, userId, content);
      setText('');
      return;
    }
    // What the conversation held before this try: if the try gets no answer, its retry first looks
    // for the message among newer ones (it may have arrived, only its answer lost).
    const newestBefore = newestMessageAt(store.getState(), userId);
    try {
      await send({ userId, content }).unwrap();
      setText('');
    } catch (failure) {
      if (isConnectionFailure(failure)) {
        await queueMessage(me, userId, content, newestBefore);
        setText('');
      } else setError(getErrorMessage(failure, SEND_FAILED));
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form className="composer" onSubmit={(event) => void submit(event)}>
      {error && <FormAlert message={error} />}
      <div className="composer__row">
        <label htmlFor={fieldId} className="visually-hidden">
          Message
        </label>
        <textarea
          id={fieldId}
          className="composer__field"
          rows={1}
          maxLength={MESSAGE_MAX}
          placeholder="Write a message"
          value={text}
          disabled={disabled}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button type="submit" disabled={disabled || isLoading || text.trim() === ''} aria-busy={isLoading || undefined}>
          {isLoading ? 'Sending...' : 'Send'}
        </Button>
      </div>
    </form>
  );
}

/**
 * /messages/{userId}: the conversation with one user. Messages arrive over the socket as they are
 * sent (the query's realtime subscription); what the other user sent is marked read while it is open.
 */
export function ConversationPage() {
  const { userId = '' } = useParams();
  const loggedIn = useSelector(selectIsLoggedIn);
  const me = useSelector(selectUserId);
  const query = useGetConversationInfiniteQuery(userId, { skip: !loggedIn || userId === '' });
  const [markRead] = useMarkConversationReadMutation();
  const waiting = useWaitingMessages(me, userId);
  const listEnd = useRef<HTMLDivElement>(null);

  const pages = query.data?.pages ?? [];
  const other = pages[0]?.with ?? null;
  // Pages go back in time; each is oldest first.
  const messages = [...pages].reverse().flatMap((page) => page.items);
  const newest = messages.at(-1);
  const unreadFromThem = messages.some((message) => message.sender._id === userId && !message.read);

  useEffect(() => {
    if (loggedIn && unreadFromThem) void markRead(userId);
  }, [loggedIn, unreadFromThem, newest?._id, userId, markRead]);
  useEffect(() => {
    listEnd.current?.scrollIntoView?.({ block: 'end' });
  }, [newest?._id, waiting.length]);

  const name = other ? getFullName(other) : 'Conversation';
  const meta = <PageMeta title={`${name} | Messages | ${getAppConfig().brandName}`} description="A conversation with another traveller." />;

  if (!loggedIn || !me) {
    return (
      <div className="page conversation">
        {meta}
        <SignedOut />
      </div>
    );
  }
  if (!other) {
    return (
      <div className="page conversation">
        {meta}
        <RecordFallback
          query={query}
          loading="Loading messages"
          titleAs="h1"
          icon="user"
          failure="Could not load this conversation"
          missing={<EmptyState titleAs="h1" icon="user" title="User not found" description="This traveller may have left Need Spot." action={<ButtonLink to={paths.messages.root()}>All messages</ButtonLink>} />}
        />
      </div>
    );
  }

  const self = other._id === me;
  // Either blocked the other: the conversation stays readable, but cannot go on.
  const blocked = pages[0]?.blocked === true;
  return (
    <div className="page conversation">
      {meta}
      <div className="conversation__header">
        <Link to={paths.messages.root()} className="conversation__back">
          ← Messages
        </Link>
        <div className="conversation__who">
          <UserAvatar user={other} size={40} />
          <div>
            <h1 className="conversation__name">{name}</h1>
            <Link to={paths.whispers.profile(other._id)} className="conversation__profile">
              @{other.username}
            </Link>
          </div>
          {!self && !blocked && (
            <div className="conversation__safety">
              <BlockButton userId={other._id} username={other.username} size="sm" />
            </div>
          )}
        </div>
      </div>
      {query.hasNextPage && (
        <Button variant="secondary" size="sm" className="conversation__earlier" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
          {query.isFetchingNextPage ? 'Loading...' : 'Load earlier messages'}
        </Button>
      )}
      {messages.length === 0 && waiting.length === 0 ? (
        <p className="conversation__empty">{self ? 'This is you: message someone else.' : `Say hello to ${other.firstName || other.username}.`}</p>
      ) : (
        <ol className="conversation__messages" role="log" aria-live="polite" aria-label={`Messages with ${name}`}>
          {messages.map((message) => (
            <Bubble key={message._id} message={message} mine={message.sender._id === me} />
          ))}
          {waiting.map((message) => (
            <WaitingBubble key={message.key} message={message} />
          ))}
        </ol>
      )}
      <div ref={listEnd} />
      {blocked ? <p className="conversation__blocked">{CANNOT_MESSAGE}</p> : <Composer userId={userId} disabled={self} />}
    </div>
  );
}
