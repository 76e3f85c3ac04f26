import { currentAppConfig, setAppConfig } from '@test-utils/app-config';
import { getAppConfig } from './app-config';

const saved = currentAppConfig();
afterEach(() => setAppConfig(saved));

describe('getAppConfig', () => {
  it('reads the JSON block the server writes into the page', () => {
    setAppConfig({ apiUrl: 'https://api.example.org', osrmUrl: 'https://osrm.example.org', brandName: 'Spot' });
    expect(getAppConfig()).toEqual({
      apiUrl: 'https://api.example.org',
      osrmUrl: 'https://osrm.example.org',
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
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
      brandName: 'Need Spot',
      supportEmail: 'support@needspot.app',
    });
  });

  it('ignores values that are not text, and empty ones except the API origin', () => {
    setAppConfig(JSON.stringify({ apiUrl: '', osrmUrl: 42, brandName: '' }));
    expect(getAppConfig()).toMatchObject({ apiUrl: '', osrmUrl: 'https://router.project-osrm.org', brandName: 'Need Spot' });
  });
});
