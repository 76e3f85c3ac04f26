import { useState } from 'react';
import { useSelector } from 'react-redux';
import type { ReportItemType } from '@/shared/api';
import { selectIsLoggedIn } from '@/shared/auth';
import { Button, type ButtonSize, type ButtonVariant } from '@/shared/ui/button';
import { ReportDialog } from './report-dialog';

interface ReportButtonProps {
  itemType: ReportItemType;
  itemId: string;
  size?: ButtonSize;
  variant?: ButtonVariant;
  /** The id of what is reported (a message's text), when several Report buttons stand in a list. */
  describedBy?: string;
  /** A fuller name for screen readers, starting with 'Report' ('Report comment by Rohan Das'), where one page has several. */
  label?: string;
  className?: string;
}

/**
 * 'Report' on a member, a whisper, a need, an event, a skill, a message or a comment: opens the Report dialog.
 * Signed-in members only (the server takes reports from them); the page leaves it off the caller's own content.
 */
export function ReportButton({ itemType, itemId, size = 'md', variant = 'ghost', describedBy, label, className }: ReportButtonProps) {
  const loggedIn = useSelector(selectIsLoggedIn);
  const [open, setOpen] = useState(false);
  if (!loggedIn || !itemId) return null;
  return (
    <>
      <Button variant={variant} size={size} onClick={() => setOpen(true)} aria-label={label} aria-describedby={describedBy} aria-haspopup="dialog" className={className}>
        Report
      </Button>
      <ReportDialog open={open} onClose={() => setOpen(false)} itemType={itemType} itemId={itemId} />
    </>
  );
}
