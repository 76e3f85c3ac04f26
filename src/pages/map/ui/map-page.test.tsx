import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@mocks/server';
import { currentAppConfig, setAppConfig } from '@test-utils/app-config';
import { renderWithProviders } from '@test-utils/render';

type Success = (position: GeolocationPosition) => void;
type Failure = (error: GeolocationPositionError) => void;

const savedConfig = currentAppConfig();
afterEach(() => {
  setAppConfig(savedConfig);
  Reflect.deleteProperty(navigator, 'geolocation');
});

const osrmAsked: string[] = [];
beforeEach(() => {
  osrmAsked.length = 0;
  server.events.on('request:start', ({ request }) => {
    if (request.url.includes('/route/v1/')) osrmAsked.push(request.url);
  });
});
afterEach(() => server.events.removeAllListeners());

async function openMap() {
  const view = renderWithProviders('/map');
  await screen.findByRole('button', { name: 'Get Directions' }, { timeout: 15_000 });
  return view;
}

/** Types a place and picks the first suggestion. */
async function pickPlace(user: ReturnType<typeof renderWithProviders>['user'], label: string, text: string) {
  await user.type(screen.getByRole('combobox', { name: label }), text);
  await user.click(await screen.findByRole('option', { name: new RegExp(text, 'i') }));
}

const notice = () => screen.findByRole('alert');

it('opens on the configured city with the spec\'s controls', async () => {
  setAppConfig({ ...JSON.parse(savedConfig ?? '{}'), mapCenter: { latitude: 15.4909, longitude: 73.8278 } });
  await openMap();
  expect(screen.getByRole('heading', { name: 'Map', level: 1 })).toBeInTheDocument();
  expect(screen.getByRole('combobox', { name: 'Start point' })).toBeInTheDocument();
  expect(screen.getByRole('combobox', { name: 'Destination' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Use my location' })).toBeInTheDocument();
  for (const mode of ['DRIVING', 'WALKING', 'TRANSIT']) expect(screen.getByRole('button', { name: mode })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'DRIVING' })).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByRole('button', { name: 'Satellite View' })).toBeInTheDocument();
  expect(screen.getByRole('checkbox', { name: 'Show needs, events and skills' })).not.toBeChecked();
  expect(screen.getByRole('region', { name: 'Map' })).toBeInTheDocument();
});

it('a map Leaflet cannot make shows the error, not a spinner that never goes', async () => {
  const leaflet = (await import('leaflet')).default;
  const make = jest.spyOn(leaflet, 'Map').mockImplementation(() => {
    throw new Error('Map container not found.');
  });
  const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    await openMap();
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!', level: 2 }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Map container not found.', level: 3 })).toBeInTheDocument();
    expect(make).toHaveBeenCalledTimes(1);
  } finally {
    make.mockRestore();
    consoleError.mockRestore();
  }
});

it('Missing Information when either place is empty; nothing is routed', async () => {
  const { user } = await openMap();
  await user.click(screen.getByRole('button', { name: 'Get Directions' }));
  const alert = await notice();
  expect(alert).toHaveTextContent('Missing Information');
  expect(alert).toHaveTextContent('Please enter both start and destination locations.');
  await user.type(screen.getByRole('combobox', { name: 'Start point' }), 'Panaji');
  await user.click(screen.getByRole('button', { name: 'Get Directions' }));
  expect(await notice()).toHaveTextContent('Missing Information');
  expect(osrmAsked).toEqual([]);
});

it('routes between two picked places over OSRM\'s driving profile and shows the distance and duration', async () => {
  const { user } = await openMap();
  await pickPlace(user, 'Start point', 'Panaji');
  await pickPlace(user, 'Destination', 'Calangute');
  await user.click(screen.getByRole('button', { name: 'Get Directions' }));
  const card = await screen.findByRole('region', { name: 'Route' });
  expect(within(card).getByText('9.3 km')).toBeInTheDocument();
  expect(within(card).getByText('14 min')).toBeInTheDocument();
  expect(within(card).getByRole('button', { name: 'Start Navigation' })).toBeInTheDocument();
  expect(osrmAsked).toHaveLength(1);
  expect(osrmAsked[0]).toMatch(/^http:\/\/localhost:5001\/route\/v1\/driving\/73\.8282141,15\.4989946;73\.7553,15\.5439\?/);
});

it('WALKING asks the foot profile; typed places are looked up', async () => {
  const { user } = await openMap();
  await user.type(screen.getByRole('combobox', { name: 'Start point' }), 'Panaji');
  await user.type(screen.getByRole('combobox', { name: 'Destination' }), 'Mapusa');
  await user.click(screen.getByRole('button', { name: 'WALKING' }));
  await user.click(screen.getByRole('button', { name: 'Get Directions' }));
  await screen.findByRole('region', { name: 'Route' });
  expect(osrmAsked[0]).toMatch(/\/route\/v1\/foot\/73\.8282141,15\.4989946;73\.8142,15\.5937\?/);
});

it('Address Not Found when the place search finds nothing', async () => {
  const { user } = await openMap();
  await user.type(screen.getByRole('combobox', { name: 'Start point' }), 'Panaji');
  await user.type(screen.getByRole('combobox', { name: 'Destination' }), 'Nowhere at all');
  await user.click(screen.getByRole('button', { name: 'Get Directions' }));
  const alert = await notice();
  expect(alert).toHaveTextContent('Address Not Found');
  expect(alert).toHaveTextContent('No place matches "Nowhere at all".');
  expect(osrmAsked).toEqual([]);
});

