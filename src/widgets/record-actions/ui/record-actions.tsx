import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState, type ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { getErrorMessage, useGetContactQuery, type ContactKind } from '@/shared/api';
import { selectIsLoggedIn } from '@/shared/auth';
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

/** The post whose contact details the Contact modal shows, and whose they are (its author's name). */
export interface ContactTarget {
  kind: ContactKind;
  id: string;
  name?: string;
}

interface RecordActionsProps {
  contact: ContactTarget;
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
 * The contact modal of one post. Lists and details carry no contact details (issue 32): a signed-in
 * member's first press of Contact (`asked`) asks the server for this post's, counted against an
 * hourly allowance; they stay asked for while the page is open (and cached a while after), so
 * closing and opening again asks nothing, and the details stay on screen while the modal fades out.
 */
function PostContactModal({ target, open, asked, onClose }: { target: ContactTarget; open: boolean; asked: boolean; onClose: () => void }) {
  const signedIn = useSelector(selectIsLoggedIn);
  const query = useGetContactQuery(asked && signedIn ? { kind: target.kind, id: target.id } : skipToken);
  return (
    <ContactModal
      open={open}
      onClose={onClose}
      name={target.name}
      signedIn={signedIn}
      email={query.data?.email}
      phone={query.data?.phone}
      loading={query.isFetching && !query.data}
      error={query.isError && !query.isFetching ? getErrorMessage(query.error) : undefined}
      onRetry={() => void query.refetch()}
    />
  );
}

/**
 * The actions under a board entry (a need, an event, a skill): Contact, which opens the contact
 * modal, and for the owner Edit and Delete.
 */
export function RecordActions({ contact, owner, className }: RecordActionsProps) {
  const [contactOpen, setContactOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  const openContact = () => {
    setContactOpen(true);
    setAsked(true);
  };
  return (
    <>
      <div className={className}>
        <Button onClick={openContact}>
          <Icon name="phone" size={18} />
          Contact
        </Button>
        {owner && <OwnerButtons owner={owner} />}
      </div>
      <PostContactModal target={contact} open={contactOpen} asked={asked} onClose={() => setContactOpen(false)} />
    </>
  );
}
