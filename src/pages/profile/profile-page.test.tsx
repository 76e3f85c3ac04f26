import { File as NodeFile } from 'node:buffer';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { tinyPngBase64 } from '@mocks/fixtures/account';
import { demoPosition, nominatimReverseNoCity, reverseAnswer, seaPosition, toReverseAnswer } from '@mocks/fixtures/geo';
import { demoToken, demoUser, usersAnswers } from '@mocks/fixtures/users';
import { answerError } from '@mocks/handlers/answer';
import { server } from '@mocks/server';
import { selectSessionUser } from '@/shared/api';
import { failing, mockGeolocation, positionAt } from '@test-utils/geolocation';
import { renderWithProviders, storeLogin } from '@test-utils/render';

const setup = async () => {
  storeLogin();
  const view = renderWithProviders('/profile');
  await screen.findByRole('heading', { name: 'Edit Profile' });
  return view;
};

/** Multipart bodies sent to a path, as plain objects (files by name, type and size). */
const formBodies = (pathPattern: RegExp) => {
  const bodies: Record<string, unknown>[] = [];
  server.events.on('request:start', async ({ request }) => {
    if (!pathPattern.test(new URL(request.url).pathname)) return;
    const form = await request.clone().formData();
    const body: Record<string, unknown> = {};
    form.forEach((value, key) => {
      body[key] = typeof value === 'string' ? value : { name: value.name, type: value.type, size: value.size };
    });
    bodies.push(body);
  });
  return bodies;
};

afterEach(() => {
  server.events.removeAllListeners();
  jest.useRealTimers();
  Reflect.deleteProperty(navigator, 'geolocation');
});

