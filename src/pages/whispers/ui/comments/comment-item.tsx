import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'react-toastify';
import { getFullName, UserAvatar } from '@/entities/user';
import { ReportButton } from '@/features/report-content';
import { getErrorMessage, useDeleteCommentMutation, useEditCommentMutation, type Comment } from '@/shared/api';
import { paths } from '@/shared/config';
import { timeAgo } from '@/shared/lib/date';
import { Button } from '@/shared/ui/button';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { HiddenNotice } from '@/shared/ui/hidden-notice';
import { CommentForm } from './comment-form';

export const DELETE_COMMENT_FAILED = 'Could not delete the comment. Please try again.';
export const EDIT_COMMENT_FAILED = 'Could not save your comment. Please try again.';

interface CommentItemProps {
  comment: Comment;
  /** The whisper's author may delete any comment on it. */
  whisperAuthorId: string;
  /** The signed-in member, or null for a visitor. */
  me: string | null;
  now: number;
  /** How many replies go with it when it is deleted (a top-level comment's). */
  replyCount?: number;
  /** 'Reply' on a top-level comment, for a signed-in member. */
  onReply?: () => void;
}

/**
 * One comment: its author (to their profile), when, '(edited)', the text; Reply, Edit and Delete
 * for whom they are for, and Report for anyone else's.
 */
export function CommentItem({ comment, whisperAuthorId, me, now, replyCount = 0, onReply }: CommentItemProps) {
  const textId = useId();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [edit] = useEditCommentMutation();
  const [remove, removing] = useDeleteCommentMutation();
  const name = getFullName(comment.user) || `@${comment.user.username}`;
  const mine = me !== null && comment.user._id === me;
  const mayDelete = mine || (me !== null && whisperAuthorId === me);

  const save = async (text: string) => {
    try {
      await edit({ whisperId: comment.whisperId, id: comment._id, text }).unwrap();
      setEditing(false);
      return undefined;
    } catch (failure) {
      return getErrorMessage(failure, EDIT_COMMENT_FAILED);
    }
  };
  const confirmDelete = async () => {
    try {
      await remove({ whisperId: comment.whisperId, id: comment._id, parentId: comment.parentId }).unwrap();
      setConfirming(false);
      toast.success('Comment deleted');
    } catch (failure) {
      setConfirming(false);
      toast.error(getErrorMessage(failure, DELETE_COMMENT_FAILED));
    }
  };

  const actions: ReactNode[] = [];
  // Each name starts with the words shown, and says whose comment: a page has many of each.
  const whose = `comment by ${name}`;
  if (onReply && me) actions.push(<Button key="reply" variant="ghost" size="sm" onClick={onReply} aria-label={`Reply to ${name}`} aria-describedby={textId}>Reply</Button>);
  if (mine) actions.push(<Button key="edit" variant="ghost" size="sm" onClick={() => setEditing(true)} aria-label={`Edit ${whose}`} aria-describedby={textId}>Edit</Button>);
  if (mayDelete) actions.push(<Button key="delete" variant="ghost" size="sm" onClick={() => setConfirming(true)} aria-label={`Delete ${whose}`} aria-describedby={textId}>Delete</Button>);
  if (me !== null && !mine) actions.push(<ReportButton key="report" itemType="comment" itemId={comment._id} size="sm" label={`Report ${whose}`} describedBy={textId} />);

  return (
    <article className="comment" aria-label={`Comment by ${name}`}>
      <UserAvatar user={comment.user} size={36} />
      <div className="comment__body">
        <p className="comment__meta">
          <Link to={paths.whispers.profile(comment.user._id)} className="comment__author">{name}</Link>
          <time dateTime={comment.createdAt}>{timeAgo(comment.createdAt, now)}</time>
          {comment.edited && <span className="comment__edited">(edited)</span>}
        </p>
        <HiddenNotice moderation={comment.moderation} />
        {editing ? (
          <CommentForm
            label="Edit your comment"
            submitLabel="Save"
            busyLabel="Saving..."
            initialText={comment.text}
            onSubmit={save}
            onCancel={() => setEditing(false)}
            autoFocus
          />
        ) : (
          <p id={textId} className="comment__text">{comment.text}</p>
        )}
        {/* While it is being edited, the form's own Save and Cancel are its only actions. */}
        {!editing && actions.length > 0 && <div className="comment__actions">{actions}</div>}
      </div>
      <ConfirmDialog
        open={confirming}
        title="Delete this comment?"
        tone="danger"
        confirmLabel="Delete"
        busy={removing.isLoading}
        busyLabel="Deleting..."
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirming(false)}
      >
        {replyCount > 0 ? `It will be gone for everyone, with its ${replyCount === 1 ? 'reply' : `${replyCount} replies`}.` : 'It will be gone for everyone.'}
      </ConfirmDialog>
    </article>
  );
}
