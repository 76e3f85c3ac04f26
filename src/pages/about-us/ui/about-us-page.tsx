import { getAppConfig } from '@/shared/config';
import { Avatar } from '@/shared/ui/avatar';
import { Card } from '@/shared/ui/card';
import { Icon, type IconName } from '@/shared/ui/icon';
import { PageMeta } from '@/shared/ui/page-meta';
import './about-us-page.css';

const features: { icon: IconName; title: string; text: string }[] = [
  { icon: 'needs', title: 'Needs board', text: 'Ask for help on the road or offer yours: a ride, a tip, a spare charger.' },
  { icon: 'event', title: 'Free events', text: 'Browse meet-ups near you, or request to host one for fellow travellers.' },
  { icon: 'skills', title: 'Skill swap by barter', text: 'Trade what you know for what you need to learn, no money involved.' },
  { icon: 'whisper', title: 'Whispers', text: 'Short travel stories with photos, likes and people to follow.' },
  { icon: 'trophy', title: 'Travel challenges', text: 'Join challenges that get you exploring and meeting locals.' },
  { icon: 'map', title: 'Street map', text: 'Directions and live navigation to wherever the day takes you.' },
];

export function AboutUsPage() {
  const { brandName } = getAppConfig();

  return (
    <div className="page about">
      <PageMeta
        title={`About Us | ${brandName}`}
        description="Traveler's Need Spot: mutual help, free events and a skill swap by barter for digital nomads and travellers."
      />
      <header className="about__intro">
        <h1 className="page-title">About Us</h1>
        <p className="about__lead">
          Welcome to the Traveler&apos;s Need Spot for mutual help, free events, and a skill swap by barter: a
          community where digital nomads and travellers look out for each other.
        </p>
      </header>

      <Card as="section" panel className="about__card about__founder" aria-labelledby="about-founder">
        <Avatar name="Need Spot" size={72} />
        <div>
          <h2 id="about-founder">Meet the founder</h2>
          <p className="about__role">Founder &amp; fellow traveller</p>
          <p>
            After years of working from hostels, beaches and mountain towns, our founder kept seeing the same thing:
            travellers helping each other made every trip better. {brandName} turns that habit into a place anyone
            can use.
          </p>
        </div>
      </Card>

      <Card as="section" panel className="about__card" aria-labelledby="about-mission">
        <h2 id="about-mission">Our mission</h2>
        <p>
          Make travel kinder and cheaper by connecting people on the road: share what you need, offer what you can,
          meet at free events, and swap skills instead of money.
        </p>
      </Card>

      <section aria-labelledby="about-features">
        <h2 id="about-features" className="about__section-title">
          Key features
        </h2>
        <ul className="about__features">
          {features.map((feature) => (
            <li key={feature.title} className="about__feature">
              <span className="about__feature-icon">
                <Icon name={feature.icon} />
              </span>
              <div>
                <h3>{feature.title}</h3>
                <p>{feature.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
