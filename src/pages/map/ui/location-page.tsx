import { useCallback, useEffect, useRef, useState } from 'react';
import { useDetectLocation, type DetectOutcome } from '@/features/detect-location';
import { getAppConfig } from '@/shared/config';
import { Button } from '@/shared/ui/button';
import { Card } from '@/shared/ui/card';
import { Icon } from '@/shared/ui/icon';
import { PageMeta } from '@/shared/ui/page-meta';
import { Spinner } from '@/shared/ui/spinner';
import './location-page.css';

type Detection = { state: 'loading' } | { state: 'done'; outcome: DetectOutcome };

/** /location: where the traveller is now (geolocation + our reverse lookup). */
export function LocationPage() {
  const detect = useDetectLocation();
  const [detection, setDetection] = useState<Detection>({ state: 'loading' });
  const run = useRef(0);

  // 'Refresh Now' re-detects in place (the spec's page reload, without losing the app state).
  const refresh = useCallback(async () => {
    run.current += 1;
    const id = run.current;
    setDetection({ state: 'loading' });
    const outcome = await detect();
    if (run.current === id) setDetection({ state: 'done', outcome });
  }, [detect]);

  useEffect(() => {
    // The first detection starts with the page; a later one supersedes it (and so does unmounting).
    run.current += 1;
    const id = run.current;
    void detect().then((outcome) => {
      if (run.current === id) setDetection({ state: 'done', outcome });
    });
    return () => {
      run.current += 1;
    };
  }, [detect]);

  const loading = detection.state === 'loading';
  const outcome = detection.state === 'done' ? detection.outcome : null;

  return (
    <div className="page location">
      <PageMeta title={`Location | ${getAppConfig().brandName}`} description="Your current city and state." />
      <h1 className="page-title">Your Location</h1>

      <Card as="section" panel className="location__card" aria-labelledby="location-current" aria-busy={loading || undefined}>
        <div className="location__pin" aria-hidden="true">
          <Icon name="location" size={32} />
        </div>
        <h2 id="location-current" className="location__heading">
          Current location
        </h2>

        {loading && (
          <div className="location__status">
            <Spinner label="Detecting your location" />
            <p>Detecting your location...</p>
          </div>
        )}

        {outcome?.ok && (
          <dl className="location__place">
            <div>
              <dt>City</dt>
              <dd>{outcome.place.city || outcome.place.label}</dd>
            </div>
            <div>
              <dt>State</dt>
              <dd>{outcome.place.state || '—'}</dd>
            </div>
          </dl>
        )}

        {outcome && !outcome.ok && (
          <div className="location__error" role="alert">
            <p>{outcome.error.message}</p>
            {outcome.error.hint && <p className="location__hint">{outcome.error.hint}</p>}
          </div>
        )}

        <div className="location__actions">
          <Button onClick={() => void refresh()} disabled={loading}>
            <Icon name="refresh" size={20} />
            Refresh Now
          </Button>
          <Button variant="secondary" disabled>
            <Icon name="crosshair" size={20} />
            Real-time Updates
          </Button>
        </div>
      </Card>

      <p className="location__note">
        <Icon name="info" size={20} />
        <span>
          We use your location to find nearby hostels, events and other travellers. It is only looked up while this
          page is open.
        </span>
      </p>
    </div>
  );
}
