import { screen, waitFor } from '@testing-library/react';
import { currentAppConfig, setAppConfig } from '@test-utils/app-config';
import { renderWithProviders } from '@test-utils/render';

it('shows the support e-mail, a Send Email mailto link and the support hours', async () => {
  renderWithProviders('/help-support');

  expect(await screen.findByRole('heading', { name: 'Help & Support', level: 1 })).toBeInTheDocument();
  await waitFor(() => expect(document.title).toBe('Help & Support | Need Spot'));
  expect(screen.getByText('support@needspot.app')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Send Email' })).toHaveAttribute('href', 'mailto:support@needspot.app');
  expect(screen.getByText('Monday to Friday 9:00 AM to 6:00 PM')).toBeInTheDocument();
  expect(screen.getByText('Saturday to Sunday 10:00 AM to 2:00 PM')).toBeInTheDocument();
  expect(screen.getByText(/GMT \+5:30/)).toBeInTheDocument();
});

it('uses the support e-mail of the runtime config', async () => {
  const saved = currentAppConfig();
  setAppConfig({ ...JSON.parse(saved ?? '{}'), supportEmail: 'help@example.org' });
  try {
    renderWithProviders('/help-support');
    expect(await screen.findByRole('link', { name: 'Send Email' })).toHaveAttribute('href', 'mailto:help@example.org');
  } finally {
    setAppConfig(saved);
  }
});
