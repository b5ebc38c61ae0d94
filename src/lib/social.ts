/** The social networks a page may link, and which of them a record actually gives. */
import type { SocialLinks } from './schemas/index.ts';

export type SocialNetwork = keyof SocialLinks;

/** Visitor-facing names, in the order the icons are shown. */
const SOCIAL_NAMES: Record<SocialNetwork, string> = {
  instagram: 'Instagram',
  facebook: 'Facebook',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  linkedin: 'LinkedIn',
  whatsapp: 'WhatsApp',
};

/** The networks shown by default: WhatsApp is a contact button of its own, not a profile to follow. */
const PROFILE_NETWORKS: SocialNetwork[] = ['instagram', 'facebook', 'youtube', 'tiktok', 'linkedin'];

/** The networks of `networks` that have a link, with their names: a network without one is not shown at all. */
export function linkedNetworks(
  links: Partial<Record<SocialNetwork, string | null>>,
  networks: readonly SocialNetwork[] = PROFILE_NETWORKS,
): { network: SocialNetwork; name: string; href: string }[] {
  return networks.flatMap((network) => {
    const href = links[network];
    return href ? [{ network, name: SOCIAL_NAMES[network], href }] : [];
  });
}
