import { useSelector } from 'react-redux';
import { selectIsLoggedIn } from '@/shared/auth';
import { paths } from '@/shared/config';
import { ButtonLink } from '@/shared/ui/button';
import { Icon } from '@/shared/ui/icon';
import { Modal } from '@/shared/ui/modal';
import { NotificationList } from './notification-list';
import './notifications-sidebar.css';

interface NotificationsSidebarProps {
  open: boolean;
  onClose: () => void;
  id: string;
}

/** The right sidebar titled Notifications (spec §1). */
export function NotificationsSidebar({ open, onClose, id }: NotificationsSidebarProps) {
  const isLoggedIn = useSelector(selectIsLoggedIn);

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Notifications"
      placement="right"
      closeLabel="Close notifications"
      id={id}
    >
      {isLoggedIn ? (
        <NotificationList onNavigate={onClose} />
      ) : (
        <div className="notifications__signed-out">
          <span className="notifications__signed-out-icon">
            <Icon name="bell" size={28} />
          </span>
          <p>Please log in to see your notifications.</p>
          <ButtonLink to={paths.login()} onClick={onClose}>
            Login
          </ButtonLink>
        </div>
      )}
    </Modal>
  );
}
