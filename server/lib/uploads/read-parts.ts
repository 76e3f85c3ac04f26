import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import type { FastifyRequest, FastifySchemaValidationError } from 'fastify';
import type { Checked } from '../checked.js';
import { badRequest, HttpError, invalid } from '../http-error.js';
import { isUuid } from '../sessions.js';
import { validationMessage } from '../validation-message.js';
import { countUpload, NOT_AN_IMAGE } from './images.js';

const INVALID_FORM = 'Invalid multipart/form-data body';
export const TEXT_BEFORE_FILES = 'Text fields must come before files';

/**
 * A refused form reads no further: the parser is cut off the request, and whatever still comes is
 * dropped as it comes (nothing of it is held), while the answer goes out at once. A file being read
 * was destroyed already, by leaving its loop. (Measured over HTTP: four such forms of nine 5 MB
 * files each were answered with about 4 MB of each read, and the server's memory stayed flat.)
 */
function dropRest(request: FastifyRequest): void {
  request.raw.unpipe();
  request.raw.resume();
}

/**
 * The client-side answer for a multipart failure: our own HttpErrors and @fastify/multipart's 4xx
 * errors as they are (plugins/errors.ts words them), busboy's plain errors on malformed input as 400.
 */
function formError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return error;
  return badRequest(INVALID_FORM);
}

/**
 * The text fields of a multipart/form-data request as an object (for a route's body schema), each at
 * most `maxFieldBytes`; a repeated field or a file answers 400.
 */
export async function readFormFields(request: FastifyRequest, maxFieldBytes: number, maxFields = 20): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: { fieldSize: maxFieldBytes, fields: maxFields, files: 1, parts: maxFields + 1 } })) {
      if (part.type === 'file') {
        part.file.resume();
        throw badRequest(`Unexpected field: ${part.fieldname}`);
      }
      const field = part as MultipartValue<unknown>;
      if (field.valueTruncated) throw badRequest(`${field.fieldname} is too long`);
      if (Object.hasOwn(fields, field.fieldname)) throw badRequest(`Duplicate field: ${field.fieldname}`);
      fields[field.fieldname] = String(field.value);
    }
  } catch (error) {
    dropRest(request);
    throw formError(error);
  }
  return fields;
}

export interface ImageFileOptions {
  /** The form field that carries the file. */
  field: string;
  maxBytes: number;
  /** The answer (413) for a file over maxBytes, in the spec's words. */
  tooLargeMessage: string;
}

/** The bytes of the one file of a multipart/form-data request; other text fields are ignored. */
export async function readImageFile(request: FastifyRequest, { field, maxBytes, tooLargeMessage }: ImageFileOptions): Promise<Buffer> {
  let bytes: Buffer | undefined;
  try {
    const parts = request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 1024, parts: 11 } });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      const file = part as MultipartFile;
      if (file.fieldname !== field) {
        file.file.resume();
        throw badRequest(`Unexpected field: ${file.fieldname}`);
      }
      bytes = await file.toBuffer();
    }
  } catch (error) {
    dropRest(request);
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, tooLargeMessage);
    // Not multipart at all: no image was sent.
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw badRequest(NOT_AN_IMAGE);
    throw formError(error);
  }
  if (!bytes || bytes.length === 0) throw badRequest(NOT_AN_IMAGE);
  return bytes;
}

export interface FormOptions {
  /** Each text field at most this many bytes. */
  maxFieldBytes: number;
  maxFields?: number;
  /** The file fields taken (each may repeat), and how many files in all. */
  fileFields: readonly string[];
  maxFiles: number;
  /** The error for more than `maxFiles` files; by default 400 'At most <maxFiles> files in one form'. */
  tooManyFiles?: () => HttpError;
  /** Each file at most `maxFileBytes`, else 413 with `tooLargeMessage`. */
  maxFileBytes: number;
  tooLargeMessage: string;
  /**
   * Checks the text fields before any file is read (see `checkBeforeFiles`): called once, when the
   * first file arrives (with it counted) or, without files, at the end, with how many files each
   * file field has. Throws the answer for a form that cannot pass.
   */
  checkFields?: (fields: Record<string, string>, fileCounts: Record<string, number>) => void;
}

/**
 * The bytes of one file of a form: counted against the caller's upload allowance when its first
 * bytes come (an empty file input sends none), so every file sent counts, whatever becomes of it.
 */
async function readFile(request: FastifyRequest, file: MultipartFile, tooLargeMessage: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of file.file as AsyncIterable<Buffer>) {
    if (chunks.length === 0) await countUpload(request.server.db, request.server.config.limits, callerId(request));
    if (file.file.truncated) throw new HttpError(413, tooLargeMessage);
    chunks.push(chunk);
  }
  if (file.file.truncated) throw new HttpError(413, tooLargeMessage);
  return Buffer.concat(chunks);
}

/** The signed-in caller (every form with files is a signed-in member's). */
function callerId(request: FastifyRequest): string {
  if (!request.user) throw new HttpError(401, 'Unauthorized');
  return request.user.id;
}

