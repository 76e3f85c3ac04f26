import type { PersonKey } from './people.js';

// Categories of the whisper form (spec §9). `likedBy` and the follows below become rows.
export const demoWhispers: Array<{ owner: PersonKey; title: string; description: string; location: string; category: string; likedBy: PersonKey[] }> = [
  { owner: 'asha', title: 'The secret waterfall behind Athirappilly', description: 'Walk 20 minutes past the viewpoint and follow the stream: a small pool with nobody around, even on weekends.', location: 'Athirappilly, Kerala', category: 'Hidden Gem', likedBy: ['demo', 'priya', 'kabir'] },
  { owner: 'kabir', title: 'Hampta Pass in four days', description: 'From lush Kullu valley to the stark Lahaul desert in one crossing. Go in late June for snow bridges and flowers.', location: 'Manali, Himachal Pradesh', category: 'Adventure', likedBy: ['demo', 'rohan'] },
  { owner: 'meera', title: 'Sunset at Cabo de Rama', description: 'An old fort on a cliff, a tiny church and the whole Arabian Sea turning orange. Bring a picnic.', location: 'South Goa', category: 'Romantic', likedBy: ['asha'] },
  { owner: 'demo', title: 'Gokarna beyond Om Beach', description: 'Hike the coastal trail to Half Moon and Paradise beaches; the last one has a single shack and hammocks.', location: 'Gokarna, Karnataka', category: 'Beach', likedBy: ['asha', 'meera', 'priya'] },
  { owner: 'priya', title: 'Kunjapuri at dawn', description: 'Leave Rishikesh at 4 am and watch the sun rise over the Himalayan range from the temple steps.', location: 'Rishikesh, Uttarakhand', category: 'Mountain', likedBy: ['demo'] },
  { owner: 'rohan', title: 'Stepwells of Jaipur at noon', description: 'Panna Meena ka Kund is empty at midday and the symmetry is unreal. Climbing the steps is not allowed anymore, just look.', location: 'Amer, Rajasthan', category: 'Urban Escape', likedBy: ['asha', 'kabir'] },
  { owner: 'asha', title: 'Chinese nets in the morning mist', description: 'Fort Kochi fishermen start at six; they will let you pull the ropes for a few minutes if you ask nicely.', location: 'Fort Kochi, Kerala', category: 'Hidden Gem', likedBy: [] },
  { owner: 'demo', title: 'Night train to Varanasi', description: 'Sleeper class, new friends and a dawn boat ride on the Ganges the next morning. Worth every bump.', location: 'Varanasi, Uttar Pradesh', category: 'Urban Escape', likedBy: ['priya', 'rohan'] },
];

export const demoFollows: Array<[follower: PersonKey, followee: PersonKey]> = [
  ['demo', 'asha'], ['demo', 'priya'], ['asha', 'demo'], ['priya', 'demo'], ['kabir', 'demo'],
  ['meera', 'asha'], ['rohan', 'kabir'], ['asha', 'meera'],
];

/**
 * Comments on the whispers above (by their index), newest last, each with its replies: so the demo's
 * whispers show conversations (modules/comments), the demo account's among them.
 */
export const demoComments: Array<{ whisper: number; by: PersonKey; text: string; replies?: Array<{ by: PersonKey; text: string }> }> = [
  {
    whisper: 0, by: 'priya', text: 'Is the stream easy to follow after the rains?',
    replies: [{ by: 'asha', text: 'Mostly, but the rocks get slippery: wear sandals with grip.' }, { by: 'demo', text: 'Went last month, still dry enough in the mornings.' }],
  },
  { whisper: 0, by: 'kabir', text: 'Adding this to my Kerala list.' },
  { whisper: 3, by: 'meera', text: 'Paradise beach shack makes the best banana pancakes.', replies: [{ by: 'demo', text: 'Agreed, and the hammocks are free if you order one.' }] },
  { whisper: 5, by: 'asha', text: 'The light at noon is perfect for photos here.' },
];