it('sends a logged-out visitor to /login', async () => {
  const { router } = renderWithProviders('/profile');
  expect(await screen.findByRole('heading', { name: 'Login Account' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/login');
});

it('shows the fresh profile: initials, first name, username, phone, e-mail, location', async () => {
  server.use(
    http.get('*/api/user/:id', () =>
      HttpResponse.json({ status: true, user: { ...demoUser, firstName: 'Ashwini', location: 'Hampi, Karnataka' } }),
    ),
  );
  await setup();
  await waitFor(() => expect(document.title).toBe('My Profile | Need Spot'));

  // The title is set as the page mounts; the summary follows once the profile has been fetched.
  const summary = await screen.findByRole('region', { name: 'Ashwini' });
  expect(within(summary).getByRole('heading', { name: 'Ashwini' })).toBeInTheDocument();
  expect(within(summary).getByText('@demo')).toBeInTheDocument();
  expect(within(summary).getByText(demoUser.phone)).toBeInTheDocument();
  expect(within(summary).getByText(demoUser.email)).toBeInTheDocument();
  expect(within(summary).getByText('Hampi, Karnataka')).toBeInTheDocument();
  expect(within(summary).getByText('AR')).toBeInTheDocument();
  // A valid description list: each group holds only its term (the icon inside) and its value.
  const pairs = within(summary)
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent, term.parentElement?.children.length]);
  expect(pairs).toEqual([
    ['Phone', demoUser.phone, 2],
    ['Email', demoUser.email, 2],
    ['Location', 'Hampi, Karnataka', 2],
  ]);
  expect(within(summary).getAllByRole('definition')).toHaveLength(3);
});

it("links to My trips, with how many trips are coming up", async () => {
  const { user, router } = await setup();
  const summary = await screen.findByRole('region', { name: 'Asha' });
  const link = within(summary).getByRole('link', { name: 'My trips' });
  expect(link).toHaveAttribute('href', '/trips');
  expect(await within(summary).findByText('2 upcoming')).toBeInTheDocument();
  await user.click(link);
  expect(await screen.findByRole('heading', { level: 1, name: 'My trips' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/trips');
});

it('prefills the form; the contact number is read-only; gender offers male, female, other', async () => {
  await setup();
  expect(screen.getByLabelText('Full Name')).toHaveValue('Asha Rao');
  expect(screen.getByLabelText('Bio')).toHaveValue(demoUser.bio);
  expect(screen.getByLabelText('Contact No')).toHaveValue(demoUser.contactNumber);
  expect(screen.getByLabelText('Contact No')).toHaveAttribute('readonly');
  expect(screen.getByLabelText('Location')).toHaveValue('Goa, India');
  const gender = screen.getByLabelText('Gender');
  expect(gender).toHaveValue('female');
  expect(within(gender).getAllByRole('option').map((option) => option.getAttribute('value'))).toEqual([
    '',
    'male',
    'female',
    'other',
  ]);
  expect(screen.getByRole('switch', { name: 'Use Current Location' })).not.toBeChecked();
});

describe('saving', () => {
  it('asks first; Cancel sends nothing', async () => {
    const bodies = formBodies(/\/api\/edit-profile\//);
    const { user } = await setup();

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    const dialog = screen.getByRole('dialog', { name: 'Save changes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('sends the multipart form after Confirm, says so, and updates the stored user', async () => {
    const bodies = formBodies(/\/api\/edit-profile\//);
    const { user, store } = await setup();
    const userReads: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (/\/api\/user\//.test(request.url)) userReads.push(request.url);
    });

    await user.clear(screen.getByLabelText('Full Name'));
    await user.type(screen.getByLabelText('Full Name'), 'Meera  Iyer Nair ');
    await user.clear(screen.getByLabelText('Bio'));
    await user.type(screen.getByLabelText('Bio'), 'Chasing monsoons.');
    await user.selectOptions(screen.getByLabelText('Gender'), 'other');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Save changes?' })).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Your profile has been updated successfully.')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        fullName: 'Meera  Iyer Nair',
        bio: 'Chasing monsoons.',
        location: 'Goa, India',
        contact: demoUser.contactNumber,
        useCurrentLocation: 'false',
        gender: 'other',
      },
    ]);
    expect(selectSessionUser(store.getState())).toMatchObject({ firstName: 'Meera', lastName: 'Iyer Nair', gender: 'other' });
    expect(JSON.parse(localStorage.getItem('userData') ?? '{}')).toMatchObject({ firstName: 'Meera', token: demoToken });
    // The answer's user, written into the cache, shows the new name: one request, no refetch.
    expect(await screen.findByRole('heading', { name: 'Meera' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(userReads).toEqual([]);
  });

  it.each([
    ['the server message', answerError(usersAnswers.editProfile, 'firstAndLastName'), 'Please enter your first and last name.'],
    ['the fallback', http.put('*/api/edit-profile/:userId', () => HttpResponse.json({}, { status: 500 })), 'Something went wrong'],
    ['the fallback for a network failure', http.put('*/api/edit-profile/:userId', () => HttpResponse.error()), 'Something went wrong'],
  ])('shows %s when saving fails', async (_case, handler, shown) => {
    server.use(handler);
    const { user, store } = await setup();

    await user.clear(screen.getByLabelText('Full Name'));
    await user.type(screen.getByLabelText('Full Name'), 'Meera');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
    expect(selectSessionUser(store.getState())?.firstName).toBe('Asha');
  });
});

describe('profile photo', () => {
  // Node's File: jsdom's one becomes the string '[object File]' in the Node FormData that
  // jest-fixed-jsdom installs (it restores Node's fetch and FormData for MSW); browsers have one File.
  const file = (parts: (string | Uint8Array)[], name: string, type: string) =>
    new NodeFile(parts, name, { type }) as unknown as File;
  const png = () => file([Buffer.from(tinyPngBase64, 'base64')], 'me.png', 'image/png');
  const picker = () => screen.getByLabelText('Change photo');

  it("is an image picker labelled 'Change photo'", async () => {
    await setup();
    expect(picker()).toHaveAttribute('type', 'file');
    expect(picker()).toHaveAttribute('accept', 'image/*');
  });

  it.each([
    ['not an image', () => file(['hello'], 'notes.txt', 'text/plain'), 'Please select an image file'],
    ['larger than 5 MB', () => file([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.png', 'image/png'), 'Image size should be less than 5MB'],
  ])('refuses a file that is %s before sending it', async (_case, makeFile, shown) => {
    const bodies = formBodies(/\/upload$/);
    await setup();

    fireEvent.change(picker(), { target: { files: [makeFile()] } });

    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
    expect(bodies).toEqual([]);
  });

  it('uploads an image: says so, shows it from the backend host and stores it in the session', async () => {
    const bodies = formBodies(/\/upload$/);
    const { user, store } = await setup();

    await user.upload(picker(), png());

    expect(await screen.findByText('Profile image updated!')).toBeInTheDocument();
    expect(bodies).toEqual([{ profileImage: { name: 'me.png', type: 'image/png', size: expect.any(Number) } }]);
    const photo = await screen.findByRole('img', { name: 'Profile photo' });
    expect(photo.getAttribute('src')).toMatch(/^http:\/\/localhost\/uploads\/profile\/[0-9a-f-]+\.webp$/);
    expect(selectSessionUser(store.getState())?.profileImage).toBe(new URL(photo.getAttribute('src') ?? '').pathname);
    // No photo error (the toast is an alert of its own).
    expect(within(screen.getByRole('region', { name: 'Asha' })).queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    ['the server message (it sniffs the bytes)', () => file(['not really'], 'fake.png', 'image/png'), answerError(usersAnswers.uploadProfileImage, 'notAnImage'), 'Please select an image file'],
    ['the server message for a big file', png, HttpResponse.json({ message: 'Image size should be less than 5MB' }, { status: 413 }), 'Image size should be less than 5MB'],
    ['the fallback', png, HttpResponse.json({}, { status: 500 }), 'Upload failed. Please try again.'],
    ['the fallback for a network failure', png, HttpResponse.error(), 'Upload failed. Please try again.'],
  ])('shows %s when the upload fails', async (_case, makeFile, answer, shown) => {
    const bodies = formBodies(/\/upload$/);
    server.use(answer instanceof Response ? http.post('*/api/:id/upload', () => answer) : answer);
    const { user, store } = await setup();

    await user.upload(picker(), makeFile());

    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
    expect(selectSessionUser(store.getState())?.profileImage).toBe('');
    // The file itself was sent (not refused before sending).
    expect(bodies).toEqual([{ profileImage: expect.objectContaining({ type: 'image/png' }) }]);
  });
});

describe("the 'Use Current Location' switch", () => {

  const turnOn = async () => {
    jest.useFakeTimers();
    const view = await setup();
    const toggle = screen.getByRole('switch', { name: 'Use Current Location' });
    await view.user.click(toggle);
    return { ...view, toggle, location: screen.getByLabelText('Location') };
  };

  it("waits 1 s, asks for a precise fresh position, and fills 'city, state' from our reverse lookup", async () => {
    const getCurrentPosition = mockGeolocation(positionAt(demoPosition));
    const { toggle, location } = await turnOn();

    expect(toggle).toBeChecked();
    expect(screen.getByText('Detecting your location...')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(999));
    expect(getCurrentPosition).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(getCurrentPosition).toHaveBeenCalledWith(expect.any(Function), expect.any(Function), {
      enableHighAccuracy: true,
      timeout: 10000,
      maximumAge: 0,
    });

    await waitFor(() => expect(location).toHaveValue('Panaji, Goa'));
    expect(toggle).toBeChecked();
    expect(screen.queryByText('Detecting your location...')).not.toBeInTheDocument();
  });

  it('fills a place, never the street address, where the place has no city (issue 32, finding 8)', async () => {
    server.use(http.get('*/api/geo/reverse', () => HttpResponse.json(toReverseAnswer(nominatimReverseNoCity))));
    mockGeolocation(positionAt(demoPosition));
    const { location } = await turnOn();
    act(() => jest.advanceTimersByTime(1000));
    await waitFor(() => expect(location).toHaveValue('Maharashtra, India'));
  });

  it('clears the field when turned off, and sends useCurrentLocation with the form', async () => {
    mockGeolocation(positionAt(demoPosition));
    const bodies = formBodies(/\/api\/edit-profile\//);
    const { user, toggle, location } = await turnOn();
    act(() => jest.advanceTimersByTime(1000));
    await waitFor(() => expect(location).toHaveValue('Panaji, Goa'));

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Your profile has been updated successfully.');
    expect(bodies[0]).toMatchObject({ location: 'Panaji, Goa', useCurrentLocation: 'true' });

    await user.click(toggle);
    expect(toggle).not.toBeChecked();
    expect(location).toHaveValue('');
  });

  it('falls back to the country, never the road (the display name), when there is no city or state', async () => {
    mockGeolocation(positionAt(demoPosition));
    server.use(
      http.get('*/api/geo/reverse', () =>
        HttpResponse.json({ ...reverseAnswer, address: { road: 'NH 66', country: 'India' }, display_name: 'NH 66, India' }),
      ),
    );
    const { location } = await turnOn();
    act(() => jest.advanceTimersByTime(1000));
    await waitFor(() => expect(location).toHaveValue('India'));
  });

  it.each([
    ['permission is denied', failing(1), ['Permission denied to access location', 'Could not access your precise location. Make sure location permissions are enabled in your browser.']],
    ['the position is unavailable', failing(2), ['Location unavailable']],
    ['it times out', failing(3), ['Unable to retrieve your location']],
    ['the sea has no address', positionAt(seaPosition), ['Unknown location']],
  ])('turns itself off with the reason when %s', async (_case, answer, lines) => {
    mockGeolocation(answer);
    const { toggle, location } = await turnOn();
    act(() => jest.advanceTimersByTime(1000));

    const alert = await screen.findByRole('alert');
    for (const line of lines) expect(alert).toHaveTextContent(line);
    expect(toggle).not.toBeChecked();
    expect(location).toHaveValue('Goa, India');
  });

  it.each([
    ['the lookup fails', HttpResponse.json({ message: 'Error fetching location details' }, { status: 502 }), 'Error fetching location details'],
    ['the lookup cannot be reached', HttpResponse.error(), 'Error fetching location details'],
    ['the answer has no usable address', HttpResponse.json({ ...reverseAnswer, address: {}, display_name: '' }), 'Unknown location'],
  ])('turns itself off when %s', async (_case, answer, shown) => {
    mockGeolocation(positionAt(demoPosition));
    server.use(http.get('*/api/geo/reverse', () => answer));
    const { toggle } = await turnOn();
    act(() => jest.advanceTimersByTime(1000));

    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
    expect(toggle).not.toBeChecked();
  });

  it('says so when the browser has no geolocation', async () => {
    const { toggle } = await turnOn();
    act(() => jest.advanceTimersByTime(1000));
    expect(await screen.findByRole('alert')).toHaveTextContent('Geolocation is not supported by your browser');
    expect(toggle).not.toBeChecked();
  });
});