export interface BeforeFiles<B> {
  /** The body the route's schema takes, made from the form's text fields (the fields themselves by default). */
  toBody?: (fields: Record<string, string>) => unknown;
  /** The form's own rules on that body, given the files so far; a failure about a file field is left for later. */
  check: (body: B, fileCounts: Record<string, number>) => Checked<unknown>;
  fileFields: readonly string[];
}

/**
 * A `checkFields` for a route's form: its body schema, then its own rules, on the text fields
 * before any file is read, each answering as it would after the whole form (the same message, the
 * same field). The text fields come first (the SPA's forms put their files last; readForm refuses
 * a text field after a file), and every form's rules check the text fields before the files, so a
 * failure about a text field now is the form's first failure then. One about a file field (too
 * few so far) waits for the files.
 */
export function checkBeforeFiles<B>(request: FastifyRequest, { toBody, check, fileFields }: BeforeFiles<B>) {
  return (fields: Record<string, string>, fileCounts: Record<string, number>) => {
    const body = toBody ? toBody(fields) : fields;
    // The route's compiled body schema (TypeBox's compiler answers { value } or { error }).
    const validate = request.getValidationFunction('body') as unknown as ((value: unknown) => { error?: FastifySchemaValidationError[] }) | undefined;
    const error = validate?.(body).error;
    if (error) throw badRequest(validationMessage(error, 'body'));
    const checked = check(body as B, fileCounts);
    if (!checked.ok && !(checked.field && fileFields.includes(checked.field))) throw invalid(checked);
  };
}

/**
 * A multipart/form-data body with text fields and files (a board's create or edit form): the text
 * fields as an object for the route's body schema, the files' bytes by field, in the order sent.
 * A repeated text field, a file in another field or more than `maxFiles` files answer 400. With
 * `checkFields`, the text fields are checked before the first file is read, and a text field after
 * a file answers 400 'Text fields must come before files'. Each file counts against the caller's
 * upload allowance as it arrives (429 once spent). A refused form is read no further. Nothing is
 * decoded here: routes check the bytes with saveImage.
 */
export async function readForm(request: FastifyRequest, options: FormOptions): Promise<{ fields: Record<string, string>; files: Record<string, Buffer[]> }> {
  const { maxFieldBytes, maxFields = 30, fileFields, maxFiles, maxFileBytes, tooLargeMessage, checkFields } = options;
  const tooManyFiles = options.tooManyFiles ?? (() => badRequest(maxFiles === 1 ? 'Only one file can be sent' : `At most ${maxFiles} files in one form`));
  const fields: Record<string, string> = {};
  const files: Record<string, Buffer[]> = Object.fromEntries(fileFields.map((name) => [name, []]));
  const fileCounts = () => Object.fromEntries(fileFields.map((name) => [name, files[name].length]));
  let fileCount = 0;
  try {
    const parts = request.parts({ limits: { fieldSize: maxFieldBytes, fields: maxFields, files: maxFiles + 1, fileSize: maxFileBytes, parts: maxFields + maxFiles + 1 } });
    for await (const part of parts) {
      if (part.type === 'file') {
        const file = part as MultipartFile;
        if (!fileFields.includes(file.fieldname)) throw badRequest(`Unexpected field: ${file.fieldname}`);
        if (++fileCount > maxFiles) throw tooManyFiles();
        // Counted with the file now arriving, so a rule that needs one has it.
        if (fileCount === 1) checkFields?.(fields, { ...fileCounts(), [file.fieldname]: 1 });
        const bytes = await readFile(request, file, tooLargeMessage);
        // An empty file input sends a part with no name and no bytes: nothing was chosen.
        if (bytes.length > 0) files[file.fieldname].push(bytes);
        continue;
      }
      const field = part as MultipartValue<unknown>;
      if (checkFields && fileCount > 0) throw badRequest(TEXT_BEFORE_FILES);
      if (field.valueTruncated) throw badRequest(`${field.fieldname} is too long`);
      if (Object.hasOwn(fields, field.fieldname)) throw badRequest(`Duplicate field: ${field.fieldname}`);
      fields[field.fieldname] = String(field.value);
    }
    if (fileCount === 0) checkFields?.(fields, fileCounts());
  } catch (error) {
    dropRest(request);
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, tooLargeMessage);
    throw formError(error);
  }
  return { fields, files };
}

/**
 * The preValidation of an owner's edit: someone else's record (or none) answers (`own` throws)
 * before the form and its files are read; a malformed id is left to the params schema (400). The
 * reader gets the record, for rules that depend on it.
 */
export const ownerThenForm = <T>(own: (request: FastifyRequest, id: string) => Promise<T>, read: (request: FastifyRequest, owned?: T) => Promise<void>) =>
  async (request: FastifyRequest) => {
    const { id } = request.params as { id?: unknown };
    const owned = typeof id === 'string' && isUuid(id) ? await own(request, id) : undefined;
    await read(request, owned);
  };
