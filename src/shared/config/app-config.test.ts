import { currentAppConfig, setAppConfig } from '@test-utils/app-config';
import { getAppConfig } from './app-config';

const saved = currentAppConfig();
afterEach(() => setAppConfig(saved));

const mapDefaults = {
  satelliteTileUrl: 'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}',
  tileAttribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
  satelliteTileAttribution: 'Tiles &copy; Esri, Maxar, Earthstar Geographics',
  transitRouterUrl: '',
  mapCenter: { latitude: 28.6139, longitude: 77.209 },
};

describe('getAppConfig', () => {
  it('reads the JSON block the server writes into the page', () => {
    setAppConfig({ apiUrl: 'https://api.example.org', osrmUrl: 'https://osrm.example.org', brandName: 'Spot' });
    expect(getAppConfig()).toEqual({
      apiUrl: 'https://api.example.org',
      osrmUrl: 'https://osrm.example.org',
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      ...mapDefaults,
      brandName: 'Spot',
      supportEmail: 'support@needspot.app',
    });
  });

  it('follows a change of the block', () => {
    setAppConfig({ supportEmail: 'a@example.org' });
    expect(getAppConfig().supportEmail).toBe('a@example.org');
    setAppConfig({ supportEmail: 'b@example.org' });
    expect(getAppConfig().supportEmail).toBe('b@example.org');
  });

  it.each([
    ['no block', undefined],
    ['an empty block', ''],
    ['a block that is not JSON', '{apiUrl:'],
    ['a block that is not an object', '"text"'],
  ])('falls back to the defaults with %s', (_name, block) => {
    setAppConfig(block);
    expect(getAppConfig()).toEqual({
      apiUrl: '',
      osrmUrl: 'https://router.project-osrm.org',
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      ...mapDefaults,
      brandName: 'Need Spot',
      supportEmail: 'support@needspot.app',
    });
  });

  it('reads the map\'s centre and transit router; an empty transit router means none', () => {
    setAppConfig({ mapCenter: { latitude: 15.49, longitude: 73.83 }, transitRouterUrl: 'https://transit.example.org' });
    expect(getAppConfig()).toMatchObject({ mapCenter: { latitude: 15.49, longitude: 73.83 }, transitRouterUrl: 'https://transit.example.org' });
    setAppConfig(JSON.stringify({ mapCenter: { latitude: 'north' }, transitRouterUrl: '' }));
    expect(getAppConfig()).toMatchObject({ mapCenter: mapDefaults.mapCenter, transitRouterUrl: '' });
  });

  it('ignores values that are not text, and empty ones except the API origin', () => {
    setAppConfig(JSON.stringify({ apiUrl: '', osrmUrl: 42, brandName: '' }));
    expect(getAppConfig()).toMatchObject({ apiUrl: '', osrmUrl: 'https://router.project-osrm.org', brandName: 'Need Spot' });
  });
});
