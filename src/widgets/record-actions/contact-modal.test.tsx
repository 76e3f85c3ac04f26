import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { renderWithProviders, storeLogin } from '@test-utils/render';
import { ContactModal, telHref } from '.';

type Props = Omit<Parameters<typeof ContactModal>[0], 'open' | 'onClose'>;

/** A page's Contact button opening the modal. */
function Harness(props: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Contact
      </button>
      <ContactModal {...props} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

afterEach(() => jest.useRealTimers());

async function openContact(props: Props) {
  const view = renderWithProviders(<Harness {...props} />);
  await view.user.click(screen.getByRole('button', { name: 'Contact' }));
  return { ...view, dialog: screen.getByRole('dialog', { name: 'Contact' }) };
}

it('shows read-only e-mail and phone and a Call link to the digits', async () => {
  const { dialog } = await openContact({ signedIn: true, name: 'Asha Rao', email: 'asha@example.com', phone: '+91 98765-43210' });

  expect(dialog).toHaveAttribute('aria-modal', 'true');
  expect(dialog).toHaveTextContent('Asha Rao');
  expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('asha@example.com');
  expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('readonly');
  expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveValue('+91 98765-43210');
  expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveAttribute('readonly');
  expect(screen.getByRole('link', { name: 'Call' })).toHaveAttribute('href', 'tel:+919876543210');
});

it('has no phone field and no Call link without a phone', async () => {
  await openContact({ signedIn: true, email: 'asha@example.com' });
  expect(screen.getByRole('textbox', { name: 'Email' })).toBeInTheDocument();
  expect(screen.queryByRole('textbox', { name: 'Phone' })).not.toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Call' })).not.toBeInTheDocument();
});

it('says so when there are no details at all', async () => {
  const { dialog } = await openContact({ signedIn: true });
  expect(dialog).toHaveTextContent('No contact details given.');
  expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
});

it('asks a signed-out visitor to log in instead, with a link to the login page', async () => {
  const { user, router } = await openContact({ signedIn: false, email: 'asha@example.com', phone: '12345' });
  expect(screen.getByText('Log in to see the contact details.')).toBeInTheDocument();
  expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Call' })).not.toBeInTheDocument();

  await user.click(screen.getByRole('link', { name: 'Login' }));
  expect(router.state.location.pathname).toBe('/login');
});

it('follows the session when signedIn is not given', async () => {
  await openContact({ email: 'asha@example.com' });
  expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
});

it('shows the details to a signed-in session when signedIn is not given', async () => {
  storeLogin();
  await openContact({ email: 'asha@example.com' });
  expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('asha@example.com');
});

it('closes with the Close button after its 300 ms fade, focus back on the opener', async () => {
  jest.useFakeTimers();
  const { user } = await openContact({ signedIn: true, phone: '12345' });
  await user.click(screen.getByRole('button', { name: 'Close' }));

  expect(screen.getByRole('button', { name: 'Contact', hidden: true })).toHaveFocus();
  act(() => jest.advanceTimersByTime(299));
  expect(document.querySelector('.contact-modal')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(1));
  expect(document.querySelector('.contact-modal')).not.toBeInTheDocument();
});

it('closes with Escape', async () => {
  const { user } = await openContact({ signedIn: true, phone: '12345' });
  await user.keyboard('{Escape}');
  expect(document.querySelector('.contact-modal')).toHaveAttribute('inert');
  await waitFor(() => expect(document.querySelector('.contact-modal')).not.toBeInTheDocument());
});

it.each([
  ['+91 98765-43210', 'tel:+919876543210'],
  ['(020) 7946 0958', 'tel:02079460958'],
  [' 0049 30 1234 ', 'tel:0049301234'],
])('telHref(%j) is %j', (phone, href) => {
  expect(telHref(phone)).toBe(href);
});
