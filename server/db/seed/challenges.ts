import type { PersonKey } from './people.js';

/** `progress`: the steps (indexes) a participant has ticked off; all of them means the badge is earned. */
export const demoChallenges: Array<{
  title: string; description: string; participationSteps: string[]; badge: string; rewardTokens: number;
  participants: PersonKey[]; progress?: Partial<Record<PersonKey, number[]>>;
}> = [
  { title: 'Zero-Waste Week', description: 'Travel for seven days without buying single-use plastic.', participationSteps: ['Carry a bottle, a cloth bag and a cutlery set.', 'Refuse plastic straws and bags for seven days.', 'Share a whisper about the hardest moment.'], badge: 'Plastic-Free Pioneer', rewardTokens: 30, participants: ['demo', 'asha', 'meera'], progress: { demo: [0, 1, 2], asha: [0] } },
  { title: 'Learn 10 Local Phrases', description: 'Pick up ten phrases in the language of the place you are in and use them with locals.', participationSteps: ['Choose the local language of your next stop.', 'Learn greetings, thanks, numbers and directions.', 'Have one full conversation without English.'], badge: 'Local Tongue', rewardTokens: 20, participants: ['priya'] },
  { title: 'Sunrise Summit', description: 'Catch a sunrise from a peak, a fort or a rooftop you reached on foot.', participationSteps: ['Pick a viewpoint you can walk up to.', 'Start in the dark with a torch and a friend.', 'Post your sunrise photo as a whisper.'], badge: 'Early Riser', rewardTokens: 25, participants: ['kabir', 'demo'], progress: { demo: [0] } },
  { title: 'Street Food Explorer', description: 'Try five street foods you have never eaten before, in one city.', participationSteps: ['Ask a local for their favourite stall.', 'Try five new dishes and note their names.', 'Recommend the best one to other travellers.'], badge: 'Street Food Scout', rewardTokens: 15, participants: [] },
  { title: 'Slow Train Journey', description: 'Swap one flight for an overnight train and meet the people in your coach.', participationSteps: ['Book a sleeper berth on a route you would usually fly.', 'Share a meal with someone in your coach.', 'Write down one story you heard on the way.', 'Post it as a whisper with a photo from the window.'], badge: 'Rail Wanderer', rewardTokens: 40, participants: [] },
];

export const demoNotifications: Array<{ owner: PersonKey; title: string; body: string; read: boolean; hoursAgo: number }> = [
  { owner: 'demo', title: 'Asha Rao started following you', body: 'Say hello and check out her whispers from Kerala.', read: false, hoursAgo: 2 },
  { owner: 'demo', title: 'Event coming up: Sunrise Yoga by the Ganges', body: 'It starts in 5 days at Triveni Ghat, Rishikesh.', read: false, hoursAgo: 5 },
  { owner: 'demo', title: 'You joined Zero-Waste Week', body: 'Seven days without single-use plastic. You can do it!', read: true, hoursAgo: 30 },
  { owner: 'demo', title: 'You earned 20 tokens', body: 'Thanks for helping a fellow traveller on the Needs board.', read: true, hoursAgo: 50 },
];

/** A few conversations of the demo account, so its inbox shows how messages look (oldest first). */
export const demoMessages: Array<{ from: PersonKey; to: PersonKey; content: string; hoursAgo: number; read: boolean }> = [
  { from: 'asha', to: 'demo', content: 'Hi! I saw your whisper about the Varkala cliffs. Is the north end quieter?', hoursAgo: 28, read: true },
  { from: 'demo', to: 'asha', content: 'Much quieter, especially before 9. The cafe with the blue door does great appam.', hoursAgo: 27, read: true },
  { from: 'asha', to: 'demo', content: 'Perfect, heading there on Friday. Want to join for sunrise photos?', hoursAgo: 3, read: false },
  { from: 'rohan', to: 'demo', content: 'Your tap in the hostel kitchen is fixed. Ping me if it drips again!', hoursAgo: 6, read: false },
  { from: 'demo', to: 'kabir', content: 'Is the Hampta Pass trail open yet?', hoursAgo: 50, read: true },
  { from: 'kabir', to: 'demo', content: 'Opens mid-June. I will share my gear list before you go.', hoursAgo: 48, read: true },
];
