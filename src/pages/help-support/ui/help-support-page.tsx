import { getAppConfig } from '@/shared/config';
import { ButtonAnchor } from '@/shared/ui/button';
import { Card } from '@/shared/ui/card';
import { Icon } from '@/shared/ui/icon';
import { PageMeta } from '@/shared/ui/page-meta';
import './help-support-page.css';

/** Spec §2 / §9 support hours, word for word. */
const supportHours = ['Monday to Friday 9:00 AM to 6:00 PM', 'Saturday to Sunday 10:00 AM to 2:00 PM'];

export function HelpSupportPage() {
  const { brandName, supportEmail } = getAppConfig();

  return (
    <div className="page help">
      <PageMeta title={`Help & Support | ${brandName}`} description={`Contact ${brandName} support by e-mail.`} />
      <h1 className="page-title">Help &amp; Support</h1>
      <p className="help__lead">Stuck somewhere or something not working? Write to us and we will get back to you.</p>

      <Card as="section" panel className="help__card" aria-labelledby="help-email">
        <span className="help__icon">
          <Icon name="mail" />
        </span>
        <div className="help__card-body">
          <h2 id="help-email">Email us</h2>
          <p className="help__email">{supportEmail}</p>
        </div>
        <ButtonAnchor href={`mailto:${supportEmail}`} className="help__send">
          <Icon name="mail" size={20} />
          Send Email
        </ButtonAnchor>
      </Card>

      <Card as="section" panel className="help__card" aria-labelledby="help-hours">
        <span className="help__icon">
          <Icon name="clock" />
        </span>
        <div className="help__card-body">
          <h2 id="help-hours">Support hours</h2>
          <ul className="help__hours">
            {supportHours.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p className="help__zone">All times are GMT +5:30</p>
        </div>
      </Card>
    </div>
  );
}
