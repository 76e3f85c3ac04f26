import { render, screen } from '@testing-library/react';
import { FactList } from '.';

it('labels each value, leaves out the facts a record lacks, and can keep the labels for screen readers only', () => {
  const facts = [{ icon: 'calendar', label: 'Dates', value: '14 Mar 2030' } as const, false as const];
  const { container, rerender } = render(<FactList facts={facts} />);
  expect(container.querySelectorAll('dt')).toHaveLength(1);
  expect(container).toHaveTextContent('Dates14 Mar 2030');
  rerender(<FactList iconsOnly facts={facts} />);
  expect(screen.getByText('Dates')).toHaveClass('visually-hidden');
});
