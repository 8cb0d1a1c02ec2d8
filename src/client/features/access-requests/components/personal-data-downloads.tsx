import { useId } from 'react';
import { secondaryButtonClass } from '../../../components/ui/button.tsx';

const FORMATS = [
  { extension: 'pdf', name: 'PDF summary' },
  { extension: 'json', name: 'JSON file' },
] as const;

/**
 * An access request answered at once: everything held about a person as a JSON file (for a computer) and a
 * PDF summary (to read). `base` is the address without its extension, e.g. /api/me/data.
 */
export function PersonalDataDownloads({
  base,
  title,
  level = 'h3',
  children,
}: {
  base: string;
  title: string;
  level?: 'h2' | 'h3';
  children: string;
}) {
  const id = useId();
  const Heading = level;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <Heading id={id} className={level === 'h2' ? 'text-xl font-bold' : 'text-lg font-bold text-stone-900'}>
        {title}
      </Heading>
      <p className="text-stone-700">{children}</p>
      <div className="flex flex-wrap gap-2">
        {/* The server names the files (celebration-data-….json/.pdf) and says not to keep them in a cache. */}
        {FORMATS.map(({ extension, name }) => (
          <a
            key={extension}
            href={`${base}.${extension}`}
            download
            aria-label={`${title} as a ${name}`}
            className={secondaryButtonClass}
          >
            {name}
          </a>
        ))}
      </div>
    </section>
  );
}
