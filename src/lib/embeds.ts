/**
 * Addresses of the third-party frames the portal embeds only when the visitor asks (maps and the
 * Spotify player): no request leaves for those services on page load.
 */

/** The maps service's embeddable map searching the query (coordinates or address text). */
export function mapEmbedUrl(query: string): string {
  return `https://www.google.com/maps?q=${encodeURIComponent(query)}&output=embed`;
}

const SPOTIFY_ID = /^[A-Za-z0-9]{1,64}$/;

/** Spotify's embedded player for the episode, else the show; null when neither id is valid. */
export function spotifyEmbedUrl(episodeId: string | null | undefined, showId: string | null | undefined): string | null {
  if (episodeId && SPOTIFY_ID.test(episodeId)) return `https://open.spotify.com/embed/episode/${episodeId}`;
  if (showId && SPOTIFY_ID.test(showId)) return `https://open.spotify.com/embed/show/${showId}`;
  return null;
}

/** The maps service's search page for a place (the 'Como chegar' link; works without JavaScript). */
export function mapsSearchUrl(query: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}
