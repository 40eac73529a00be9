import { useState } from 'react';
import { useVenue } from './site-content.tsx';

const SPAN = 0.006;

/**
 * Our own illustrated map first; the OpenStreetMap embed loads only when the guest asks for it,
 * so no request leaves the site on page load.
 */
export function ContactMap() {
  const venue = useVenue();
  const { latitude, longitude, zoom } = venue.map;
  const embedUrl =
    'https://www.openstreetmap.org/export/embed.html?layer=mapnik' +
    `&bbox=${longitude - SPAN * 1.6},${latitude - SPAN},${longitude + SPAN * 1.6},${latitude + SPAN}` +
    `&marker=${latitude},${longitude}`;
  const fullMapUrl = `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=${zoom}/${latitude}/${longitude}`;
  const [interactive, setInteractive] = useState(false);
  return (
    <div>
      <div className="overflow-hidden rounded-2xl shadow-xl ring-1 ring-brass-500/40">
        {interactive ? (
          <iframe
            title={`Map showing ${venue.name}`}
            src={embedUrl}
            className="aspect-[3/2] w-full border-0"
            loading="lazy"
            referrerPolicy="no-referrer"
          />
        ) : (
          <img
            src="/images/map.svg"
            alt={`Illustrated map of ${venue.address.locality} with ${venue.name} marked on Church Lane`}
            width={1200}
            height={800}
            loading="lazy"
            decoding="async"
            className="aspect-[3/2] w-full object-cover"
          />
        )}
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        {interactive ? null : (
          <button type="button" className="btn-outline" onClick={() => setInteractive(true)}>
            Show interactive map
          </button>
        )}
        <a
          href={fullMapUrl}
          className="btn text-green-800 underline"
          rel="noopener noreferrer"
          target="_blank"
        >
          Open in OpenStreetMap
        </a>
      </div>
      {interactive ? null : (
        <p className="mt-2 text-sm text-ink-soft">The interactive map is provided by OpenStreetMap.</p>
      )}
    </div>
  );
}
