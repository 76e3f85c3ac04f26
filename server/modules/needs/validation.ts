import { fail, type Checked } from '../../lib/checked.js';
import { controlChars, controlCharsExceptBreaks, normalizeEmail, parseCoordinate } from '../../lib/text.js';
import { NEED_TYPES, type NeedBody, type NeedType } from './schemas.js';

export const MAX_IMAGES = 4;
export const TOO_MANY_IMAGES = 'Maximum 4 images allowed.';

/** A need as stored, from a checked body. */
export type NeedInput = Record<TextRule['field'] | 'phone' | 'email', string> & { type: NeedType; latitude: number; longitude: number };

/** Spec §5: an optional plus, then 7 to 15 digits. */
const phoneShape = /^\+?\d{7,15}$/;

/**
 * The fields by their form names, wherever the body has them: spec §7's JSON nests the contact
 * details and the place, and a form's flat fields are nested the same way before the schema.
 */
const formFields = ({ contactDetails, location, ...rest }: NeedBody) => ({ ...rest, ...contactDetails, ...location, ...location?.coordinates });
type FormFields = ReturnType<typeof formFields>;

interface TextRule {
  field: 'category' | 'serviceName' | 'description' | 'address' | 'city' | 'state' | 'postalCode';
  label: string;
  max: number;
  /** Line breaks are fine in a description, nowhere else. */
  multiline?: boolean;
}

// In the order the form shows the fields, so the first problem named is the first one on screen.
const textRules: TextRule[] = [
  { field: 'category', label: 'Category', max: 60 },
  { field: 'serviceName', label: 'Service name', max: 120 },
  { field: 'description', label: 'Description', max: 2000, multiline: true },
];
const placeRules: TextRule[] = [
  { field: 'address', label: 'Address', max: 300 },
  { field: 'city', label: 'City', max: 100 },
  { field: 'state', label: 'State', max: 100 },
  { field: 'postalCode', label: 'Postal code', max: 20 },
];

export const isNeedType = (value: string): value is NeedType => (NEED_TYPES as readonly string[]).includes(value);

function checkText(body: FormFields, rule: TextRule): Checked<string> {
  // Browsers send a form's line breaks as CRLF; stored as \n, so lengths count what was typed.
  const value = body[rule.field]?.trim().replace(/\r\n?/g, '\n') ?? '';
  if (!value) return fail(`${rule.label} is required`, rule.field);
  // Characters, not UTF-16 units: an emoji counts as one.
  if ([...value].length > rule.max) return fail(`${rule.label} must be at most ${rule.max} characters`, rule.field);
  if ((rule.multiline ? controlCharsExceptBreaks : controlChars).test(value)) return fail(`${rule.label} contains invalid characters`, rule.field);
  return { ok: true, value };
}

/** A JSON number as it is; text as typed in a form. */
const checkCoordinate = (raw: number | string | undefined, limit: number) =>
  typeof raw === 'number' ? (Math.abs(raw) <= limit ? raw : undefined) : parseCoordinate(raw, limit);

/**
 * The trimmed need of a create or edit body (JSON or form), or the first failing rule's message and
 * the form field it is about (spec §5).
 */
export function checkNeed(nested: NeedBody): Checked<NeedInput> {
  const body = formFields(nested);
  const type = body.type?.trim() ?? '';
  if (!type) return fail('Type is required', 'type');
  if (!isNeedType(type)) return fail("Type must be 'need' or 'available'", 'type');
  const texts: Partial<NeedInput> = {};
  for (const rule of textRules) {
    const checked = checkText(body, rule);
    if (!checked.ok) return checked;
    texts[rule.field] = checked.value;
  }
  const phone = body.phone?.trim() ?? '';
  if (!phone) return fail('Phone number is required', 'phone');
  if (!phoneShape.test(phone)) return fail('Enter a valid phone number', 'phone');
  const rawEmail = body.email?.trim() ?? '';
  if (!rawEmail) return fail('Email is required', 'email');
  const email = normalizeEmail(rawEmail);
  if (!email) return fail('Enter a valid email', 'email');
  for (const rule of placeRules) {
    const checked = checkText(body, rule);
    if (!checked.ok) return checked;
    texts[rule.field] = checked.value;
  }
  const latitude = checkCoordinate(body.latitude, 90);
  if (latitude === undefined) return fail('Valid latitude is required', 'latitude');
  const longitude = checkCoordinate(body.longitude, 180);
  if (longitude === undefined) return fail('Valid longitude is required', 'longitude');
  // The text rules have each set their field by now.
  return { ok: true, value: { ...(texts as NeedInput), type, phone, email, latitude, longitude } };
}

/**
 * Which of the need's current images an edit keeps: all of them when the form says nothing, else the
 * paths of `keepImages` (a JSON array), each of which must be one of the current ones.
 */
export function checkKeptImages(raw: string | undefined, current: readonly string[]): Checked<string[]> {
  if (raw === undefined) return { ok: true, value: [...current] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  if (!Array.isArray(parsed) || !parsed.every((item) => typeof item === 'string')) {
    return fail('keepImages must be a JSON array of image paths', 'keepImages');
  }
  const kept = [...new Set(parsed as string[])];
  if (kept.some((path) => !current.includes(path))) return fail('keepImages lists an image this need does not have', 'keepImages');
  // In the order listed: the form may rearrange the images it keeps.
  return { ok: true, value: kept };
}
