import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { searchAnswers, searchResults } from '@mocks/fixtures/search';
import { server } from '@mocks/server';
import { renderWithProviders, skipSplash } from '@test-utils/render';

const emptyGroup = { count: 0, capped: false, items: [] };

afterEach(() => server.events.removeAllListeners());

async function searchFor(text: string) {
  skipSplash();
  const user = userEvent.setup();
  const view = renderWithProviders('/');
  const box = await screen.findByRole('searchbox', { name: 'Search' });
  await user.type(box, `${text}{Enter}`);
  return { user, view, box };
}

describe('home search', () => {
  it('shows the query, the number of matches and the three groups with their counts and cards', async () => {
    const requests: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/api/search')) requests.push(new URL(request.url).searchParams.get('q') ?? '');
    });
    await searchFor('  hostel  ');

    expect(await screen.findByRole('heading', { name: 'Results for “hostel”' })).toBeInTheDocument();
    expect(requests).toEqual(['hostel']);
    expect(screen.getByText('3 matches found')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Explore' })).not.toBeInTheDocument();

    const needs = screen.getByRole('region', { name: /^Needs/ });
    expect(within(needs).getByLabelText('1 needs')).toHaveTextContent('1');
    const need = within(needs).getByRole('link', { name: /Backpacker hostel near Baga beach/ });
    expect(need).toHaveAttribute('href', `/needs/${searchResults.hostelNeed._id}`);
    // Needs cut their description at 90 characters.
    expect(need).toHaveTextContent(`${searchResults.hostelNeed.description.slice(0, 90).trimEnd()}...`);
    expect(need).toHaveTextContent('Calangute, Goa');

    const event = within(screen.getByRole('region', { name: /^Events/ })).getByRole('link', { name: /Hostel rooftop jam night/ });
    expect(event).toHaveAttribute('href', searchResults.hostelEvent.url);
    expect(event).toHaveTextContent('Mar 14');
    expect(event).toHaveTextContent(`${searchResults.hostelEvent.description.slice(0, 80).trimEnd()}...`);

    const skill = within(screen.getByRole('region', { name: /^Skills/ })).getByRole('link', { name: /Hostel mural painting/ });
    expect(skill).toHaveAttribute('href', searchResults.hostelSkill.url);
    // Category Other shows the custom category.
    expect(skill).toHaveTextContent('Mural art');
  });

  it('Clear empties the box and brings the tiles back', async () => {
    const { user, box } = await searchFor('hostel');
    await user.click(await screen.findByRole('button', { name: 'Clear' }));
    expect(screen.getByRole('heading', { name: 'Explore' })).toBeInTheDocument();
    expect(box).toHaveValue('');
  });

  it('a blank query only clears: no request, the tiles stay', async () => {
    let searched = false;
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/api/search')) searched = true;
    });
    await searchFor('   ');
    expect(screen.getByRole('heading', { name: 'Explore' })).toBeInTheDocument();
    expect(searched).toBe(false);
  });

  it('says so when nothing matches, and Back to all services returns to the tiles', async () => {
    server.use(http.get(searchAnswers.search.path, () => HttpResponse.json({
      success: true,
      data: { meta: { query: 'zqxv', totalResults: 0 }, needs: emptyGroup, events: emptyGroup, skills: emptyGroup },
    })));
    const { user } = await searchFor('zqxv');
    expect(await screen.findByText('No results found')).toBeInTheDocument();
    expect(screen.getByText('0 matches found')).toBeInTheDocument();
    expect(screen.getByText('We couldn\'t find any matches for "zqxv". Try different keywords or check the spelling.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to all services' }));
    expect(screen.getByRole('heading', { name: 'Explore' })).toBeInTheDocument();
  });

  it('shows a capped count as a lower bound: 100+ matches found', async () => {
    // The server counts each group up to 100 and says `capped` when there may be more.
    const needs = Array.from({ length: 20 }, (_, n) => ({ ...searchResults.hostelNeed, _id: `need-${n}` }));
    server.use(http.get(searchAnswers.search.path, () => HttpResponse.json({
      success: true,
      data: { meta: { query: 'beach', totalResults: 100 }, needs: { count: 100, capped: true, items: needs }, events: emptyGroup, skills: emptyGroup },
    })));
    await searchFor('beach');
    expect(await screen.findByText('100+ matches found')).toBeInTheDocument();
    expect(screen.queryByText('100 matches found')).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: /^Needs/ })).getByLabelText('100+ needs')).toHaveTextContent('100+');
  });

  it('a failed search is only logged: the results are empty', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.get(searchAnswers.search.path, () => HttpResponse.json({ message: 'boom' }, { status: 500 })));
    await searchFor('hostel');
    expect(await screen.findByText('No results found')).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith('Search failed', expect.anything());
    log.mockRestore();
  });
});
