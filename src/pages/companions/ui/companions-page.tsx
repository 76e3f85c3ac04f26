import { getAppConfig, paths } from '@/shared/config';
import { ButtonLink } from '@/shared/ui/button';
import { Icon } from '@/shared/ui/icon';
import { PageMeta } from '@/shared/ui/page-meta';
import { StatusPage } from '@/shared/ui/status-page';

export function CompanionsPage() {
  return (
    <>
      <PageMeta title={`Companions | ${getAppConfig().brandName}`} description="Travel companions are coming soon." />
      <StatusPage
        art="/images/companions.svg"
        title="Coming Soon!"
        text="Find travel companions heading your way. We are building it right now."
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
