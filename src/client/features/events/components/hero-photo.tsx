import { useState } from 'react';
import type { PublicEvent } from '../../../../shared/events/event.ts';

const WIDTHS = [640, 1280, 1920];
/** The built-in photo and an uploaded one come in the same sizes: base-640.webp, base-1280.avif … */
const BUILT_IN = '/images/hero';
const srcSet = (base: string, format: string) => WIDTHS.map((w) => `${base}-${w}.${format} ${w}w`).join(', ');

/**
 * The event's photo behind the landing page's text (in a positioned section, under its gradient). The text
 * never waits for it: the section's colour, then the photo's 16 px placeholder carried in the page
 * (stretched, so blurred), show at once; the photo is fetched at low priority, after the stylesheet and
 * scripts a slow link needs first, and fades in once it is there. Absolutely placed: nothing moves when
 * it arrives.
 */
export function HeroPhoto({ event }: { event: PublicEvent }) {
  const [loaded, setLoaded] = useState(false);
  const base = event.backgroundImage ?? BUILT_IN;
  return (
    <>
      {event.backgroundPlaceholder && (
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-cover bg-center"
          style={{ backgroundImage: `url(${event.backgroundPlaceholder})` }}
        />
      )}
      <picture>
        <source type="image/avif" srcSet={srcSet(base, 'avif')} sizes="100vw" />
        <img
          src={`${base}-1280.webp`}
          srcSet={srcSet(base, 'webp')}
          sizes="100vw"
          alt={event.backgroundAlt}
          fetchPriority="low"
          decoding="async"
          // A photo already there when the page was hydrated fired its load event before React listened.
          ref={(img) => {
            if (img?.complete && img.naturalWidth > 0) setLoaded(true);
          }}
          onLoad={() => setLoaded(true)}
          className={`hero-photo absolute inset-0 -z-10 size-full object-cover motion-safe:transition-opacity motion-safe:duration-700 ${loaded ? 'opacity-100' : 'opacity-0'}`}
        />
      </picture>
      {/* Without JavaScript nothing would fade the photo in: show it as it arrives. */}
      <noscript>
        <style>{'.hero-photo{opacity:1}'}</style>
      </noscript>
    </>
  );
}
