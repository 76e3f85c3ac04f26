// Demo travellers. All demo accounts share the demo password; `demo` is the one printed at start.
export const DEMO_USERNAME = 'demo';
export const DEMO_PASSWORD = 'demo1234';

export const people = [
  { key: 'demo', firstName: 'Demo', lastName: 'Traveller', username: DEMO_USERNAME, email: 'demo@needspot.app', contactNumber: '+911234567890', bio: 'Slow traveller, chai enthusiast, always up for a trek.', location: 'Bengaluru, Karnataka', gender: 'other', tokens: 120 },
  { key: 'asha', firstName: 'Asha', lastName: 'Rao', username: 'asha', email: 'asha@needspot.app', contactNumber: '+919876543210', bio: 'Photographer chasing monsoon light across the Western Ghats.', location: 'Kochi, Kerala', gender: 'female', tokens: 80 },
  { key: 'rohan', firstName: 'Rohan', lastName: 'Mehta', username: 'rohan', email: 'rohan@needspot.app', contactNumber: '+919812345678', bio: 'Plumber by trade, biker by heart. Fixing taps from Jaipur to Leh.', location: 'Jaipur, Rajasthan', gender: 'male', tokens: 45 },
  { key: 'meera', firstName: 'Meera', lastName: 'Iyer', username: 'meera', email: 'meera@needspot.app', contactNumber: '+919845012345', bio: 'Carpenter and hostel volunteer. Will build you a bookshelf for a bed.', location: 'Goa', gender: 'female', tokens: 60 },
  { key: 'kabir', firstName: 'Kabir', lastName: 'Singh', username: 'kabir', email: 'kabir@needspot.app', contactNumber: '+919899988877', bio: 'Electrician and Himalayan trekker.', location: 'Manali, Himachal Pradesh', gender: 'male', tokens: 30 },
  { key: 'priya', firstName: 'Priya', lastName: 'Nair', username: 'priya', email: 'priya@needspot.app', contactNumber: '+919900112233', bio: 'Remote developer and language nerd; teaching Hindi for hikes.', location: 'Rishikesh, Uttarakhand', gender: 'female', tokens: 95 },
] as const;

export type PersonKey = (typeof people)[number]['key'];