it('Route Error with the request\'s failure when OSRM fails', async () => {
  server.use(http.get('*/route/v1/:profile/:coordinates', () => HttpResponse.json({ code: 'NoRoute', message: 'Impossible route' }, { status: 200 })));
  const { user } = await openMap();
  await pickPlace(user, 'Start point', 'Panaji');
  await pickPlace(user, 'Destination', 'Calangute');
  await user.click(screen.getByRole('button', { name: 'Get Directions' }));
  const alert = await notice();
  expect(alert).toHaveTextContent('Route Error');
  expect(alert).toHaveTextContent('Directions request failed: the routing service answered NoRoute');
  expect(alert).toHaveTextContent('Please check your locations and try again');
  expect(screen.queryByRole('region', { name: 'Route' })).not.toBeInTheDocument();
});

it('TRANSIT without a transit router says so plainly and offers walking, which routes on foot', async () => {
  const { user } = await openMap();
  await pickPlace(user, 'Start point', 'Panaji');
  await pickPlace(user, 'Destination', 'Calangute');
  await user.click(screen.getByRole('button', { name: 'TRANSIT' }));
  await user.click(screen.getByRole('button', { name: 'Get Directions' }));
  const alert = await notice();
  expect(alert).toHaveTextContent('Public transport directions are not available here. You can get walking directions instead.');
  expect(osrmAsked).toEqual([]);
  await user.click(within(alert).getByRole('button', { name: 'Get walking directions' }));
  await screen.findByRole('region', { name: 'Route' });
  expect(screen.getByRole('button', { name: 'WALKING' })).toHaveAttribute('aria-pressed', 'true');
  expect(osrmAsked[0]).toMatch(/\/route\/v1\/foot\//);
});

it('TRANSIT with a transit router configured routes through it', async () => {
  setAppConfig({ ...JSON.parse(savedConfig ?? '{}'), transitRouterUrl: 'http://localhost:5002' });
  const { user } = await openMap();
  await pickPlace(user, 'Start point', 'Panaji');
  await pickPlace(user, 'Destination', 'Calangute');
  await user.click(screen.getByRole('button', { name: 'TRANSIT' }));
  await user.click(screen.getByRole('button', { name: 'Get Directions' }));
  await screen.findByRole('region', { name: 'Route' });
  expect(osrmAsked[0]).toMatch(/^http:\/\/localhost:5002\/route\/v1\/transit\//);
});

it('Use my location fills the start point with the address there', async () => {
  const getCurrentPosition = jest.fn((success: Success) => success({ coords: { latitude: 15.4909, longitude: 73.8278, accuracy: 10 }, timestamp: Date.now() } as GeolocationPosition));
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  const { user } = await openMap();
  await user.click(screen.getByRole('button', { name: 'Use my location' }));
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Start point' })).toHaveValue('Rua de Ourem, Fontainhas, Panaji, Tiswadi, North Goa, Goa, 403001, India'));
  expect(getCurrentPosition).toHaveBeenCalledWith(expect.any(Function), expect.any(Function), { enableHighAccuracy: true, timeout: 15000, maximumAge: 0 });
});

it.each([
  [1, 'Location permission denied. Please enable it in your browser settings.'],
  [3, 'The request to get your location timed out.'],
])('Use my location failing with code %i: Location Error, "%s"', async (code, reason) => {
  Object.defineProperty(navigator, 'geolocation', {
    value: { getCurrentPosition: (_success: Success, failure: Failure) => failure({ code, message: 'no' } as GeolocationPositionError) },
    configurable: true,
  });
  const { user } = await openMap();
  await user.click(screen.getByRole('button', { name: 'Use my location' }));
  const alert = await notice();
  expect(alert).toHaveTextContent('Location Error');
  expect(alert).toHaveTextContent(reason);
});

it('Geolocation Not Available in a browser without it', async () => {
  const { user } = await openMap();
  await user.click(screen.getByRole('button', { name: 'Use my location' }));
  expect(await notice()).toHaveTextContent('Geolocation Not Available');
});

it('switches between Satellite View and Map View, with each source\'s credits', async () => {
  setAppConfig({ ...JSON.parse(savedConfig ?? '{}'), tileAttribution: 'Street credits', satelliteTileAttribution: 'Imagery credits' });
  const { user } = await openMap();
  expect(await screen.findByText('Street credits')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Satellite View' }));
  expect(await screen.findByText('Imagery credits')).toBeInTheDocument();
  expect(screen.queryByText('Street credits')).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Map View' }));
  expect(await screen.findByText('Street credits')).toBeInTheDocument();
});

it('the layer switch shows the needs, events and skills there, each opening its page', async () => {
  const { user, router } = await openMap();
  await user.click(screen.getByRole('checkbox', { name: 'Show needs, events and skills' }));
  const need = await screen.findByRole('button', { name: 'Need: Scooter for a week' });
  expect(screen.getByRole('button', { name: 'Event: Fontainhas heritage walk' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Skill: Surf lessons' })).toBeInTheDocument();
  await user.click(need);
  await waitFor(() => expect(router.state.location.pathname).toBe('/needs/6a3f0c1e-0000-4000-8000-000000000101'));
});
