import type { PersonKey } from './people.js';

/** Start `inDays` from now, so the demo always shows upcoming events. */
export const demoEvents: Array<{
  owner: PersonKey; title: string; description: string; inDays: number; lengthDays: number; timeFrom: string; timeTo: string;
  address: string; latitude: number; longitude: number; capacity?: number;
}> = [
  { owner: 'priya', title: 'Sunrise Yoga by the Ganges', description: 'A gentle hour of yoga at the ghat followed by chai. Mats provided, all levels welcome.', inDays: 5, lengthDays: 0, timeFrom: '06:00', timeTo: '07:30', address: 'Triveni Ghat, Rishikesh, Uttarakhand', latitude: 30.1036, longitude: 78.2986, capacity: 4 },
  { owner: 'meera', title: 'Calangute Beach Clean-up', description: 'Gloves and bags on us; lunch at a shack afterwards for everyone who helps.', inDays: 12, lengthDays: 0, timeFrom: '08:00', timeTo: '11:00', address: 'Calangute Beach, Goa', latitude: 15.5439, longitude: 73.7553 },
  { owner: 'priya', title: 'Old Delhi Heritage Walk', description: 'Havelis, spice markets and the story of Shahjahanabad, with a stop for kulfi.', inDays: 20, lengthDays: 0, timeFrom: '16:00', timeTo: '19:00', address: 'Jama Masjid, Chandni Chowk, Delhi', latitude: 28.6507, longitude: 77.2334 },
  { owner: 'demo', title: 'Bengaluru Digital Nomad Meetup', description: 'Lightning talks, laptop-friendly tables and a chance to find your next travel buddy.', inDays: 30, lengthDays: 0, timeFrom: '18:30', timeTo: '21:00', address: '100 Feet Road, Indiranagar, Bengaluru, Karnataka', latitude: 12.9719, longitude: 77.6412, capacity: 30 },
  { owner: 'asha', title: 'Pink City Photo Walk', description: 'Golden-hour photography around Hawa Mahal and the bazaars. Phones welcome.', inDays: 45, lengthDays: 0, timeFrom: '17:00', timeTo: '19:30', address: 'Hawa Mahal, Badi Choupad, Jaipur, Rajasthan', latitude: 26.9239, longitude: 75.8267 },
  { owner: 'asha', title: 'Alleppey Backwater Kayaking', description: 'Two mornings paddling the narrow canals, village breakfast included.', inDays: 60, lengthDays: 1, timeFrom: '07:00', timeTo: '10:00', address: 'Finishing Point, Alappuzha, Kerala', latitude: 9.4981, longitude: 76.3388, capacity: 2 },
];

/** The demo events' days and times are Indian ones. */
export const DEMO_EVENT_ZONE = 'Asia/Kolkata';

/**
 * Who answered which event (by its index above), in the order they asked: past a capacity, "going"
 * waits. The demo traveller goes to the yoga class, is interested in the clean-up, and is first on
 * the kayaking trip's waitlist.
 */
export const demoAttendance: Array<{ event: number; by: PersonKey; status: 'going' | 'interested' }> = [
  { event: 0, by: 'meera', status: 'going' }, { event: 0, by: 'asha', status: 'going' }, { event: 0, by: 'demo', status: 'going' },
  { event: 0, by: 'kabir', status: 'interested' },
  { event: 1, by: 'asha', status: 'going' }, { event: 1, by: 'rohan', status: 'going' }, { event: 1, by: 'demo', status: 'interested' },
  { event: 3, by: 'asha', status: 'going' }, { event: 3, by: 'priya', status: 'going' }, { event: 3, by: 'rohan', status: 'going' },
  { event: 5, by: 'priya', status: 'going' }, { event: 5, by: 'meera', status: 'going' }, { event: 5, by: 'demo', status: 'going' },
  { event: 5, by: 'kabir', status: 'going' },
];

/** Organisers' updates to the people going. */
export const demoEventUpdates: Array<{ event: number; text: string; hoursAgo: number }> = [
  { event: 0, text: 'Bring a shawl: mornings by the river are cool. Chai after class is on me.', hoursAgo: 3 },
  { event: 5, text: 'Life jackets are provided; wear clothes that can get wet.', hoursAgo: 20 },
];
