import type { PersonKey } from './people.js';

/** Who is listed on /companions: these turned the switch on (it is off for everyone else). */
export const demoMatching: PersonKey[] = ['demo', 'kabir', 'priya', 'meera'];

/**
 * Trips, by days from the seeding: the demo traveller's Manali trip overlaps Kabir's and Priya's (who
 * are listed to each other too), not Rohan's, who has not turned matching on; the Goa trip is past.
 */
export const demoTrips: Array<{ owner: PersonKey; from: string; to: string; inDays: number; lengthDays: number; peopleCount: number; budget: number }> = [
  { owner: 'demo', from: 'Bengaluru', to: 'Manali', inDays: 12, lengthDays: 6, peopleCount: 1, budget: 30000 },
  { owner: 'demo', from: 'Kochi', to: 'Goa', inDays: -40, lengthDays: 5, peopleCount: 2, budget: 18000 },
  { owner: 'kabir', from: 'Delhi', to: 'Manali', inDays: 14, lengthDays: 6, peopleCount: 2, budget: 22000 },
  { owner: 'priya', from: 'Rishikesh', to: 'Manali, Himachal Pradesh', inDays: 16, lengthDays: 9, peopleCount: 1, budget: 15000 },
  { owner: 'rohan', from: 'Jaipur', to: 'Manali', inDays: 13, lengthDays: 4, peopleCount: 3, budget: 40000 },
  { owner: 'meera', from: 'Goa', to: 'Hampi', inDays: 30, lengthDays: 4, peopleCount: 2, budget: 12000 },
];
