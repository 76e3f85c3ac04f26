import { useState, type ReactNode } from 'react';
import { Button, ButtonLink } from '@/shared/ui/button';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { Icon } from '@/shared/ui/icon';
import { ContactModal } from './contact-modal';

export interface OwnerActions {
  /** The record's edit page. */
  editTo: string;
  /** The confirmation's title, e.g. 'Delete this need?'. */
  deleteTitle: string;
  /** What deleting does, in the confirmation. */
  deleteText: ReactNode;
  deleting: boolean;
  /** Deletes, tells the user how it went (never rejects) and leaves the page; the confirmation closes once it settles. */
  onDelete: () => Promise<void>;
}

interface RecordActionsProps {
  /** Whose details the Contact modal shows (undefined e-mail and phone for visitors not logged in). */
  contact: { name?: string; email?: string; phone?: string };
  /** Edit and Delete, for the record's owner only. */
  owner?: OwnerActions;
  className?: string;
}

/** Edit and Delete for a record's owner, Delete behind a confirmation that closes once the delete settles. */
export function OwnerButtons({ owner, size }: { owner: OwnerActions; size?: 'sm' }) {
  const [confirming, setConfirming] = useState(false);
  const remove = async () => {
    try {
      await owner.onDelete();
    } finally {
      setConfirming(false);
    }
  };
  return (
    <>
      <ButtonLink variant="secondary" size={size} to={owner.editTo}>
        Edit
      </ButtonLink>
      <Button variant="danger" size={size} onClick={() => setConfirming(true)}>
        <Icon name="trash" size={18} />
        Delete
      </Button>
      <ConfirmDialog
        open={confirming}
        title={owner.deleteTitle}
        tone="danger"
        confirmLabel="Delete"
        busy={owner.deleting}
        busyLabel="Deleting..."
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      >
        <p>{owner.deleteText}</p>
      </ConfirmDialog>
    </>
  );
}

/**
 * The actions under a board entry (a need, an event, a skill): Contact, which opens the contact
 * modal, and for the owner Edit and Delete.
 */
export function RecordActions({ contact, owner, className }: RecordActionsProps) {
  const [contactOpen, setContactOpen] = useState(false);
  return (
    <>
      <div className={className}>
        <Button onClick={() => setContactOpen(true)}>
          <Icon name="phone" size={18} />
          Contact
        </Button>
        {owner && <OwnerButtons owner={owner} />}
      </div>
      <ContactModal open={contactOpen} onClose={() => setContactOpen(false)} {...contact} />
    </>
  );
}
