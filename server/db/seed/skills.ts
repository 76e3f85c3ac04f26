import type { PersonKey } from './people.js';

// Spec §9 categories: Photography, Plumbing, Electrician, Carpenter, Other (with a custom category).
export const demoSkills: Array<{
  owner: PersonKey; title: string; description: string; category: string; customCategory: string;
  contact: string; email: string; address: string; latitude: number; longitude: number;
}> = [
  { owner: 'asha', title: 'Travel portrait photography', description: 'Portraits and candid shots on your trip, edited within two days. Happy to barter for a place to stay or a guided hike.', category: 'Photography', customCategory: '', contact: '+919876543210', email: 'asha@needspot.app', address: 'Fort Kochi, Kerala', latitude: 9.9658, longitude: 76.2421 },
  { owner: 'rohan', title: 'Quick plumbing fixes', description: 'Leaky taps, blocked drains and geyser fittings for hostels and homestays. Barter welcome: a meal and a bed.', category: 'Plumbing', customCategory: '', contact: '+919812345678', email: 'rohan@needspot.app', address: 'Bani Park, Jaipur, Rajasthan', latitude: 26.9335, longitude: 75.7916 },
  { owner: 'kabir', title: 'Electrical wiring and solar setups', description: 'Safe wiring, inverter and small solar installations for mountain homestays.', category: 'Electrician', customCategory: '', contact: '+919899988877', email: 'kabir@needspot.app', address: 'Vashisht, Manali, Himachal Pradesh', latitude: 32.2658, longitude: 77.1887 },
  { owner: 'meera', title: 'Furniture from reclaimed wood', description: 'Shelves, benches and bunk beds built from reclaimed wood for hostels and cafes.', category: 'Carpenter', customCategory: '', contact: '+919845012345', email: 'meera@needspot.app', address: 'Anjuna, Goa', latitude: 15.5733, longitude: 73.7407 },
  { owner: 'priya', title: 'Hindi lessons for travellers', description: 'Conversational Hindi in five sessions: markets, transport, food and making friends.', category: 'Other', customCategory: 'Language tutoring', contact: '+919900112233', email: 'priya@needspot.app', address: 'Tapovan, Rishikesh, Uttarakhand', latitude: 30.1286, longitude: 78.3197 },
  { owner: 'demo', title: 'Drone videography', description: 'Aerial clips of treks and road trips where flying is allowed, with a short edited reel.', category: 'Photography', customCategory: '', contact: '+911234567890', email: 'demo@needspot.app', address: 'Indiranagar, Bengaluru, Karnataka', latitude: 12.9784, longitude: 77.6408 },
];
