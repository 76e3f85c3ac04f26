import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../http-error.js';
import { isUuid } from '../sessions.js';
import { NOT_AN_IMAGE } from './images.js';

const INVALID_FORM = 'Invalid multipart/form-data body';

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
}

/**
 * A multipart/form-data body with text fields and files (a board's create or edit form): the text
 * fields as an object for the route's body schema, the files' bytes by field, in the order sent.
 * A repeated text field, a file in another field or more than `maxFiles` files answer 400. Nothing
 * is decoded here: routes check the bytes with saveImage.
 */
export async function readForm(request: FastifyRequest, options: FormOptions): Promise<{ fields: Record<string, string>; files: Record<string, Buffer[]> }> {
  const { maxFieldBytes, maxFields = 30, fileFields, maxFiles, maxFileBytes, tooLargeMessage } = options;
  const tooManyFiles = options.tooManyFiles ?? (() => badRequest(maxFiles === 1 ? 'Only one file can be sent' : `At most ${maxFiles} files in one form`));
  const fields: Record<string, string> = {};
  const files: Record<string, Buffer[]> = Object.fromEntries(fileFields.map((name) => [name, []]));
  let fileCount = 0;
  try {
    const parts = request.parts({ limits: { fieldSize: maxFieldBytes, fields: maxFields, files: maxFiles + 1, fileSize: maxFileBytes, parts: maxFields + maxFiles + 1 } });
    for await (const part of parts) {
      if (part.type === 'file') {
        const file = part as MultipartFile;
        if (!fileFields.includes(file.fieldname)) {
          file.file.resume();
          throw badRequest(`Unexpected field: ${file.fieldname}`);
        }
        if (++fileCount > maxFiles) {
          file.file.resume();
          throw tooManyFiles();
        }
        const bytes = await file.toBuffer();
        // An empty file input sends a part with no name and no bytes: nothing was chosen.
        if (bytes.length > 0) files[file.fieldname].push(bytes);
        continue;
      }
      const field = part as MultipartValue<unknown>;
      if (field.valueTruncated) throw badRequest(`${field.fieldname} is too long`);
      if (Object.hasOwn(fields, field.fieldname)) throw badRequest(`Duplicate field: ${field.fieldname}`);
      fields[field.fieldname] = String(field.value);
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, tooLargeMessage);
    throw formError(error);
  }
  return { fields, files };
}

/**
 * The preValidation of an owner's edit: someone else's record (or none) answers (`own` throws)
 * before the form and its files are read; a malformed id is left to the params schema (400).
 */
export const ownerThenForm = (own: (request: FastifyRequest, id: string) => Promise<unknown>, read: (request: FastifyRequest) => Promise<void>) =>
  async (request: FastifyRequest) => {
    const { id } = request.params as { id?: unknown };
    if (typeof id === 'string' && isUuid(id)) await own(request, id);
    await read(request);
  };
