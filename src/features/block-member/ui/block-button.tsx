import { useState } from 'react';
import { useSelector } from 'react-redux';
import { toast } from 'react-toastify';
import { getErrorMessage, MEMBER_BLOCKED, MEMBER_UNBLOCKED, useBlockMemberMutation, useUnblockMemberMutation } from '@/shared/api';
import { selectIsLoggedIn, selectUserId } from '@/shared/auth';
import { Button, type ButtonSize } from '@/shared/ui/button';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';

export const BLOCK_TEXT =
  'They will not be told. Neither of you can message, follow or send a friend request to the other, and you stop seeing each other’s posts. You can unblock them in Settings.';

interface BlockButtonProps {
  userId: string;
  /** The name the dialog asks about ('Block @rohan?'). */
  username: string;
  /** The caller blocked them already: the button unblocks (at once, nothing to confirm). */
  blocked?: boolean;
  /** After a confirmed block (a page showing their post leaves it: it is gone for the caller now). */
  onBlocked?: () => void;
  size?: ButtonSize;
  /** The id of what the button is about (a friend request's name), when several stand in a list. */
  describedBy?: string;
}

/**
 * Block a member after a confirmation, or unblock them. Shown only to a signed-in member and never
 * for oneself. Blocking is silent for the blocked member; the toast says 'Member blocked.'.
 */
export function BlockButton({ userId, username, blocked = false, onBlocked, size = 'md', describedBy }: BlockButtonProps) {
  const loggedIn = useSelector(selectIsLoggedIn);
  const me = useSelector(selectUserId);
  const [asking, setAsking] = useState(false);
  const [block, blocking] = useBlockMemberMutation();
  const [unblock, unblocking] = useUnblockMemberMutation();

  if (!loggedIn || !userId || userId === me) return null;

  const confirm = async () => {
    try {
      const result = await block(userId).unwrap();
      toast.success(result.message || MEMBER_BLOCKED);
      setAsking(false);
      onBlocked?.();
    } catch (failure) {
      setAsking(false);
      toast.error(getErrorMessage(failure));
    }
  };
  const lift = async () => {
    try {
      const result = await unblock(userId).unwrap();
      toast.success(result.message || MEMBER_UNBLOCKED);
    } catch (failure) {
      toast.error(getErrorMessage(failure));
    }
  };

  if (blocked) {
    return (
      <Button variant="secondary" size={size} onClick={() => void lift()} disabled={unblocking.isLoading} aria-describedby={describedBy}>
        {unblocking.isLoading ? 'Unblocking...' : 'Unblock'}
      </Button>
    );
  }
  return (
    <>
      <Button variant="secondary" size={size} onClick={() => setAsking(true)} aria-describedby={describedBy}>
        Block
      </Button>
      <ConfirmDialog
        open={asking}
        title={`Block @${username}?`}
        tone="danger"
        confirmLabel="Block"
        busy={blocking.isLoading}
        busyLabel="Blocking..."
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      >
        <p>{BLOCK_TEXT}</p>
      </ConfirmDialog>
    </>
  );
}
