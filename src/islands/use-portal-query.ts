/**
 * The portal's state (`$portalQuery`) as its islands read it (PortalSearch.tsx, PortalResults.tsx):
 * unfiltered while an island hydrates, then as the address says (address-state.ts).
 */
import { DEFAULT_QUERY, type PortalQuery } from '../lib/portal/portal.ts';
import { $portalQuery, initPortal, type PortalConfig } from '../stores/portal.ts';
import { isBrowser, useAddressState } from './address-state.ts';

const served = () => DEFAULT_QUERY;

/** The portal's state; `config` is the page's, the same for each of its islands. */
export function usePortalQuery(config: PortalConfig): PortalQuery {
  if (isBrowser) initPortal(config);
  return useAddressState($portalQuery, served);
}
