import { getAppConfig, paths } from '@/shared/config';
import { ButtonLink } from '@/shared/ui/button';
import { Icon } from '@/shared/ui/icon';
import { PageMeta } from '@/shared/ui/page-meta';
import { StatusPage } from '@/shared/ui/status-page';

export function NotFoundPage() {
  return (
    <>
      <PageMeta title={`Page Not Found | ${getAppConfig().brandName}`} />
      <StatusPage
        code="404"
        title="Oops! Page not found."
        text="The page you are looking for has moved, or never existed."
        action={
          <ButtonLink to={paths.home()}>
            <Icon name="arrowLeft" size={20} />
            Back to Home
          </ButtonLink>
        }
      />
    </>
  );
}
