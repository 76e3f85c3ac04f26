import { sunrise, zeroWaste } from '@mocks/fixtures/challenges';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@test-utils/render';
import { toChallenge } from '@/shared/api';
import { BadgeCard, badgeName, ChallengeCard, stepsDone, travellersText } from '.';

it("counts a participant's steps done, and travellers in the singular for one", () => {
  expect(stepsDone({ participationSteps: ['a', 'b', 'c'], progress: { completedSteps: [0, 2], completedAt: null } })).toBe('2 of 3 steps done');
  // A step the challenge no longer has does not count.
  expect(stepsDone({ participationSteps: ['a'], progress: { completedSteps: [0, 4], completedAt: null } })).toBe('1 of 1 step done');
  expect(travellersText(1)).toBe('1 traveller');
  expect(travellersText(2)).toBe('2 travellers');
});

it('names the badge after the challenge when it has no name of its own', () => {
  expect(badgeName({ badge: 'Early Riser', title: 'Sunrise Summit' })).toBe('Early Riser');
  expect(badgeName({ badge: '', title: 'Sunrise Summit' })).toBe('Sunrise Summit');
});

it('a challenge card links where its list says; a badge card opens its challenge', () => {
  renderWithProviders(
    <ul>
      <ChallengeCard challenge={toChallenge(zeroWaste)!} to="/joined-challenge/x" footer="1 of 3 steps done" />
      <BadgeCard challenge={toChallenge(sunrise)!} />
    </ul>,
  );
  expect(screen.getByRole('link', { name: /Zero-Waste Week/ })).toHaveAttribute('href', '/joined-challenge/x');
  const badge = screen.getByRole('link', { name: /Early Riser/ });
  expect(badge).toHaveAttribute('href', `/challenge-details/${sunrise._id}`);
  expect(badge).toHaveTextContent('+25 tokens');
});
