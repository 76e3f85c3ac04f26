type Part = string | Blob;

const isList = (value: Part | readonly Part[]): value is readonly Part[] => Array.isArray(value);

/**
 * Multipart built from values, never from a form element (jsdom's FormData cannot read one under
 * jest), in the order given: a list goes as one part per item, an undefined value not at all.
 * Give the files last: the server checks a form's text fields before it reads any file, and takes
 * only the text fields before the first file.
 */
export function toFormData(fields: Record<string, Part | readonly Part[] | undefined>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    for (const part of isList(value) ? value : [value]) form.append(name, part);
  }
  return form;
}
