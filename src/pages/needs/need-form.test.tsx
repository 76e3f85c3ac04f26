import { File as NodeFile } from 'node:buffer';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { geoAnswers, reverseAnswer } from '@mocks/fixtures/geo';
import { needs, needsAnswers } from '@mocks/fixtures/needs';
import { answerError, answerHeld } from '@mocks/handlers/answer';
import { server } from '@mocks/server';
import { renderWithProviders, storeLogin } from '@test-utils/render';

type Success = (position: GeolocationPosition) => void;
type Failure = (error: GeolocationPositionError) => void;

/** Multipart requests to the needs' write routes: method, path, Idempotency-Key and fields (files by name). */
function recordWrites() {
  const seen: { method: string; path: string; key: string | null; form: Record<string, string[]> }[] = [];
  const reading: Promise<unknown>[] = [];
  server.events.on('request:start', ({ request }) => {
    const { pathname } = new URL(request.url);
    if (!/^\/api\/(create-need|needs)\//.test(pathname) || request.method === 'DELETE') return;
    const form: Record<string, string[]> = {};
    seen.push({ method: request.method, path: pathname, key: request.headers.get('Idempotency-Key'), form });
    reading.push(
      request
        .clone()
        .formData()
        .then((data) => data.forEach((value, name) => (form[name] ??= []).push(typeof value === 'string' ? value : value.name))),
    );
  });
  return { seen, read: () => Promise.all(reading).then(() => seen) };
}

afterEach(() => {
  server.events.removeAllListeners();
  Reflect.deleteProperty(navigator, 'geolocation');
});

const openCreate = async ({ signedIn = true } = {}) => {
  if (signedIn) storeLogin();
  const view = renderWithProviders('/needs/create-needs');
  await screen.findByRole('heading', { level: 1, name: 'Create a Need' });
  return view;
};

type View = Awaited<ReturnType<typeof openCreate>>;

/** Fills every field with valid values; the coordinates come from 'Get Coordinates from Address'. */
async function fillValid({ user }: View) {
  await user.click(screen.getByRole('radio', { name: /Available/ }));
  await user.type(screen.getByLabelText('Category'), 'Transport');
  await user.type(screen.getByLabelText('Service name'), 'Scooter for a day');
  await user.type(screen.getByLabelText('Description'), 'Need a scooter with a helmet.');
  await user.type(screen.getByLabelText('Phone'), '+919876543210');
  await user.type(screen.getByLabelText('Email'), 'demo@needspot.app');
  await user.type(screen.getByRole('combobox', { name: 'Address' }), 'Panaji');
  await user.type(screen.getByLabelText('City'), 'Panaji');
  await user.type(screen.getByLabelText('State'), 'Goa');
  await user.type(screen.getByLabelText('Postal code'), '403001');
  await user.click(screen.getByRole('button', { name: 'Get Coordinates from Address' }));
  await waitFor(() => expect(screen.getByLabelText('Latitude')).toHaveValue('15.498995'));
}

const errorOf = (label: string) => {
  const input = screen.getByLabelText(label);
  const id = input.getAttribute('aria-describedby')?.split(' ').find((part) => part.endsWith('-error'));
  return id ? document.getElementById(id)?.textContent : undefined;
};

it('shows the hero carousel and labels every field', async () => {
  await openCreate();
  expect(screen.getByRole('region', { name: 'Travellers helping each other' })).toBeInTheDocument();
  expect(screen.getByRole('group', { name: 'Type' })).toBeInTheDocument();
  for (const label of ['Category', 'Service name', 'Description', 'Phone', 'Email', 'City', 'State', 'Postal code', 'Latitude', 'Longitude', 'Images']) {
    expect(screen.getByLabelText(label)).toBeInTheDocument();
  }
  expect(screen.getByLabelText('Latitude')).toHaveAttribute('readonly');
  expect(screen.getByLabelText('Longitude')).toHaveAttribute('readonly');
  expect(screen.getByLabelText('Images')).toHaveAttribute('accept', 'image/*');
  expect(screen.getByRole('button', { name: 'Create Need' })).toBeInTheDocument();
});

it('shows the message of every invalid field and sends nothing', async () => {
  const { seen } = recordWrites();
  const { user } = await openCreate();
  await user.click(screen.getByRole('button', { name: 'Create Need' }));

  expect(errorOf('Category')).toBe('Category is required');
  expect(errorOf('Service name')).toBe('Service name is required');
  expect(errorOf('Description')).toBe('Description is required');
  expect(errorOf('Phone')).toBe('Phone number is required');
  expect(errorOf('Email')).toBe('Email is required');
  expect(errorOf('Address')).toBe('Address is required');
  expect(errorOf('City')).toBe('City is required');
  expect(errorOf('State')).toBe('State is required');
  expect(errorOf('Postal code')).toBe('Postal code is required');
  expect(errorOf('Latitude')).toBe('Valid latitude is required');
  expect(errorOf('Longitude')).toBe('Valid longitude is required');
  expect(screen.getByLabelText('Category')).toHaveFocus();

  await user.type(screen.getByLabelText('Phone'), '12-34');
  await user.type(screen.getByLabelText('Email'), 'demo@needspot');
  expect(errorOf('Phone')).toBe('Enter a valid phone number');
  expect(errorOf('Email')).toBe('Enter a valid email');
  await user.clear(screen.getByLabelText('Phone'));
  await user.type(screen.getByLabelText('Phone'), '+1234567');
  expect(errorOf('Phone')).toBeUndefined();

  await user.click(screen.getByRole('button', { name: 'Create Need' }));
  expect(seen).toEqual([]);
});

it("creates: 'Creating...' while it runs, then the toast and the board", async () => {
  const writes = recordWrites();
  const held = answerHeld(needsAnswers.createNeed);
  server.use(held.handler);
  const view = await openCreate();
  await fillValid(view);
  const file = new NodeFile(['png'], 'room.png', { type: 'image/png' }) as unknown as File;
  fireEvent.change(screen.getByLabelText('Images'), { target: { files: [file] } });
  expect(screen.getByRole('img', { name: 'Image 1: room.png' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Remove Image 1' })).toBeInTheDocument();

  await view.user.click(screen.getByRole('button', { name: 'Create Need' }));
  expect(await screen.findByRole('button', { name: 'Creating...' })).toBeDisabled();
  held.release();
  expect(await screen.findByText('Need created successfully!')).toBeInTheDocument();
  await waitFor(() => expect(view.router.state.location.pathname).toBe('/needs'));

  const [request] = await writes.read();
  expect(request.path).toBe('/api/create-need/' + needs.homestay.user._id);
  expect(request.key).toMatch(/^[0-9a-f-]{36}$/);
  expect(request.form).toEqual({
    type: ['available'],
    category: ['Transport'],
    serviceName: ['Scooter for a day'],
    description: ['Need a scooter with a helmet.'],
    phone: ['+919876543210'],
    email: ['demo@needspot.app'],
    address: ['Panaji'],
    city: ['Panaji'],
    state: ['Goa'],
    postalCode: ['403001'],
    latitude: ['15.498995'],
    longitude: ['73.828214'],
    images: ['room.png'],
  });
});

it('shows a server field error under its field and keeps what was typed', async () => {
  server.use(answerError(needsAnswers.createNeed, 'badPhone'));
  const view = await openCreate();
  await fillValid(view);
  await view.user.click(screen.getByRole('button', { name: 'Create Need' }));
  await waitFor(() => expect(errorOf('Phone')).toBe('Enter a valid phone number'));
  expect(screen.getByLabelText('Phone')).toHaveFocus();
  expect(screen.getByLabelText('Service name')).toHaveValue('Scooter for a day');
  expect(view.router.state.location.pathname).toBe('/needs/create-needs');
});

it('toasts a server message without a field, and retries a lost answer with the same Idempotency-Key', async () => {
  const writes = recordWrites();
  server.use(answerError(needsAnswers.createNeed, 'tooManyUploads'));
  const view = await openCreate();
  await fillValid(view);
  await view.user.click(screen.getByRole('button', { name: 'Create Need' }));
  expect(await screen.findByText('Too many uploads. Please try again later.')).toBeInTheDocument();

  // The button reads 'Create Need' again once the failed call has settled (the toast may come first).
  server.use(http.post('*/api/create-need/:userId', () => HttpResponse.error(), { once: true }));
  await view.user.click(await screen.findByRole('button', { name: 'Create Need' }));
  expect(await screen.findByText('Please try again')).toBeInTheDocument();
  expect(screen.getByLabelText('Category')).toHaveValue('Transport');

  server.resetHandlers();
  await view.user.click(await screen.findByRole('button', { name: 'Create Need' }));
  await waitFor(() => expect(view.router.state.location.pathname).toBe('/needs'));
  const keys = (await writes.read()).map((request) => request.key);
  expect(keys).toHaveLength(3);
  expect(new Set(keys).size).toBe(1);
});

it('gives new data a new Idempotency-Key', async () => {
  const writes = recordWrites();
  server.use(answerError(needsAnswers.createNeed, 'tooManyUploads'));
  const view = await openCreate();
  await fillValid(view);
  await view.user.click(screen.getByRole('button', { name: 'Create Need' }));
  await screen.findByText('Too many uploads. Please try again later.');
  await view.user.type(screen.getByLabelText('Category'), ' and fuel');
  await view.user.click(await screen.findByRole('button', { name: 'Create Need' }));
  await waitFor(() => expect(writes.seen).toHaveLength(2));
  expect(writes.seen[0].key).not.toBe(writes.seen[1].key);
});

it("'Error creating need' when the server gives no message", async () => {
  server.use(http.post('*/api/create-need/:userId', () => HttpResponse.json({}, { status: 500 })));
  const view = await openCreate();
  await fillValid(view);
  await view.user.click(screen.getByRole('button', { name: 'Create Need' }));
  expect(await screen.findByText('Error creating need')).toBeInTheDocument();
});

it('sends a visitor who submits to /login with the alert', async () => {
  const { seen } = recordWrites();
  const { user, router } = await openCreate({ signedIn: false });
  await user.click(screen.getByRole('button', { name: 'Create Need' }));
  expect(await screen.findByText('Unauthorized: You are not logged in. Please log in to submit an event.')).toBeInTheDocument();
  await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  expect(seen).toEqual([]);
});

describe('Get Coordinates from Address', () => {
  it('asks for an address first', async () => {
    const { user } = await openCreate();
    await user.click(screen.getByRole('button', { name: 'Get Coordinates from Address' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter an address first');
  });

  it('fills the coordinates of the first place found', async () => {
    const view = await openCreate();
    await fillValid(view);
    expect(screen.getByLabelText('Longitude')).toHaveValue('73.828214');
  });

  it('says when nothing is found', async () => {
    server.use(http.get('*/api/geo/search', () => HttpResponse.json({ status: true, results: [] })));
    const { user } = await openCreate();
    await user.type(screen.getByRole('combobox', { name: 'Address' }), 'Nowhere at all');
    await user.click(screen.getByRole('button', { name: 'Get Coordinates from Address' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No results found for your location');
    expect(screen.getByLabelText('Latitude')).toHaveValue('');
  });

  it('says when the geocoding service cannot be reached', async () => {
    server.use(answerError(geoAnswers.searchPlaces, 'upstreamFailed'));
    const { user } = await openCreate();
    await user.type(screen.getByRole('combobox', { name: 'Address' }), 'Panaji');
    await user.click(screen.getByRole('button', { name: 'Get Coordinates from Address' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Google Maps API not loaded');
  });
});

it('suggests places as the address is typed; the keyboard picks one, filling the coordinates', async () => {
  const { user } = await openCreate();
  const address = screen.getByRole('combobox', { name: 'Address' });
  await user.type(address, 'Pana');
  const option = await screen.findByRole('option', { name: /Panaji, Tiswadi/ });
  expect(address).toHaveAttribute('aria-expanded', 'true');
  await user.keyboard('{ArrowDown}');
  expect(address).toHaveAttribute('aria-activedescendant', option.id);
  await user.keyboard('{Enter}');
  expect(address).toHaveValue('Panaji, Tiswadi, North Goa, Goa, 403001, India');
  expect(address).toHaveAttribute('aria-expanded', 'false');
  expect(screen.getByLabelText('Latitude')).toHaveValue('15.498995');
  expect(screen.getByLabelText('Longitude')).toHaveValue('73.828214');
});

describe('Use Current Location', () => {
  const locateAt = (run: (success: Success, failure: Failure) => void) =>
    Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition: run }, configurable: true });

  it('fills the address, city, state, postal code and coordinates', async () => {
    locateAt((success) => success({ coords: { latitude: 15.4909, longitude: 73.8278, accuracy: 10 }, timestamp: 0 } as GeolocationPosition));
    const { user } = await openCreate();
    await user.click(screen.getByRole('button', { name: 'Use Current Location' }));
    await waitFor(() => expect(screen.getByLabelText('City')).toHaveValue('Panaji'));
    expect(screen.getByRole('combobox', { name: 'Address' })).toHaveValue(`${reverseAnswer.address.road}, Fontainhas`);
    expect(screen.getByLabelText('State')).toHaveValue('Goa');
    expect(screen.getByLabelText('Postal code')).toHaveValue('403001');
    expect(screen.getByLabelText('Latitude')).toHaveValue('15.490900');
    expect(screen.getByLabelText('Longitude')).toHaveValue('73.827800');
  });

  it('says when the browser has no geolocation', async () => {
    const { user } = await openCreate();
    await user.click(screen.getByRole('button', { name: 'Use Current Location' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Geolocation is not supported by your browser');
  });

  it('says when the position cannot be had', async () => {
    locateAt((_success, failure) => failure({ code: 1, message: 'denied' } as GeolocationPositionError));
    const { user } = await openCreate();
    await user.click(screen.getByRole('button', { name: 'Use Current Location' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error getting your location. Please make sure location services are enabled.',
    );
  });
});

describe('edit', () => {
  it("fills the owner's form; saving sends the kept images and goes to the need", async () => {
    storeLogin();
    const writes = recordWrites();
    const held = answerHeld(needsAnswers.updateNeed);
    server.use(held.handler);
    const { user, router } = renderWithProviders(`/needs/${needs.homestay._id}/edit`);
    expect(await screen.findByLabelText('Service name')).toHaveValue(needs.homestay.serviceName);
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Need' })).toBeInTheDocument();
    expect(screen.getByLabelText('Latitude')).toHaveValue('32.2526');
    expect(screen.getByRole('radio', { name: /^Need/ })).toBeChecked();

    const chosen = screen.getByRole('list', { name: 'Images chosen' });
    expect(within(chosen).getAllByRole('img')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Remove Image 1' }));
    await user.clear(screen.getByLabelText('Category'));
    await user.type(screen.getByLabelText('Category'), 'Stay');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    held.release();
    expect(await screen.findByText('Need updated successfully!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/needs/${needs.homestay._id}`));

    const [request] = await writes.read();
    expect(request).toMatchObject({ method: 'PUT', path: `/api/needs/${needs.homestay._id}`, key: null });
    expect(request.form.keepImages).toEqual([JSON.stringify(['/images/stock/needs-2.svg'])]);
    expect(request.form.category).toEqual(['Stay']);
  });

  it('keeps four images at most', async () => {
    storeLogin();
    const { user } = renderWithProviders(`/needs/${needs.homestay._id}/edit`);
    await screen.findByLabelText('Service name');
    const files = ['a', 'b', 'c'].map((name) => new NodeFile(['x'], `${name}.png`, { type: 'image/png' }) as unknown as File);
    fireEvent.change(screen.getByLabelText('Images'), { target: { files } });
    expect(screen.getByText('Maximum 4 images allowed.')).toBeInTheDocument();
    // The two current images come first, then what fitted of the pick.
    expect(screen.getByRole('img', { name: 'Image 3: a.png' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Image 4: b.png' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /c\.png/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove Image 5' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Images')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove Image 3' }));
    expect(screen.getByLabelText('Images')).toBeEnabled();
  });

  it("tells someone else it is not theirs", async () => {
    storeLogin();
    renderWithProviders(`/needs/${needs.scooters._id}/edit`, {});
    server.use(http.get('*/api/singleneeds/:id', () => HttpResponse.json({ success: true, need: needs.scooters })));
    expect(await screen.findByText('You can only edit your own needs.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
  });

  it('sends a visitor to /login', async () => {
    const { router } = renderWithProviders(`/needs/${needs.homestay._id}/edit`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
