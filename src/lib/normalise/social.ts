import { z } from 'astro/zod';
import { phoneForWhatsApp } from '../format.ts';
import type { SocialLinks } from '../schemas/index.ts';
import { lenient, safeUrl } from './fields.ts';

const NETWORK_BASE: Record<Exclude<keyof SocialLinks, 'whatsapp'>, string> = {
  instagram: 'https://www.instagram.com/',
  facebook: 'https://www.facebook.com/',
  youtube: 'https://www.youtube.com/@',
  tiktok: 'https://www.tiktok.com/@',
  linkedin: 'https://www.linkedin.com/in/',
};

/**
 * A social link from what providers type: a full URL is kept, a handle ('@pousada', 'pousada')
 * becomes the network's profile URL, anything else is dropped.
 */
export function socialUrl(network: keyof SocialLinks, value: unknown): string | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  const url = safeUrl(value);
  if (url?.startsWith('http')) return url;
  if (network === 'whatsapp') {
    const phone = phoneForWhatsApp(value);
    return phone ? `https://wa.me/${phone.replace('+', '')}` : null;
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
