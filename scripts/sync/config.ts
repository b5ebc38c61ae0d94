import { type Env, readSiteConfig, readUpstreamSettings, type SiteConfig } from '../../src/lib/config.ts';
import { originsOf } from './address-guard.ts';

export interface CityApiConfig {
  url: string;
  token: string | null;
}
interface BlogConfig {
  url: string;
}
export interface PodcastConfig {
  clientId: string;
  clientSecret: string;
  showId: string;
  accountsUrl: string;
  apiUrl: string;
}

/** Everything the sync needs; a source left null is read from the embedded sample data. */
export interface SyncConfig {
  site: SiteConfig;
  cityApi: CityApiConfig | null;
  blog: BlogConfig | null;
  podcast: PodcastConfig | null;
  /** Values that must never be printed or written (tokens, client secret). */
  secrets: string[];
  /**
   * Origins of the configured upstreams (PROVIDER_API_URL, BLOG_API_URL, BLOG_URL, SPOTIFY_ACCOUNTS_URL,
   * SPOTIFY_API_URL): images there are fetched whatever address they resolve to (scripts/sync/address-guard.ts).
   */
  upstreamOrigins: string[];
}

/** The sync's configuration, every setting read by src/lib/config.ts (a setting it cannot read throws its SettingError). */
export function readSyncConfig(env: Env): SyncConfig {
  const site = readSiteConfig(env);
  const upstreams = readUpstreamSettings(env);
  const { cityApiUrl, blogApiUrl, spotifyClientId: clientId, spotifyClientSecret: clientSecret } = upstreams;
  const { cityApiToken: token } = upstreams;
  const showId = site.podcastShowId;
  return {
    site,
    cityApi: cityApiUrl ? { url: cityApiUrl, token } : null,
    blog: blogApiUrl ? { url: blogApiUrl } : null,
    podcast:
      clientId && clientSecret && showId
        ? {
            clientId,
            clientSecret,
            showId,
            accountsUrl: upstreams.spotifyAccountsUrl ?? 'https://accounts.spotify.com',
            apiUrl: upstreams.spotifyApiUrl ?? 'https://api.spotify.com/v1',
          }
        : null,
    secrets: [
      token,
      clientSecret,
      clientSecret && clientId ? Buffer.from(`${clientId}:${clientSecret}`).toString('base64') : null,
    ].filter((secret): secret is string => Boolean(secret && secret.length >= 4)),
    upstreamOrigins: originsOf([cityApiUrl, blogApiUrl, site.blogUrl, upstreams.spotifyAccountsUrl, upstreams.spotifyApiUrl]),
  };
}
