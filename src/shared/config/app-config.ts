// Runtime settings come from the page itself: a JSON block (<script type="application/json"
// id="app-config">) the server fills in index.html, so one build serves every deployment and the
// first render waits for no request.
export interface AppConfig {
  /** Backend origin, '' when the SPA and the API share an origin. */
  apiUrl: string;
  osrmUrl: string;
  tileUrl: string;
  satelliteTileUrl: string;
  /** The credits each tile source asks for (HTML, as Leaflet shows them). */
  tileAttribution: string;
  satelliteTileAttribution: string;
  /** A router for public transport ('' when none: the map then says so). */
  transitRouterUrl: string;
  /** Where the map opens (the configured default city). */
  mapCenter: { latitude: number; longitude: number };
  brandName: string;
  supportEmail: string;
}

const defaults: AppConfig = {
  apiUrl: '',
  osrmUrl: 'https://router.project-osrm.org',
  tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  satelliteTileUrl: 'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}',
  tileAttribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
  satelliteTileAttribution: 'Tiles &copy; Esri, Maxar, Earthstar Geographics',
  transitRouterUrl: '',
  mapCenter: { latitude: 28.6139, longitude: 77.209 },
  brandName: 'Need Spot',
  supportEmail: 'support@needspot.app',
};

export const APP_CONFIG_ELEMENT_ID = 'app-config';

let parsed: { text: string; value: Partial<AppConfig> } | undefined;

/** The page's config block, parsed once per text; {} when it is missing or not JSON. */
function runtimeConfig(): Partial<AppConfig> {
  const text = typeof document === 'undefined' ? '' : (document.getElementById(APP_CONFIG_ELEMENT_ID)?.textContent ?? '');
  if (parsed?.text !== text) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      value = undefined;
    }
    parsed = { text, value: value && typeof value === 'object' ? (value as Partial<AppConfig>) : {} };
  }
  return parsed.value;
}

export function getAppConfig(): AppConfig {
  const runtime = runtimeConfig();
  const merged = { ...defaults };
  for (const key of Object.keys(defaults) as (keyof AppConfig)[]) {
    const value = runtime[key];
    // Empty means "none" for the optional URLs; a required one keeps its default.
    if (typeof value === 'string' && (value !== '' || key === 'apiUrl' || key === 'transitRouterUrl')) (merged as Record<string, unknown>)[key] = value;
  }
  const center = runtime.mapCenter;
  if (center && Number.isFinite(center.latitude) && Number.isFinite(center.longitude)) merged.mapCenter = { latitude: center.latitude, longitude: center.longitude };
  return merged;
}

/** Origin the API and uploaded files live on; absolute even when apiUrl is '' (fetch under jest needs it). */
export function getBackendOrigin(): string {
  const { apiUrl } = getAppConfig();
  return (apiUrl || window.location.origin).replace(/\/+$/, '');
}

/** Server-relative paths (profile images, uploads) become absolute backend URLs; absolute ones pass through. */
export function assetUrl(path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  if (/^(https?:|data:|blob:)/i.test(path)) return path;
  return `${getBackendOrigin()}/${path.replace(/^\/+/, '')}`;
}
