interface PageMetaProps {
  title: string;
  description?: string;
}

/** React 19 hoists <title> and <meta> into <head> from wherever they render. */
export function PageMeta({ title, description }: PageMetaProps) {
  return (
    <>
      <title>{title}</title>
      {description && <meta name="description" content={description} />}
    </>
  );
}
