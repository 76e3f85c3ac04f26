import { lazy, Suspense } from 'react';
import { getAppConfig } from '@/shared/config';
import { PageMeta } from '@/shared/ui/page-meta';
import { Spinner } from '@/shared/ui/spinner';
import './map-page.css';

// Leaflet and the routing machine come with the workspace, a chunk of its own: only /map loads it,
// not the Location page beside it in this slice.
const MapWorkspace = lazy(() => import('./map-workspace'));

/** /map: directions between two places, live navigation, and what the community offers nearby. */
export function MapPage() {
  return (
    <div className="page map-page">
      <PageMeta title={`Map | ${getAppConfig().brandName}`} description="Directions, live navigation and needs, events and skills on the map." />
      <h1 className="page-title">Map</h1>
      <Suspense fallback={<Spinner label="Loading the map" />}>
        <MapWorkspace />
      </Suspense>
    </div>
  );
}
