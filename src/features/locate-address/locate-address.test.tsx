import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { geoAnswers } from '@mocks/fixtures/geo';
import { answerError, hold } from '@mocks/handlers/answer';
import { server } from '@mocks/server';
import { renderWithProviders } from '@test-utils/render';
import { formatCoordinate, useLocateAddress, type LocateOutcome } from '.';

let locate: (address: string) => Promise<LocateOutcome> = () => Promise.reject(new Error('not rendered'));

function Probe() {
  const lookup = useLocateAddress();
  locate = lookup.locate;
  return <p>{lookup.locating ? 'locating' : 'idle'}</p>;
}

const searches = () => {
  const seen: string[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname === '/api/geo/search') seen.push(url.searchParams.get('q') ?? '');
  });
  return seen;
};

afterEach(() => server.events.removeAllListeners());

it('finds the first place for an address, trimmed', async () => {
  renderWithProviders(<Probe />);
  const outcome = await act(() => locate('  Panaji  '));
  expect(outcome).toEqual({ kind: 'found', place: { lat: 15.4989946, lon: 73.8282141, displayName: 'Panaji, Tiswadi, North Goa, Goa, 403001, India' } });
});

it("says 'none' when nothing matches, 'failed' when the service does not answer", async () => {
  renderWithProviders(<Probe />);
  expect(await act(() => locate('nowhere'))).toEqual({ kind: 'none' });
  server.use(answerError(geoAnswers.searchPlaces, 'upstreamFailed'));
  expect(await act(() => locate('Calangute'))).toEqual({ kind: 'failed' });
});

it('asks once for an address asked for twice while the first lookup runs, and says it is locating meanwhile', async () => {
  const seen = searches();
  const gate = hold();
  server.use(
    http.get(geoAnswers.searchPlaces.path, async () => {
      await gate.passed;
      return HttpResponse.json({ status: true, results: [] });
    }),
  );
  renderWithProviders(<Probe />);
  let first: Promise<LocateOutcome> = Promise.resolve({ kind: 'failed' });
  let second: Promise<LocateOutcome> = first;
  act(() => {
    first = locate('Mapusa');
    second = locate('Mapusa ');
  });
  expect(second).toBe(first);
  expect(await screen.findByText('locating')).toBeInTheDocument();
  gate.release();
  expect(await act(() => first)).toEqual({ kind: 'none' });
  await waitFor(() => expect(screen.getByText('idle')).toBeInTheDocument());
  expect(seen).toEqual(['Mapusa']);
});

it('writes coordinates as the forms send them: 6 decimals', () => {
  expect(formatCoordinate(15.4989946)).toBe('15.498995');
  expect(formatCoordinate(-73.5)).toBe('-73.500000');
});
