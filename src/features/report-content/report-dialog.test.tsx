import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { safetyAnswers } from '@mocks/fixtures/safety';
import { fortWhisper } from '@mocks/fixtures/whispers';
import { answerError } from '@mocks/handlers/answer';
import { server } from '@mocks/server';
import { renderWithProviders, storeLogin } from '@test-utils/render';
import { ReportButton } from '.';

const reportBodies = () => {
  const bodies: unknown[] = [];
  server.events.on('request:start', async ({ request }) => {
    if (new URL(request.url).pathname === '/api/reports') bodies.push(await request.clone().json());
  });
  return bodies;
};

const open = async () => {
  storeLogin();
  const view = renderWithProviders(<ReportButton itemType="whisper" itemId={fortWhisper._id} />);
  const button = screen.getByRole('button', { name: 'Report' });
  await view.user.click(button);
  const dialog = await screen.findByRole('dialog', { name: 'Report' });
  return { ...view, button, dialog };
};

afterEach(() => server.events.removeAllListeners());

it('is a dialog labelled Report: six reasons as radio buttons, an optional Details field with its counter, Send report and Cancel', async () => {
  const { dialog } = await open();
  expect(dialog).toHaveAttribute('aria-modal', 'true');
  const group = within(dialog).getByRole('group', { name: 'Why are you reporting this?' });
  expect(within(group).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
    'Spam', 'Scam or fraud', 'Harassment', 'Unsafe meeting', 'Inappropriate content', 'Other',
  ]);
  const details = within(dialog).getByRole('textbox', { name: 'Details' });
  expect(details).toHaveAccessibleDescription('0 of 1,000 characters');
  expect(within(dialog).getByRole('button', { name: 'Send report' })).toBeEnabled();
  expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
});

it('asks for a reason before sending', async () => {
  const bodies = reportBodies();
  const { user, dialog } = await open();
  await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
  expect(within(dialog).getByText('Please choose a reason.')).toBeInTheDocument();
  expect(within(dialog).getByRole('radio', { name: 'Spam' })).toHaveFocus();
  expect(bodies).toEqual([]);
});

it('takes at most 1,000 characters of details: the counter says so, and more cannot be sent', async () => {
  const bodies = reportBodies();
  const { user, dialog } = await open();
  await user.click(within(dialog).getByRole('radio', { name: 'Other' }));
  const details = within(dialog).getByRole('textbox', { name: 'Details' });
  fireEvent.change(details, { target: { value: 'x'.repeat(1001) } });
  expect(details).toHaveAccessibleDescription('1,001 of 1,000 characters Details must be at most 1,000 characters.');
  expect(details).toHaveAttribute('aria-invalid', 'true');
  expect(within(dialog).getByRole('button', { name: 'Send report' })).toBeDisabled();

  fireEvent.change(details, { target: { value: 'x'.repeat(1000) } });
  expect(details).toHaveAccessibleDescription('1,000 of 1,000 characters');
  await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
  expect(await screen.findByText('Thanks, our moderators will look at this')).toBeInTheDocument();
  expect(bodies).toEqual([{ itemType: 'whisper', itemId: fortWhisper._id, reason: 'other', details: 'x'.repeat(1000) }]);
});

it('sends the report: the thanks toast, the dialog closes and focus goes back to Report', async () => {
  const bodies = reportBodies();
  const { user, dialog, button } = await open();
  await user.click(within(dialog).getByRole('radio', { name: 'Scam or fraud' }));
  await user.type(within(dialog).getByRole('textbox', { name: 'Details' }), 'Asked for money up front.');
  expect(within(dialog).getByRole('textbox', { name: 'Details' })).toHaveAccessibleDescription('25 of 1,000 characters');
  await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

  expect(await screen.findByText('Thanks, our moderators will look at this')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(button).toHaveFocus();
  expect(bodies).toEqual([{ itemType: 'whisper', itemId: fortWhisper._id, reason: 'scam', details: 'Asked for money up front.' }]);
});

it.each([
  ['already', 'You have already reported this. Our moderators will look at it.'],
  ['tooMany', 'Too many reports. Please try again later.'],
] as const)('a refused report (%s) shows the server\'s message, and the dialog keeps what was typed', async (name, message) => {
  server.use(answerError(safetyAnswers.report, name));
  const { user, dialog } = await open();
  await user.click(within(dialog).getByRole('radio', { name: 'Unsafe meeting' }));
  await user.type(within(dialog).getByRole('textbox', { name: 'Details' }), 'Wanted to meet at night, alone.');
  await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

  expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
  expect(within(dialog).getByRole('radio', { name: 'Unsafe meeting' })).toBeChecked();
  expect(within(dialog).getByRole('textbox', { name: 'Details' })).toHaveValue('Wanted to meet at night, alone.');
  expect(screen.queryByText('Thanks, our moderators will look at this')).not.toBeInTheDocument();
});

it('Cancel and Escape close the dialog without sending, focus back on Report; Tab stays inside', async () => {
  const bodies = reportBodies();
  const { user, dialog, button } = await open();
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(button).toHaveFocus();

  await user.click(button);
  const again = await screen.findByRole('dialog', { name: 'Report' });
  for (let i = 0; i < 12; i += 1) await user.tab();
  expect(again).toContainElement(document.activeElement as HTMLElement);
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(button).toHaveFocus();
  expect(bodies).toEqual([]);
});

it('is not offered to a visitor', () => {
  renderWithProviders(<ReportButton itemType="whisper" itemId={fortWhisper._id} />);
  expect(screen.queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
});
