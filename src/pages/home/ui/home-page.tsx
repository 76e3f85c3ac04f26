import { useState } from 'react';
import { getFirstName } from '@/entities/user';
import { useSessionUser } from '@/shared/api';
import { getAppConfig, paths } from '@/shared/config';
import { getGreeting } from '@/shared/lib/greeting';
import { ButtonLink } from '@/shared/ui/button';
import { Icon } from '@/shared/ui/icon';
import { PageMeta } from '@/shared/ui/page-meta';
import { useSplash } from '../model/use-splash';
import { BannerSlider } from './banner-slider';
import { HomeSearch } from './home-search';
import { SearchResults } from './search-results';
import { ServiceTiles } from './service-tiles';
import { SplashScreen } from './splash-screen';
import './home-page.css';

export function HomePage() {
  const splash = useSplash();
  // The text in the box, and the query submitted: the results panel replaces the tiles until cleared.
  const [text, setText] = useState('');
  const [searched, setSearched] = useState('');
  const clearSearch = () => {
    setText('');
    setSearched('');
  };
  const { user } = useSessionUser();
  const { brandName } = getAppConfig();

  const meta = (
    <PageMeta
      title={`${brandName} | Plan Trips, Share Needs & Connect with Travellers`}
      description="Plan trips, discover destinations, share needs and connect with global travellers."
    />
  );

  // The splash covers the screen (fixed, above everything) while the page renders beneath it, inert
  // until the splash goes: the page's content is painted, and its data asked for, during the 2 s the
  // splash shows instead of after them.
  return (
    <>
      {splash && <SplashScreen />}
      <div className="page home" inert={splash}>
        {meta}
        <section className="home__hero" aria-labelledby="home-greeting">
          <div className="home__hello">
            <h1 id="home-greeting" className="home__greeting">
              {getGreeting()}
            </h1>
            <p className="home__welcome">Welcome, {getFirstName(user)}</p>
          </div>
          <ButtonLink to={paths.planTrip()} size="lg" className="home__plan">
            <Icon name="plane" size={20} />
            Plan Trip
          </ButtonLink>
        </section>

        <BannerSlider />
        <HomeSearch value={text} onChange={setText} onSearch={setSearched} />
        {searched ? <SearchResults query={searched} onClear={clearSearch} /> : <ServiceTiles />}
      </div>
    </>
  );
}
