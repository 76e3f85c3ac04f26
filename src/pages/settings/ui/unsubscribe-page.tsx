import { Link, useSearchParams } from 'react-router-dom';
import { getErrorMessage, useGetUnsubscribeLinkQuery, useUnsubscribeFromEmailsMutation } from '@/shared/api';
import { getAppConfig, paths } from '@/shared/config';
import { Button } from '@/shared/ui/button';
import { Card } from '@/shared/ui/card';
import { FormAlert } from '@/shared/ui/form-alert';
import { Icon } from '@/shared/ui/icon';
import { PageMeta } from '@/shared/ui/page-meta';
import { LoadingState } from '@/shared/ui/spinner';
import { kindLabel } from '../lib/notification-kinds';
import './unsubscribe.css';

export const LINK_WITHOUT_TOKEN = 'This unsubscribe link is not complete. Open it again from the e-mail, or choose your e-mails in Settings → Notifications.';
export const UNSUBSCRIBE_FAILED = 'Could not stop these e-mails. Please try again.';

const listOf = (kinds: string[]) => kinds.map((kind) => kindLabel(kind).toLowerCase()).join(', ');

/**
 * /unsubscribe?token=…: where an e-mail's "Stop e-mails about …" link lands, signed in or not. It
 * says what the link stops and asks: opening a link (a mail scanner does) never changes anything.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const link = useGetUnsubscribeLinkQuery(token, { skip: token === '' });
  const [unsubscribe, done] = useUnsubscribeFromEmailsMutation();

  let content;
  if (token === '') {
    content = <FormAlert message={LINK_WITHOUT_TOKEN} />;
  } else if (link.isLoading) {
    content = <LoadingState label="Checking your link" />;
  } else if (link.error || !link.data) {
    // The server says why: not valid (400) or expired (410).
    content = <FormAlert message={getErrorMessage(link.error, UNSUBSCRIBE_FAILED)} />;
  } else if (done.isSuccess) {
    content = (
      <p className="unsubscribe__done" role="status">
        Done: no more e-mails about {listOf(done.data)}. You can turn them on again in <Link to={paths.settings.notifications()}>Settings → Notifications</Link>.
      </p>
    );
  } else {
    content = (
      <>
        <p className="unsubscribe__question">
          Stop e-mails about <strong>{listOf(link.data)}</strong>? You will still see them in the app if you chose to.
        </p>
        <FormAlert message={done.isError ? getErrorMessage(done.error, UNSUBSCRIBE_FAILED) : ''} />
        <Button onClick={() => void unsubscribe(token)} disabled={done.isLoading}>
          {done.isLoading ? 'Stopping…' : 'Stop these e-mails'}
        </Button>
      </>
    );
  }

  return (
    <div className="page unsubscribe">
      <PageMeta title={`Stop e-mails | ${getAppConfig().brandName}`} />
      <Card panel className="unsubscribe__card">
        <span className="unsubscribe__icon">
          <Icon name="mail" />
        </span>
        <h1 className="page-title">Stop e-mails</h1>
        {content}
      </Card>
    </div>
  );
}
