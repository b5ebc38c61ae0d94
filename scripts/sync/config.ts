import { type Env, readSiteConfig, readVar, type SiteConfig } from '../../src/lib/config.ts';
import { originsOf } from './address-guard.ts';

export interface ProviderConfig {
  url: string;
  token: string | null;
}
export interface BlogConfig {
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
  provider: ProviderConfig | null;
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

export function readSyncConfig(env: Env): SyncConfig {
  const providerUrl = readVar(env, 'PROVIDER_API_URL');
  const blogUrl = readVar(env, 'BLOG_API_URL');
  const clientId = readVar(env, 'SPOTIFY_CLIENT_ID');
  const clientSecret = readVar(env, 'SPOTIFY_CLIENT_SECRET');
  const showId = readVar(env, 'SPOTIFY_SHOW_ID');
  const token = readVar(env, 'PROVIDER_API_TOKEN');
  const site = readSiteConfig(env);
  return {
    site,
    provider: providerUrl ? { url: providerUrl, token } : null,
    blog: blogUrl ? { url: blogUrl } : null,
    podcast:
      clientId && clientSecret && showId
        ? {
            clientId,
            clientSecret,
            showId,
            accountsUrl: readVar(env, 'SPOTIFY_ACCOUNTS_URL') ?? 'https://accounts.spotify.com',
            apiUrl: readVar(env, 'SPOTIFY_API_URL') ?? 'https://api.spotify.com/v1',
          }
        : null,
    secrets: [
      token,
      clientSecret,
      clientSecret && clientId ? Buffer.from(`${clientId}:${clientSecret}`).toString('base64') : null,
    ].filter((secret): secret is string => Boolean(secret && secret.length >= 4)),
    upstreamOrigins: originsOf([
      providerUrl,
      blogUrl,
      site.blogUrl,
      readVar(env, 'SPOTIFY_ACCOUNTS_URL'),
      readVar(env, 'SPOTIFY_API_URL'),
    ]),
  };
}
