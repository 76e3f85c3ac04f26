import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { demoPosition } from '@mocks/fixtures/geo';
import { server } from '@mocks/server';
import { failing, mockGeolocation, positionAt, type Failure, type Success } from '@test-utils/geolocation';
import { renderWithProviders } from '@test-utils/render';

const here = positionAt(demoPosition, 20);

afterEach(() => Reflect.deleteProperty(navigator, 'geolocation'));

it('detects city and state, with the note and a disabled Real-time Updates button', async () => {
  const getCurrentPosition = mockGeolocation(here);
  renderWithProviders('/location');

  expect(await screen.findByText('Panaji')).toBeInTheDocument();
  expect(screen.getByText('Goa')).toBeInTheDocument();
  expect(getCurrentPosition).toHaveBeenCalledWith(expect.any(Function), expect.any(Function), {
    enableHighAccuracy: true,
    timeout: 10000,
    maximumAge: 0,
  });
  expect(screen.getByRole('button', { name: 'Real-time Updates' })).toBeDisabled();
  expect(screen.getByText(/find nearby hostels, events and other travellers/)).toBeInTheDocument();
  await waitFor(() => expect(document.title).toBe('Location | Need Spot'));
});

it("'Refresh Now' detects again, showing the loading state meanwhile", async () => {
  let answer: (success: Success, failure: Failure) => void = here;
  const getCurrentPosition = mockGeolocation((success, failure) => answer(success, failure));
  const { user } = renderWithProviders('/location');
  await screen.findByText('Panaji');
  const calls = getCurrentPosition.mock.calls.length;

  let pending: Success | undefined;
  answer = (success) => {
    pending = success;
  };
  await user.click(screen.getByRole('button', { name: 'Refresh Now' }));
  expect(screen.getByText('Detecting your location...')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Refresh Now' })).toBeDisabled();
  expect(getCurrentPosition).toHaveBeenCalledTimes(calls + 1);

  server.use(
    http.get('*/api/geo/reverse', () =>
      HttpResponse.json({ status: true, address: { town: 'Mapusa', state: 'Goa' }, display_name: 'Mapusa, Goa, India', lat: 15.59, lon: 73.81 }),
    ),
  );
  pending?.({ coords: { latitude: 15.59, longitude: 73.81, accuracy: 20 }, timestamp: Date.now() } as GeolocationPosition);
  expect(await screen.findByText('Mapusa')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Refresh Now' })).toBeEnabled();
});

it.each([
  [
    'permission is denied',
    failing(1, 'denied'),
    ['Permission denied to access location', 'Could not access your precise location. Make sure location permissions are enabled in your browser.'],
  ],
  ['the position is unavailable', failing(2), ['Location unavailable']],
  ['it times out', failing(3), ['Unable to retrieve your location']],
])('shows the reason when %s', async (_case, answer, lines) => {
  mockGeolocation(answer);
  renderWithProviders('/location');
  const alert = await screen.findByRole('alert');
  for (const line of lines) expect(alert).toHaveTextContent(line);
  expect(screen.getByRole('button', { name: 'Refresh Now' })).toBeEnabled();
});

it('shows when the lookup fails', async () => {
  mockGeolocation(here);
  server.use(http.get('*/api/geo/reverse', () => HttpResponse.json({ message: 'Error fetching location details' }, { status: 502 })));
  renderWithProviders('/location');
  expect(await screen.findByRole('alert')).toHaveTextContent('Error fetching location details');
});

it('says so when the browser has no geolocation', async () => {
  renderWithProviders('/location');
  expect(await screen.findByRole('alert')).toHaveTextContent('Geolocation is not supported by your browser');
});
