import { z } from 'astro/zod';
import { whatsappLink } from '../../../src/lib/contact/whatsapp.ts';
import type { SocialLinks } from '../../../src/lib/schemas/index.ts';
import { lenient } from './fields.ts';
import { plausiblePhone, webUrl } from './values.ts';

const NETWORK_BASE: Record<Exclude<keyof SocialLinks, 'whatsapp'>, string> = {
  instagram: 'https://www.instagram.com/',
  facebook: 'https://www.facebook.com/',
  youtube: 'https://www.youtube.com/@',
  tiktok: 'https://www.tiktok.com/@',
  linkedin: 'https://www.linkedin.com/in/',
};

/**
 * A social link from what providers type: a full URL is kept, a handle ('@pousada', 'pousada')
 * becomes the network's profile URL, a WhatsApp number a wa.me link when it is a Brazilian mobile
 * (whatsappLink: WhatsApp links go to mobiles only), anything else is dropped.
 */
export function socialUrl(network: keyof SocialLinks, value: unknown): string | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  // An address, not a handle: a scheme, '//' or 'www.' ('pousada.rio' is an Instagram handle).
  if (/^(?:[a-z][a-z0-9+.-]*:|\/\/|www\.)/i.test(value.trim())) return webUrl(value);
  if (network === 'whatsapp') {
    return whatsappLink(plausiblePhone(value));
  }
  const handle = value.trim().replace(/^@/, '');
  return /^[\w.-]{1,60}$/.test(handle) ? `${NETWORK_BASE[network]}${handle}` : null;
}

const RawSocial = lenient(z.record(z.string(), z.unknown()));

/** Social links merged from several upstream objects (first non-empty wins per network). */
export function socialLinks(...sources: unknown[]): SocialLinks {
  const objects = sources.map((source) => RawSocial.parse(source) ?? {});
  const pick = (network: keyof SocialLinks) => {
    for (const object of objects) {
      const link = socialUrl(network, object[network]);
      if (link) return link;
    }
    return null;
  };
  return {
    instagram: pick('instagram'),
    facebook: pick('facebook'),
    youtube: pick('youtube'),
    tiktok: pick('tiktok'),
    linkedin: pick('linkedin'),
    whatsapp: pick('whatsapp'),
  };
}
